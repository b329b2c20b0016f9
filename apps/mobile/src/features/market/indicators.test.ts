import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from './indicators';

// Known values, worked out by hand from the definitions (and rounded to the digits shown).

const round = (values: (number | null)[], digits = 4) =>
  values.map((value) => (value === null ? null : Number(value.toFixed(digits))));

describe('indicators', () => {
  it('simple moving average', () => {
    expect(sma([1, 2, 3, 4, 5, 6], 3)).toEqual([null, null, 2, 3, 4, 5]);
  });

  it('exponential moving average seeded with the simple average', () => {
    // k = 2/(3+1) = 0.5; seed (1+2+3)/3 = 2; then 4·0.5+2·0.5 = 3; 8·0.5+3·0.5 = 5.5
    expect(ema([1, 2, 3, 4, 8], 3)).toEqual([null, null, 2, 3, 5.5]);
    expect(ema([null, null, 2, 4, 6], 2)).toEqual([null, null, null, 3, 5]);
  });

  it('Bollinger bands: mean ± 2 population standard deviations', () => {
    // Window 2,4,4,4,5,5,7,9: mean 5, population standard deviation 2.
    const bands = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(bands.middle.at(-1)).toBe(5);
    expect(bands.upper.at(-1)).toBe(9);
    expect(bands.lower.at(-1)).toBe(1);
    expect(bands.upper.slice(0, 7)).toEqual(Array(7).fill(null));
    // A flat series has no width.
    const flat = bollinger(Array(20).fill(10));
    expect([flat.lower.at(-1), flat.middle.at(-1), flat.upper.at(-1)]).toEqual([10, 10, 10]);
  });

  it("RSI with Wilder's smoothing", () => {
    // Changes +1, +1, −1, +1 over length 2: first average gain (1+1)/2 = 1, loss 0 → 100;
    // then gain (1·1+0)/2 = 0.5, loss (0+1)/2 = 0.5 → 50; then gain (0.5+1)/2 = 0.75,
    // loss 0.25 → 100 − 100/(1+3) = 75.
    expect(rsi([10, 11, 12, 11, 12], 2)).toEqual([null, null, 100, 50, 75]);
    expect(rsi(Array.from({ length: 20 }, (_, index) => 100 - index)).at(-1)).toBe(0);
    expect(rsi(Array(16).fill(5)).at(-1)).toBe(50);
  });

  it('MACD line, signal and histogram', () => {
    // fast 2, slow 3, signal 2 over 1..6: EMA2 = [_,1.5,2.5,3.5,4.5,5.5], EMA3 = [_,_,2,3,4,5]
    // → MACD [_,_,0.5,0.5,0.5,0.5]; signal seeded (0.5+0.5)/2 = 0.5; histogram 0.
    const result = macd([1, 2, 3, 4, 5, 6], 2, 3, 2);
    expect(round(result.macd)).toEqual([null, null, 0.5, 0.5, 0.5, 0.5]);
    expect(round(result.signal)).toEqual([null, null, null, 0.5, 0.5, 0.5]);
    expect(round(result.histogram)).toEqual([null, null, null, 0, 0, 0]);
    // A flat series has a flat MACD.
    expect(macd(Array(40).fill(7)).macd.at(-1)).toBe(0);
  });
});
