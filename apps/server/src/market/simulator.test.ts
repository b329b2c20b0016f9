import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { aggregateCandles } from './candle-periods';
import type { Candle, Tick } from './provider';
import { MarketSimulator } from './simulator';

// Properties of the embedded market: determinism, closed markets stand still, prices on the tick
// grid, and every candle is exactly the aggregate of the one-second ticks under it.

const SEED = 7;
const simulatorAt = (iso: string, seed = SEED) => {
  const clock = new ManualClock(iso);
  return { clock, simulator: new MarketSimulator({ clock, seed }) };
};
const sampleSymbols = [
  'ABI.BR',
  'KBC.BR',
  'AAPL',
  'NVDA',
  'SPY',
  'IWDA.AS',
  '^BEL20',
  '^GSPC',
  'EURUSD',
  'USDJPY',
  'BTCUSD',
];

/** One bucket for everything: the candles' combined open, high, low, close and volume. */
function ohlcv(candles: readonly Candle[]) {
  const merged = aggregateCandles(
    candles.map((candle) => ({ ...candle, startMs: 0 })),
    { kind: 'minutes', minutes: 1 },
  );
  expect(merged).toHaveLength(1);
  const [first] = merged;
  return first && [first.openMinor, first.highMinor, first.lowMinor, first.closeMinor, first.volume];
}

describe('determinism', () => {
  it('gives the same prices for the same seed and clock, in another instance', async () => {
    const first = simulatorAt('2026-11-20T15:45:17Z').simulator;
    const second = simulatorAt('2026-11-20T15:45:17Z').simulator;
    expect(await second.quotes(sampleSymbols)).toEqual(await first.quotes(sampleSymbols));
  });

  it('gives other prices for another seed', async () => {
    const first = simulatorAt('2026-11-20T15:45:17Z').simulator;
    const other = simulatorAt('2026-11-20T15:45:17Z', SEED + 1).simulator;
    const [a, b] = [await first.quote('AAPL'), await other.quote('AAPL')];
    expect(a.lastMinor).not.toBe(b.lastMinor);
  });

  it('does not depend on the order or history of questions asked', async () => {
    const { simulator, clock } = simulatorAt('2026-06-01T10:00:00Z');
    await simulator.quote('AAPL');
    clock.set('2026-11-20T15:45:17Z');
    const late = await simulator.quote('AAPL');
    const fresh = await simulatorAt('2026-11-20T15:45:17Z').simulator.quote('AAPL');
    expect(late).toEqual(fresh);
  });
});

describe('trading hours', () => {
  it('moves prices while a market is open', async () => {
    const { simulator, clock } = simulatorAt('2026-11-20T15:00:00Z');
    const before = await simulator.quotes(sampleSymbols);
    clock.advance(5 * 60_000);
    const after = await simulator.quotes(sampleSymbols);
    const moved = after.filter((quote, index) => quote.lastMinor !== before[index]?.lastMinor);
    expect(moved.length).toBeGreaterThan(sampleSymbols.length / 2);
  });

  it('holds every price still over a weekend, except crypto', async () => {
    const { simulator, clock } = simulatorAt('2026-11-21T01:30:00Z'); // after every close but crypto (US after-hours end 01:00 UTC)
    const friday = await simulator.quotes(sampleSymbols);
    for (const iso of ['2026-11-21T09:00:00Z', '2026-11-21T23:00:00Z', '2026-11-22T21:00:00Z']) {
      clock.set(iso);
      const later = await simulator.quotes(sampleSymbols);
      later.forEach((quote, index) => {
        if (quote.symbol === 'BTCUSD') return;
        expect(quote.lastMinor, `${quote.symbol} at ${iso}`).toBe(friday[index]?.lastMinor);
        expect(quote.session).toBe('closed');
        expect(quote.bidMinor).toBeNull();
      });
    }
  });

  it('holds Brussels still on a holiday (Good Friday) while the last close stands', async () => {
    const { simulator, clock } = simulatorAt('2026-04-02T16:00:00Z'); // Thursday after the close
    const thursday = await simulator.quote('KBC.BR');
    clock.set('2026-04-03T10:00:00Z');
    const goodFriday = await simulator.quote('KBC.BR');
    expect(goodFriday.lastMinor).toBe(thursday.lastMinor);
    expect(goodFriday.timestamp).toEqual(thursday.timestamp);
    expect(goodFriday.session).toBe('closed');
  });

  it('publishes ticks only for open markets, once per second of clock time', () => {
    const { simulator, clock } = simulatorAt('2026-11-21T12:00:00Z'); // Saturday
    const ticks: Tick[] = [];
    simulator.onTick((tick) => ticks.push(tick));
    simulator.pump();
    expect(new Set(ticks.map((tick) => simulator.instrument(tick.symbol)?.kind))).toEqual(
      new Set(['crypto']),
    );
    expect(simulator.pump()).toBe(0); // same second
    clock.set('2026-11-20T15:00:00Z'); // Friday: Brussels, US and forex open
    ticks.length = 0;
    simulator.pump();
    const symbols = new Set(ticks.map((tick) => tick.symbol));
    expect(symbols.has('ABI.BR') && symbols.has('AAPL') && symbols.has('EURUSD')).toBe(true);
  });
});

