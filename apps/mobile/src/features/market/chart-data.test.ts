import { describe, expect, it } from 'vitest';
import type { Candle, Quote } from './market-types';
import { compareDecimals, mergeLiveQuote, toChartSeries, zoneOffsetSeconds } from './chart-data';

const candle = (
  time: number,
  open: string,
  high: string,
  low: string,
  close: string,
  volume = '10',
): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume,
  turnover: '0.00',
});
const colours = { up: 'UP', down: 'DOWN' };

describe('chart series from decimal strings', () => {
  it('converts every field and colours volume by direction', () => {
    const series = toChartSeries(
      [
        candle(60, '100.0000', '101.5000', '99.2500', '101.0000', '1200'),
        candle(120, '101.0000', '101.0000', '98.0000', '98.5000'),
      ],
      colours,
    );
    expect(series.candles).toEqual([
      { time: 60, open: 100, high: 101.5, low: 99.25, close: 101 },
      { time: 120, open: 101, high: 101, low: 98, close: 98.5 },
    ]);
    expect(series.line).toEqual([
      { time: 60, value: 101 },
      { time: 120, value: 98.5 },
    ]);
    expect(series.volumes).toEqual([
      { time: 60, value: 1200, color: 'UP' },
      { time: 120, value: 10, color: 'DOWN' },
    ]);
  });

  it('keeps times strictly increasing and shifts them by the offset', () => {
    const series = toChartSeries(
      [candle(60, '1', '1', '1', '1'), candle(60, '2', '2', '2', '2')],
      colours,
      3600,
    );
    expect(series.candles).toEqual([{ time: 3660, open: 2, high: 2, low: 2, close: 2 }]);
  });

  it('refuses a value that is not a decimal', () => {
    expect(() => toChartSeries([candle(60, 'abc', '1', '1', '1')], colours)).toThrow(RangeError);
  });
});

describe('live quotes on an intraday chart', () => {
  const quote = (timestamp: string, latest: string) => ({ timestamp, latest }) as Quote;
  const base = [candle(1_795_219_200, '100.0000', '100.5000', '99.5000', '100.2000')];

  it('moves the close, high and low of the current minute', () => {
    const merged = mergeLiveQuote(base, quote('2026-11-21T00:00:30.000Z', '100.9000'), 'time_share');
    expect(merged).toEqual([candle(1_795_219_200, '100.0000', '100.9000', '99.5000', '100.9000')]);
    const lower = mergeLiveQuote(merged, quote('2026-11-21T00:00:40.000Z', '99.0000'), 'time_share');
    expect(lower[0]).toMatchObject({ low: '99.0000', high: '100.9000', close: '99.0000' });
  });

  it('starts a new candle in a new bucket and ignores older quotes and daily charts', () => {
    const next = mergeLiveQuote(base, quote('2026-11-21T00:01:05.000Z', '101.0000'), 'time_share');
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ time: 1_795_219_260, open: '101.0000', close: '101.0000' });
    expect(mergeLiveQuote(base, quote('2026-11-20T23:59:00.000Z', '1.0000'), 'time_share')).toEqual(base);
    expect(mergeLiveQuote(base, quote('2026-11-21T00:01:05.000Z', '1.0000'), 'day')).toEqual(base);
    expect(mergeLiveQuote(base, quote('2026-11-21T00:04:05.000Z', '100.1000'), '5m')[0]?.close).toBe(
      '100.1000',
    );
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimals('100.10', '100.1')).toBe(0);
    expect(compareDecimals('-1.5', '-1.25')).toBe(-1);
    expect(compareDecimals('0.0001', '0')).toBe(1);
  });
});

describe('exchange time on the axis', () => {
  it('knows the offsets of the exchanges, summer and winter', () => {
    const winter = Date.UTC(2026, 10, 21, 12) / 1000;
    const summer = Date.UTC(2026, 6, 1, 12) / 1000;
    expect(zoneOffsetSeconds('Europe/Brussels', winter)).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Brussels', summer)).toBe(7200);
    expect(zoneOffsetSeconds('America/New_York', winter)).toBe(-18000);
    expect(zoneOffsetSeconds('UTC', winter)).toBe(0);
  });
});
