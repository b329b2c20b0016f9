import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** The mobile app's folder, found from the working directory (the repository root or the app). */
function findAppRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'apps/mobile/package.json'))) return join(folder, 'apps/mobile');
    if (existsSync(join(folder, 'src/features/market/price-colours.ts'))) return folder;
    if (dirname(folder) === folder) throw new Error('no mobile app above ' + start);
  }
}

// WCAG 2 relative luminance and contrast ratio, from the sRGB hex.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('price colour contrast (WCAG AA, 4.5:1 for small text)', () => {
  // White: the list rows, cards and the pills' white text; #f5f6f8: the page (--beurs-bg).
  const backgrounds = ['#ffffff', '#f5f6f8'];

  it('keeps the up and down colours at 4.5:1 or more on every background they sit on', () => {
    for (const colour of [GREEN, RED])
      for (const background of backgrounds)
        expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the same colours in the market style sheet as in the code', () => {
    const css = readFileSync(
      join(findAppRoot(process.cwd()), 'src/screens/market/market.module.css'),
      'utf8',
    );
    expect(css).not.toMatch(/#0a8f4e/i);
    expect(css.match(/\.tone-green \{\s*color: (#[0-9a-f]{6})/i)?.[1]).toBe(GREEN);
    expect(css.match(/\.pill-tone-green \{\s*background: (#[0-9a-f]{6})/i)?.[1]).toBe(GREEN);
    expect(css.match(/\.tone-red \{\s*color: (#[0-9a-f]{6})/i)?.[1]).toBe(RED);
  });
});
