import type { UTCTimestamp } from 'lightweight-charts';
import type { CandlePeriod } from '@beurs/contract/enums';
import type { Candle, Quote } from './market-types';

// The one edge where decimal strings become numbers: chart coordinates for lightweight-charts
// (CONVENTIONS.md "Charts receive series already converted at that one edge"). Number() of a
// price string is fine here because a chart point is a pixel position, never money that is added
// up, stored or sent; everywhere else prices stay strings.

export type ChartTime = UTCTimestamp;

export type CandlePoint = { time: ChartTime; open: number; high: number; low: number; close: number };
export type LinePoint = { time: ChartTime; value: number };
export type VolumePoint = { time: ChartTime; value: number; color: string };

export type ChartSeries = { candles: CandlePoint[]; line: LinePoint[]; volumes: VolumePoint[] };

/** Length of one candle in seconds for the intraday periods; null for the daily ones (day to year). */
export const periodSeconds: Record<CandlePeriod, number | null> = {
  time_share: 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  day: null,
  week: null,
  month: null,
  half_year: null,
  year: null,
};

/**
 * The offset of a time zone from UTC at a moment, in seconds (Europe/Brussels in winter: 3600).
 * lightweight-charts draws its time axis in UTC, so intraday candles are shifted by the exchange's
 * offset to read in exchange time; daily candles are dated at 00:00 UTC and need no shift.
 */
export function zoneOffsetSeconds(timeZone: string, atSeconds: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(atSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round(asUtc / 1000 - atSeconds);
}

/** A decimal string as a chart coordinate (see the note at the top of this file). */
function coordinate(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value)) throw new RangeError(`not a decimal string: ${JSON.stringify(text)}`);
  return value;
}

/**
 * Candles (decimal strings, Unix seconds) as the three series the chart draws: candlesticks, the
 * time-share line (closes), and volume bars coloured by the candle's direction.
 */
export function toChartSeries(
  candles: readonly Candle[],
  colours: { up: string; down: string },
  offsetSeconds = 0,
): ChartSeries {
  const result: ChartSeries = { candles: [], line: [], volumes: [] };
  let lastTime = -Infinity;
  for (const candle of candles) {
    const time = (candle.time + offsetSeconds) as ChartTime;
    // lightweight-charts needs strictly increasing times; a repeated time replaces the previous.
    if (time <= lastTime) {
      result.candles.pop();
      result.line.pop();
      result.volumes.pop();
    }
    lastTime = time;
    const open = coordinate(candle.open);
    const close = coordinate(candle.close);
    result.candles.push({ time, open, high: coordinate(candle.high), low: coordinate(candle.low), close });
    result.line.push({ time, value: close });
    result.volumes.push({
      time,
      value: coordinate(candle.volume),
      color: close >= open ? colours.up : colours.down,
    });
  }
  return result;
}

/**
 * Folds a live quote into the candles of an intraday period: the candle of the quote's minute
 * bucket gets the new close (and high/low), or a new candle starts. Older quotes are ignored;
 * day, week and month charts are left alone. Works on strings and returns a new array.
 */
export function mergeLiveQuote(candles: readonly Candle[], quote: Quote, period: CandlePeriod): Candle[] {
  const seconds = periodSeconds[period];
  if (seconds === null) return [...candles];
  const quoteTime = Math.floor(new Date(quote.timestamp).getTime() / 1000);
  const bucket = quoteTime - (quoteTime % seconds);
  const last = candles.at(-1);
  if (last && bucket < last.time) return [...candles];
  if (last && bucket === last.time) {
    const updated: Candle = {
      ...last,
      close: quote.latest,
      high: compareDecimals(quote.latest, last.high) > 0 ? quote.latest : last.high,
      low: compareDecimals(quote.latest, last.low) < 0 ? quote.latest : last.low,
    };
    return [...candles.slice(0, -1), updated];
  }
  return [
    ...candles,
    {
      time: bucket,
      open: quote.latest,
      high: quote.latest,
      low: quote.latest,
      close: quote.latest,
      volume: '0',
      turnover: '0.00',
    },
  ];
}

/** Compares two non-negative or negative decimal strings exactly (no float). */
export function compareDecimals(a: string, b: string): number {
  const [wholeA, fractionA] = split(a);
  const [wholeB, fractionB] = split(b);
  const width = Math.max(fractionA.length, fractionB.length);
  const left = BigInt(wholeA + fractionA.padEnd(width, '0'));
  const right = BigInt(wholeB + fractionB.padEnd(width, '0'));
  return left === right ? 0 : left > right ? 1 : -1;
}

function split(text: string): [string, string] {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  return [(negative ? '-' : '') + (whole || '0'), fraction];
}

/**
 * What a candles answer is of (symbol, period, range, adjustment), from the answer itself, so that
 * the key changes when the new series arrives, not while the previous one is still shown.
 */
export function chartDataKey(
  answer: { symbol: string; period: string; range: string; adjustment: string } | undefined,
): string {
  if (!answer) return '';
  return [answer.symbol, answer.period, answer.range, answer.adjustment].join('|');
}
