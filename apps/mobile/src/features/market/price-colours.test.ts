import { describe, expect, it } from 'vitest';
import { colourOf, defaultScheme, GREEN, RED, toneClass } from './price-colours';

describe('price colours', () => {
  it('defaults to red-up for Chinese and Korean, green-up otherwise', () => {
    expect(defaultScheme('zh')).toBe('red-up');
    expect(defaultScheme('ko')).toBe('red-up');
    for (const language of ['en', 'de', 'nl', 'fr'] as const)
      expect(defaultScheme(language)).toBe('green-up');
  });

  it('swaps the colours of up and down between schemes', () => {
    expect(colourOf('up', 'green-up')).toBe(GREEN);
    expect(colourOf('down', 'green-up')).toBe(RED);
    expect(colourOf('up', 'red-up')).toBe(RED);
    expect(colourOf('down', 'red-up')).toBe(GREEN);
    expect(toneClass('up', 'red-up')).toBe('tone-red');
    expect(toneClass('flat', 'red-up')).toBe('tone-flat');
  });
});
