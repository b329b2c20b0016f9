import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../features/market/market-types';
import { rsi, sma } from '../../../features/market/indicators';
import PriceChart from './PriceChart';

// The chart library draws on a canvas jsdom does not have; a stand-in records what the component
// asks of it: a whole new series (setData) or only the last point moved (update).
type Call = { series: string; method: 'setData' | 'update'; points: unknown };
const calls: Call[] = [];
/** The options the chart was created with, and each visible range it was given. */
const created: { layout?: { attributionLogo?: boolean } }[] = [];
const ranges: { from: number; to: number }[] = [];

vi.mock('lightweight-charts', () => {
  const series = (name: string) => ({
    setData: (points: unknown) => calls.push({ series: name, method: 'setData', points }),
    update: (point: unknown) => calls.push({ series: name, method: 'update', points: point }),
    createPriceLine: () => {},
  });
  return {
    CandlestickSeries: 'Candlestick',
    LineSeries: 'Line',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    createChart: (_element: unknown, options: (typeof created)[number]) => {
      created.push(options);
      return {
        // A series in another pane is named with it ("Line@1").
        addSeries: (kind: string, _options?: unknown, pane?: number) =>
          series(pane ? `${kind}@${pane}` : kind),
        priceScale: () => ({ applyOptions: () => {} }),
        timeScale: () => ({
          fitContent: () => {},
          setVisibleLogicalRange: (range: { from: number; to: number }) => ranges.push(range),
        }),
        remove: () => {},
      };
    },
  };
});

const day = 86_400;
const candle = (index: number, close: string): Candle => ({
  time: 1_763_596_800 + index * day,
  open: close,
  high: close,
  low: close,
  close,
  volume: '100',
  turnover: '1000.00',
});
const unadjusted = [candle(0, '50.00'), candle(1, '51.00'), candle(2, '52.00')];
// Backward-adjusted for a dividend: the same days, other prices.
const backward = [candle(0, '48.00'), candle(1, '49.00'), candle(2, '52.00')];

const props = {
  period: 'day' as const,
  colours: { up: '#067d43', down: '#d4302b' },
  decimals: 2,
  timeZone: 'Europe/Brussels',
  language: 'en' as const,
};

const candleCalls = () => calls.filter((call) => call.series === 'Candlestick');

describe('PriceChart', () => {
  beforeEach(() => {
    calls.length = 0;
    created.length = 0;
    ranges.length = 0;
  });

  it('leaves room beside the first and last candle, and draws no logo over the volume bars', () => {
    const many = Array.from({ length: 60 }, (_, index) => candle(index, '50.00'));
    render(<PriceChart {...props} candles={many} dataKey="KBC.BR|day|6m|none" />);
    const range = ranges.at(-1)!;
    // At 60 candles, more than three candles' room before the first and two after the last: a time
    // label centred on either is not cut by the edge.
    expect(range.from).toBeLessThan(-3);
    expect(range.to).toBeGreaterThan(59 + 2);
    expect(created.at(-1)?.layout?.attributionLogo).toBe(false);
  });

  it('redraws every candle when the price adjustment changes over the same days', () => {
    const { rerender } = render(<PriceChart {...props} candles={unadjusted} dataKey="KBC.BR|day|6m|none" />);
    expect(candleCalls().map((call) => call.method)).toEqual(['setData']);

    rerender(<PriceChart {...props} candles={backward} dataKey="KBC.BR|day|6m|backward" />);
    const last = candleCalls().at(-1)!;
    expect(last.method).toBe('setData');
    expect((last.points as { close: number }[]).map((point) => point.close)).toEqual([48, 49, 52]);
  });

  it('moves only the last candle for a live quote under the same key', () => {
    const { rerender } = render(<PriceChart {...props} candles={unadjusted} dataKey="KBC.BR|day|6m|none" />);
    const moved = [...unadjusted.slice(0, 2), candle(2, '52.50')];
    rerender(<PriceChart {...props} candles={moved} dataKey="KBC.BR|day|6m|none" />);
    expect(candleCalls().map((call) => call.method)).toEqual(['setData', 'update']);
    expect((candleCalls().at(-1)!.points as { close: number }).close).toBe(52.5);
  });

  it('draws the indicators from the candles: moving averages over the prices, RSI in a pane below', () => {
    const closes = Array.from({ length: 30 }, (_, index) => 50 + ((index * 7) % 11) - 5);
    const many = closes.map((close, index) => candle(index, close.toFixed(2)));
    render(<PriceChart {...props} candles={many} dataKey="KBC.BR|day|6m|none" indicators={['ma', 'rsi']} />);
    const lines = calls.filter((call) => call.series === 'Line' && call.method === 'setData');
    // MA 5, 10 and 20 over the prices, each from its first full window.
    expect(lines.map((call) => (call.points as unknown[]).length)).toEqual([26, 21, 11]);
    const ma5 = lines[0]!.points as { time: number; value: number }[];
    expect(ma5[0]).toEqual({ time: many[4]!.time, value: sma(closes, 5)[4] });
    const rsiCall = calls.find((call) => call.series === 'Line@1' && call.method === 'setData')!;
    const expected = rsi(closes).flatMap((value, index) =>
      value === null ? [] : [{ time: many[index]!.time, value }],
    );
    expect(rsiCall.points).toEqual(expected);
    // Without indicators, nothing but the prices and the volume.
    calls.length = 0;
    render(<PriceChart {...props} candles={many} dataKey="KBC.BR|day|6m|none" />);
    expect(calls.map((call) => call.series).sort()).toEqual(['Candlestick', 'Histogram']);
  });
});
