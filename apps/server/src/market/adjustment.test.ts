import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { adjustCandles, adjustmentSteps, factorFor, unadjust } from './adjustment';
import { MarketSimulator } from './simulator';
import { isoDate } from './zoned-time';

// Forward and backward adjustment against the raw simulated series, for instruments with splits
// and dividends: undoing an adjustment gives back the raw series, price for price.

const clock = new ManualClock('2026-11-21T12:00:00Z');
const simulator = new MarketSimulator({ clock, seed: 11 });

async function rawHistory(symbol: string) {
  const candles = await simulator.candles(symbol, 'day', Date.parse('2024-01-01'), Date.parse('2026-11-21'));
  const actions = simulator.corporateActions(symbol).filter((action) => action.exDate <= '2026-11-21');
  const previousClose = (exDate: string) =>
    candles.filter((candle) => isoDate(candle.startMs) < exDate).at(-1)?.closeMinor ?? null;
  return { candles, steps: adjustmentSteps(actions, previousClose), actions };
}

const tradingDate = (candle: { startMs: number }) => isoDate(candle.startMs);

describe.each(['WMT', 'LOTB.BR', 'AVGO', 'KBC.BR', 'COST'])('%s', (symbol) => {
  it.each(['forward', 'backward'] as const)('%s adjustment round-trips to the raw series', async (mode) => {
    const { candles, steps } = await rawHistory(symbol);
    expect(steps.length).toBeGreaterThan(1);
    const tick = simulator.instrument(symbol)!.tickSizeMinor;
    const adjusted = adjustCandles(candles, steps, mode, tradingDate);
    adjusted.forEach((candle, index) => {
      const factor = factorFor(tradingDate(candle), steps, mode);
      const raw = candles[index]!;
      expect(unadjust(candle.closeMinor, factor, tick)).toBe(raw.closeMinor);
      expect(unadjust(candle.highMinor, factor, tick)).toBe(raw.highMinor);
      expect(unadjust(candle.lowMinor, factor, tick)).toBe(raw.lowMinor);
      expect(unadjust(candle.openMinor, factor, tick)).toBe(raw.openMinor);
    });
  });

  it('leaves the latest prices unchanged forward and the first unchanged backward', async () => {
    const { candles, steps } = await rawHistory(symbol);
    expect(adjustCandles(candles, steps, 'forward', tradingDate).at(-1)).toEqual(candles.at(-1));
    expect(adjustCandles(candles, steps, 'backward', tradingDate)[0]).toEqual(candles[0]);
  });
});

describe('splits', () => {
  it('removes the split gap: forward-adjusted close before a 10-for-1 split is a tenth of the raw one', async () => {
    const { candles, steps } = await rawHistory('LOTB.BR');
    const forward = adjustCandles(candles, steps, 'forward', tradingDate);
    const index = candles.findIndex((candle) => tradingDate(candle) === '2025-05-20');
    const rawJump = Number(candles[index]!.openMinor) / Number(candles[index - 1]!.closeMinor);
    const adjustedJump = Number(forward[index]!.openMinor) / Number(forward[index - 1]!.closeMinor);
    expect(rawJump).toBeLessThan(0.2);
    expect(adjustedJump).toBeGreaterThan(0.9);
    expect(adjustedJump).toBeLessThan(1.1);
  });
});
