import { normal, uniform } from './prng';

// Pure, deterministic building blocks of the simulated price path. All prices here are whole
// numbers of ticks held in JavaScript numbers (exact below 2^53); floats appear only inside a
// bridge and are rounded once, with Math.round, before anything leaves this file.

/** Open, high, low, close in ticks and volume in units, for one bar. */
export type Bar = { open: number; high: number; low: number; close: number; volume: number };

/** Keys that make draws unique: seed, instrument, day index, then a sub-index. */
export type DrawKey = { seed: number; instrument: number; day: number };

/**
 * A Brownian bridge of `steps` steps from `from` to `to` (both included, so steps + 1 points) with
 * per-step standard deviation `stepSigma`, drawing its noise from `lane`.
 */
export function bridge(
  key: DrawKey,
  lane: number,
  from: number,
  to: number,
  steps: number,
  stepSigma: number,
): Float64Array {
  const path = new Float64Array(steps + 1);
  path[0] = from;
  path[steps] = to;
  let current = from;
  for (let index = 1; index < steps; index += 1) {
    const left = steps - index + 1;
    const shrink = Math.sqrt((left - 1) / left);
    current +=
      (to - current) / left + stepSigma * shrink * normal(key.seed ^ key.instrument, key.day, lane, index);
    path[index] = current;
  }
  return path;
}

/** Interior index with the largest (or smallest) value. */
function extremeIndex(path: Float64Array, isMax: boolean, avoid: number): number {
  let best = -1;
  for (let index = 1; index < path.length - 1; index += 1) {
    if (index === avoid) continue;
    const value = path[index] ?? 0;
    if (best < 0 || (isMax ? value > (path[best] ?? 0) : value < (path[best] ?? 0))) best = index;
  }
  return best;
}

/**
 * Reshapes a path with fixed endpoints so its maximum is exactly `high` and its minimum exactly
 * `low`, then rounds it to whole ticks: excursions above the endpoints are stretched to reach
 * `high`, those below to reach `low`, and the path between the endpoints is left alone.
 */
export function shapeToRange(path: Float64Array, high: number, low: number): Int32Array {
  const last = path.length - 1;
  const top = Math.max(path[0] ?? 0, path[last] ?? 0);
  const bottom = Math.min(path[0] ?? 0, path[last] ?? 0);
  const highIndex = high > top ? extremeIndex(path, true, -1) : -1;
  const lowIndex = low < bottom ? extremeIndex(path, false, highIndex) : -1;
  const peak = highIndex >= 0 ? (path[highIndex] ?? top) : top;
  const trough = lowIndex >= 0 ? (path[lowIndex] ?? bottom) : bottom;
  const shaped = new Int32Array(path.length);
  for (let index = 0; index <= last; index += 1) {
    let value = path[index] ?? 0;
    if (value > top && peak > top) value = top + ((value - top) * (high - top)) / (peak - top);
    if (value < bottom && trough < bottom)
      value = bottom - ((bottom - value) * (bottom - low)) / (bottom - trough);
    shaped[index] = Math.min(high, Math.max(low, Math.round(value)));
  }
  shaped[0] = path[0] ?? 0;
  shaped[last] = path[last] ?? 0;
  if (highIndex >= 0) shaped[highIndex] = high;
  if (lowIndex >= 0) shaped[lowIndex] = low;
  return shaped;
}

/**
 * Splits a whole `total` into whole shares proportional to `weights` (largest remainder, ties to
 * the earlier index), so the shares always sum to `total` exactly.
 */
export function distribute(total: number, weights: Float64Array): Float64Array {
  const shares = new Float64Array(weights.length);
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  if (weightSum <= 0 || total <= 0) return shares;
  const remainders: { index: number; fraction: number }[] = [];
  let assigned = 0;
  weights.forEach((weight, index) => {
    const exact = (total * weight) / weightSum;
    const whole = Math.floor(exact);
    shares[index] = whole;
    assigned += whole;
    remainders.push({ index, fraction: exact - whole });
  });
  remainders.sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let rank = 0; rank < total - assigned; rank += 1) {
    const target = remainders[rank % remainders.length]?.index ?? 0;
    shares[target] = (shares[target] ?? 0) + 1;
  }
  return shares;
}

/** Noisy weights around a base profile, for spreading volume. */
export function noisyWeights(
  key: DrawKey,
  lane: number,
  base: (index: number) => number,
  count: number,
): Float64Array {
  const weights = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    weights[index] = base(index) * (0.4 + 1.2 * uniform(key.seed ^ key.instrument, key.day, lane, index));
  }
  return weights;
}

/** Bars whose opens and closes follow `points` (n + 1 points, n bars), with highs and lows around them. */
export function barsFromPoints(
  key: DrawKey,
  lane: number,
  points: Int32Array,
  bounds: { high: number; low: number },
  wickSigma: number,
  volumes: Float64Array,
): Bar[] {
  const bars: Bar[] = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const open = points[index] ?? 0;
    const close = points[index + 1] ?? 0;
    const up = Math.round(Math.abs(wickSigma * normal(key.seed ^ key.instrument, key.day, lane, index * 2)));
    const down = Math.round(
      Math.abs(wickSigma * normal(key.seed ^ key.instrument, key.day, lane, index * 2 + 1)),
    );
    bars.push({
      open,
      close,
      high: Math.min(bounds.high, Math.max(open, close) + up),
      low: Math.max(bounds.low, Math.min(open, close) - down),
      volume: volumes[index] ?? 0,
    });
  }
  return bars;
}

/** Aggregates bars in order into one (open of the first, close of the last, extremes, summed volume). */
export function aggregate(bars: readonly Bar[]): Bar | null {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return null;
  let high = first.high;
  let low = first.low;
  let volume = 0;
  for (const bar of bars) {
    if (bar.high > high) high = bar.high;
    if (bar.low < low) low = bar.low;
    volume += bar.volume;
  }
  return { open: first.open, high, low, close: last.close, volume };
}
