// Chart indicators computed in the app from the candles' closes (issue 13, item 11): moving
// averages, Bollinger bands, RSI and MACD. They work on chart coordinates (numbers, see
// chart-data.ts): an indicator is a line drawn over the prices, never money that is added up or
// stored. Each answers one value per close, null where there is not yet enough history.

export type Indicator = 'ma' | 'bollinger' | 'macd' | 'rsi';
export const indicators: readonly Indicator[] = ['ma', 'bollinger', 'macd', 'rsi'];

/** The moving averages drawn for "MA", in candles. */
export const MA_LENGTHS = [5, 10, 20] as const;

type Values = (number | null)[];

/** Simple moving average over `length` closes. */
export function sma(closes: readonly number[], length: number): Values {
  let sum = 0;
  return closes.map((close, index) => {
    sum += close;
    if (index >= length) sum -= closes[index - length]!;
    return index >= length - 1 ? sum / length : null;
  });
}

/** Exponential moving average, seeded with the simple average of the first `length` values. */
export function ema(values: readonly (number | null)[], length: number): Values {
  const k = 2 / (length + 1);
  const out: Values = [];
  let previous: number | null = null;
  let seed: number[] = [];
  for (const value of values) {
    if (value === null) {
      out.push(null);
      continue;
    }
    if (previous === null) {
      seed = [...seed, value];
      if (seed.length < length) {
        out.push(null);
        continue;
      }
      previous = seed.reduce((sum, item) => sum + item, 0) / length;
    } else {
      previous = value * k + previous * (1 - k);
    }
    out.push(previous);
  }
  return out;
}

/** Bollinger bands: the `length`-close average ± `width` population standard deviations. */
export function bollinger(
  closes: readonly number[],
  length = 20,
  width = 2,
): { middle: Values; upper: Values; lower: Values } {
  const middle = sma(closes, length);
  const deviation = middle.map((mean, index) => {
    if (mean === null) return null;
    const window = closes.slice(index - length + 1, index + 1);
    return Math.sqrt(window.reduce((sum, close) => sum + (close - mean) ** 2, 0) / length);
  });
  return {
    middle,
    upper: middle.map((mean, index) => (mean === null ? null : mean + width * deviation[index]!)),
    lower: middle.map((mean, index) => (mean === null ? null : mean - width * deviation[index]!)),
  };
}

/** Relative strength index with Wilder's smoothing over `length` changes (0–100). */
export function rsi(closes: readonly number[], length = 14): Values {
  const out: Values = closes.map(() => null);
  let gain = 0;
  let loss = 0;
  for (let index = 1; index < closes.length; index++) {
    const change = closes[index]! - closes[index - 1]!;
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (index <= length) {
      gain += up / length;
      loss += down / length;
      if (index < length) continue;
    } else {
      gain = (gain * (length - 1) + up) / length;
      loss = (loss * (length - 1) + down) / length;
    }
    out[index] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

/** MACD: EMA(fast) − EMA(slow), its EMA(signal), and their difference (the histogram). */
export function macd(
  closes: readonly number[],
  fast = 12,
  slow = 26,
  signal = 9,
): { macd: Values; signal: Values; histogram: Values } {
  const fastLine = ema(closes, fast);
  const slowLine = ema(closes, slow);
  const line = fastLine.map((value, index) => {
    const other = slowLine[index];
    return value === null || other == null ? null : value - other;
  });
  const signalLine = ema(line, signal);
  return {
    macd: line,
    signal: signalLine,
    histogram: line.map((value, index) => {
      const other = signalLine[index];
      return value === null || other == null ? null : value - other;
    }),
  };
}
