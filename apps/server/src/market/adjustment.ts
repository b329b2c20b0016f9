import { divideRounded } from '@beurs/contract';
import type { Candle, CorporateAction } from './provider';

// Price adjustment for dividends and splits, with exact rational factors (bigint numerator and
// denominator), rounded once per price, half-up, to the price scale.
//   forward:  history is scaled to today's terms; the latest prices are unchanged.
//   backward: the first prices are unchanged; later ones are scaled up by every action since.
// A split of `from` into `to` shares has factor from/to; a dividend d with previous close P has
// factor (P − d) / P (the proportional method).

export type Rational = { readonly numerator: bigint; readonly denominator: bigint };
export type AdjustmentMode = 'none' | 'forward' | 'backward';
/** An action in effect from `exDate` (YYYY-MM-DD), with the factor applied to prices before it. */
export type AdjustmentStep = { readonly exDate: string; readonly factor: Rational };

const ONE: Rational = { numerator: 1n, denominator: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

export function multiply(a: Rational, b: Rational): Rational {
  const numerator = a.numerator * b.numerator;
  const denominator = a.denominator * b.denominator;
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

export const invert = (factor: Rational): Rational => ({
  numerator: factor.denominator,
  denominator: factor.numerator,
});

/**
 * The factor of each action, given the raw close of the trading day before each ex-date.
 * Actions without a known previous close (before the history) are skipped.
 */
export function adjustmentSteps(
  actions: readonly CorporateAction[],
  previousCloseMinor: (exDate: string) => bigint | null,
): AdjustmentStep[] {
  const steps: AdjustmentStep[] = [];
  for (const action of actions) {
    if (action.kind === 'split') {
      steps.push({
        exDate: action.exDate,
        factor: { numerator: BigInt(action.ratioFrom), denominator: BigInt(action.ratioTo) },
      });
      continue;
    }
    const close = previousCloseMinor(action.exDate);
    if (close === null || close <= action.amountMinor) continue;
    steps.push({
      exDate: action.exDate,
      factor: multiply(ONE, { numerator: close - action.amountMinor, denominator: close }),
    });
  }
  return steps.sort((a, b) => a.exDate.localeCompare(b.exDate));
}

/** The factor that applies to a price made on trading date `date`. */
export function factorFor(date: string, steps: readonly AdjustmentStep[], mode: AdjustmentMode): Rational {
  let factor = ONE;
  for (const step of steps) {
    if (mode === 'forward' && date < step.exDate) factor = multiply(factor, step.factor);
    if (mode === 'backward' && date >= step.exDate) factor = multiply(factor, invert(step.factor));
  }
  return factor;
}

export const applyFactor = (priceMinor: bigint, factor: Rational): bigint =>
  divideRounded(priceMinor * factor.numerator, factor.denominator, 'half_up');

/** Undoes an adjustment and snaps to the tick grid: recovers the raw price (tested as a round trip). */
export function unadjust(adjustedMinor: bigint, factor: Rational, tickMinor: bigint): bigint {
  const raw = divideRounded(adjustedMinor * factor.denominator, factor.numerator, 'half_up');
  return divideRounded(raw, tickMinor, 'half_up') * tickMinor;
}

/** Adjusts candles; `tradingDate` names the trading date a candle belongs to. */
export function adjustCandles(
  candles: readonly Candle[],
  steps: readonly AdjustmentStep[],
  mode: AdjustmentMode,
  tradingDate: (candle: Candle) => string,
): Candle[] {
  if (mode === 'none' || steps.length === 0) return [...candles];
  return candles.map((candle) => {
    const factor = factorFor(tradingDate(candle), steps, mode);
    if (factor.numerator === factor.denominator) return candle;
    return {
      ...candle,
      openMinor: applyFactor(candle.openMinor, factor),
      highMinor: applyFactor(candle.highMinor, factor),
      lowMinor: applyFactor(candle.lowMinor, factor),
      closeMinor: applyFactor(candle.closeMinor, factor),
    };
  });
}
