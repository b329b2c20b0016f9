import { afterEach, describe, expect, it } from 'vitest';
import { forgetPin, PIN_MEMORY_MS, pinRememberedUntil, rememberedPin, rememberPin } from './trading-pin';

afterEach(() => forgetPin());

describe('remembered trading PIN', () => {
  it('is remembered for 15 minutes, then forgotten', () => {
    rememberPin('123456', 1_000);
    expect(rememberedPin(1_000 + PIN_MEMORY_MS - 1)).toBe('123456');
    expect(pinRememberedUntil(2_000)).toBe(1_000 + PIN_MEMORY_MS);
    expect(rememberedPin(1_000 + PIN_MEMORY_MS)).toBeNull();
    // Once expired it stays forgotten, whatever clock a later caller passes.
    expect(rememberedPin(1_000)).toBeNull();
  });

  it('lives in memory only: nothing reaches local or session storage', () => {
    rememberPin('654321');
    expect(JSON.stringify({ ...localStorage })).not.toContain('654321');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('654321');
    expect(document.cookie).not.toContain('654321');
    forgetPin();
    expect(rememberedPin()).toBeNull();
  });
});