describe('prices and candles', () => {
  it('keeps every price on the instrument tick grid', async () => {
    const { simulator } = simulatorAt('2026-11-20T15:45:17Z');
    for (const symbol of sampleSymbols) {
      const tick = simulator.instrument(symbol)?.tickSizeMinor ?? 1n;
      const quote = await simulator.quote(symbol);
      for (const price of [quote.lastMinor, quote.openMinor, quote.highMinor, quote.lowMinor]) {
        expect(price % tick, symbol).toBe(0n);
      }
    }
  });

  it('makes each minute candle the exact aggregate of its sixty one-second ticks', () => {
    const { simulator } = simulatorAt('2026-11-20T23:00:00Z');
    for (const symbol of ['KBC.BR', 'AAPL', 'EURUSD']) {
      const series = simulator.seriesOf(symbol);
      const day = series.calendar.indexOfDate('2026-11-20');
      const minutes = series.minuteBars(day);
      for (let minute = 0; minute < minutes.length; minute += 37) {
        const { prices, sizes } = series.ticks(day, minute);
        const bar = minutes[minute];
        expect([
          prices[0],
          Math.max(...prices),
          Math.min(...prices),
          prices[59],
          sizes.reduce((a, b) => a + b, 0),
        ]).toEqual([bar?.open, bar?.high, bar?.low, bar?.close, bar?.volume]);
      }
    }
  });

  it('makes each day candle the exact aggregate of its minute candles, over many days', async () => {
    const { simulator } = simulatorAt('2026-11-21T12:00:00Z');
    for (const symbol of ['ABI.BR', 'NVDA', '^GSPC', 'USDJPY', 'ETHUSD']) {
      const days = await simulator.candles(symbol, 'day', Date.parse('2026-10-01'), Date.parse('2026-11-21'));
      expect(days.length).toBeGreaterThan(20);
      const calendar = simulator.calendar(simulator.instrument(symbol)!);
      for (const day of days.filter((_, index) => index % 5 === 0)) {
        const session =
          calendar.days[calendar.indexOfDate(new Date(day.startMs).toISOString().slice(0, 10))]!;
        const minutes = await simulator.candles(symbol, 'minute', session.startMs, session.endMs);
        expect(ohlcv(minutes), `${symbol} ${session.date}`).toEqual(ohlcv([day]));
      }
    }
  });

  it('gives a quote during the session equal to the aggregate of the ticks so far', async () => {
    const { simulator } = simulatorAt('2026-11-20T15:45:17Z');
    const quote = await simulator.quote('AAPL');
    const calendar = simulator.calendar(simulator.instrument('AAPL')!);
    const day = calendar.indexOfDate('2026-11-20');
    const session = calendar.days[day]!;
    expect(session.date).toBe('2026-11-20');
    const minutes = await simulator.candles('AAPL', 'minute', session.startMs, session.endMs);
    const { prices } = simulator.seriesOf('AAPL').ticks(day, minutes.length - 1);
    expect(ohlcv(minutes)).toEqual([
      quote.openMinor,
      quote.highMinor,
      quote.lowMinor,
      quote.lastMinor,
      quote.volume,
    ]);
    expect(BigInt(prices[17]!) * 100n).toBe(quote.lastMinor); // 15:45:17 is second 17 of its minute
    expect(minutes.at(-1)?.startMs).toBe(Date.parse('2026-11-20T15:45:00Z'));
  });

  it('has two years of daily history at first start, and nothing from the future', async () => {
    const { simulator } = simulatorAt('2026-11-21T12:00:00Z');
    const history = await simulator.candles(
      'ABI.BR',
      'day',
      Date.parse('2024-11-21'),
      Date.parse('2027-12-31'),
    );
    expect(history.length).toBeGreaterThan(500);
    expect(new Date(history[0]!.startMs).toISOString().slice(0, 10)).toBe('2024-11-21');
    expect(new Date(history.at(-1)!.startMs).toISOString().slice(0, 10)).toBe('2026-11-20');
  });

  it('reports market capitalisation as price × shares, trebled after a 3-for-1 split', async () => {
    const before = await simulatorAt('2026-02-23T21:30:00Z').simulator.quote('WMT');
    const after = await simulatorAt('2026-02-24T21:30:00Z').simulator.quote('WMT');
    const shares = simulatorAt('2026-01-01T00:00:00Z').simulator.instrument('WMT')!.sharesOutstanding!;
    expect(before.marketCapMinor).toBe(before.lastMinor * shares);
    expect(after.marketCapMinor).toBe(after.lastMinor * shares * 3n);
    // The previous close published on the split day is the raw close divided by three.
    const monday = await simulatorAt('2026-02-24T02:00:00Z').simulator.quote('WMT'); // after Monday's after-hours
    expect(monday.session).toBe('closed');
    expect(after.previousCloseMinor).toBe(monday.lastMinor / 3n);
  });
});
