import { describe, expect, it } from 'vitest';
import { rootFontSizePx } from './root-font';

describe('root font size', () => {
  it('scales with the width', () => {
    expect(rootFontSizePx(375)).toBe(16);
    expect(rootFontSizePx(390)).toBe(16.64);
    expect(rootFontSizePx(320)).toBe(13.65);
  });
  it('is capped at 750 px', () => {
    expect(rootFontSizePx(750)).toBe(32);
    expect(rootFontSizePx(1920)).toBe(32);
  });
});
