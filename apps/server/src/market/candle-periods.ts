import type { Candle } from './provider';

// Coarser candles from base candles: N-minute buckets aligned to the clock (sessions open on the
// half hour in every zone we serve), ISO weeks (Monday), and calendar months, half-years and years
// of the trading date.

export type Bucketing =
  | { kind: 'minutes'; minutes: number }
  | { kind: 'week' }
  | { kind: 'months'; months: 1 | 6 | 12 }
  | { kind: 'none' };

const DAY_MS = 86_400_000;

export function bucketStart(startMs: number, bucketing: Bucketing): number {
  switch (bucketing.kind) {
    case 'none':
      return startMs;
    case 'minutes': {
      const size = bucketing.minutes * 60_000;
      return startMs - (((startMs % size) + size) % size);
    }
    case 'week': {
      const midnight = startMs - (startMs % DAY_MS);
      const weekday = (new Date(midnight).getUTCDay() + 6) % 7;
      return midnight - weekday * DAY_MS;
    }
    case 'months': {
      // Calendar months, half-years (January, July) and years of the trading date.
      const date = new Date(startMs);
      const month = date.getUTCMonth();
      return Date.UTC(date.getUTCFullYear(), month - (month % bucketing.months), 1);
    }
  }
}

/** Aggregates time-ordered candles into buckets: first open, highest high, lowest low, last close, sums. */
export function aggregateCandles(candles: readonly Candle[], bucketing: Bucketing): Candle[] {
  if (bucketing.kind === 'none') return [...candles];
  const result: Candle[] = [];
  let current: Candle | null = null;
  for (const candle of candles) {
    const start = bucketStart(candle.startMs, bucketing);
    if (current && current.startMs === start) {
      current = {
        startMs: start,
        openMinor: current.openMinor,
        highMinor: candle.highMinor > current.highMinor ? candle.highMinor : current.highMinor,
        lowMinor: candle.lowMinor < current.lowMinor ? candle.lowMinor : current.lowMinor,
        closeMinor: candle.closeMinor,
        volume: current.volume + candle.volume,
        turnoverMinor: current.turnoverMinor + candle.turnoverMinor,
      };
      result[result.length - 1] = current;
    } else {
      current = { ...candle, startMs: start };
      result.push(current);
    }
  }
  return result;
}
