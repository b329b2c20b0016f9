import { describe, expect, it } from 'vitest';
import {
  metricsOf,
  momentumHolds,
  MOMENTUM_WINDOW,
  riskClassOf,
  trendHolds,
  tradesToTargets,
  TREND_WINDOW,
} from './strategy-math';

// The track record from a strategy's own NAV history (display figures) and the rules' targets.

const navs = (values: readonly number[]) => values.map((value) => BigInt(Math.round(value * 1_000_000)));

describe('metrics from the NAV history', () => {
  it('has nothing to show before two NAVs, and no yearly figures before a year', () => {
    expect(metricsOf(navs([10]))).toMatchObject({
      observations: 1,
      returnSinceInception: null,
      volatility: null,
      riskClass: null,
      scenarios: null,
    });
    const short = metricsOf(navs([10, 10.5, 10.2, 10.8]));
    expect(short.returnSinceInception).toBeCloseTo(0.08, 10);
    expect(short.returnPerYear).toBeNull();
    expect(short.scenarios).toBeNull();
    // Peak 10.5, trough 10.2 after it.
    expect(short.maxDrawdown).toBeCloseTo(0.3 / 10.5, 10);
  });

  it('annualises the time-weighted return over 252 trading days and takes 1-year windows for the scenarios', () => {
    // 504 daily NAVs growing 10 % a year exactly: the yearly return is 10 %, every 1-year window too.
    const daily = 1.1 ** (1 / 252);
    const values = Array.from({ length: 505 }, (_, index) => 10 * daily ** index);
    const metrics = metricsOf(navs(values));
    expect(metrics.returnPerYear).toBeCloseTo(0.1, 5);
    expect(metrics.scenarios?.worst).toBeCloseTo(0.1, 5);
    expect(metrics.scenarios?.median).toBeCloseTo(0.1, 5);
    expect(metrics.scenarios?.best).toBeCloseTo(0.1, 5);
    expect(metrics.maxDrawdown).toBe(0);
    expect(metrics.volatility).toBeLessThan(0.0001);
    expect(metrics.riskClass).toBe(1);
  });

  it('gives the PRIIPs class from the volatility bands 0.5 %, 5 %, 12 %, 20 %, 30 %, 80 %', () => {
    expect(
      [0, 0.0049, 0.005, 0.0499, 0.05, 0.1199, 0.12, 0.1999, 0.2, 0.2999, 0.3, 0.7999, 0.8, 2].map(
        riskClassOf,
      ),
    ).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]);
    // Alternating ±2 % days: about 32 % a year, class 6.
    const values = Array.from({ length: 60 }, (_, index) => 10 * (index % 2 === 0 ? 1 : 1.02));
    const metrics = metricsOf(navs(values));
    expect(metrics.volatility).toBeGreaterThan(0.3);
    expect(metrics.riskClass).toBe(6);
  });
});

describe('the rules', () => {
  it('trend: holds a name at or above its moving average, none before the window is full', () => {
    const rising = Array.from({ length: TREND_WINDOW }, (_, index) => BigInt(100 + index));
    const falling = [...rising].reverse();
    expect(trendHolds(new Map([['UP.BR', rising.slice(1)]]))).toEqual([]);
    expect(
      trendHolds(
        new Map([
          ['UP.BR', rising],
          ['DOWN.BR', falling],
        ]),
      ),
    ).toEqual(['UP.BR']);
  });

  it('momentum: the two largest rises over the window, only rises, none before the window is full', () => {
    const path = (from: number, to: number) =>
      Array.from({ length: MOMENTUM_WINDOW }, (_, index) =>
        BigInt(Math.round(from + ((to - from) * index) / (MOMENTUM_WINDOW - 1))),
      );
    const prices = new Map([
      ['A.BR', path(100, 110)], // +10 %
      ['B.BR', path(5000, 5600)], // +12 %, the strongest
      ['C.BR', path(20, 22)], // +10 %, ties A: the first symbol wins
      ['D.BR', path(300, 290)], // falls
      ['E.BR', path(100, 130).slice(1)], // a short history: not ranked yet
    ]);
    expect(momentumHolds(prices)).toEqual(['A.BR', 'B.BR']);
    expect(momentumHolds(new Map([['D.BR', path(300, 290)]]))).toEqual([]);
    // Only the last MOMENTUM_WINDOW prices count: an old crash before the window does not.
    expect(momentumHolds(new Map([['F.BR', [1n, ...path(100, 101)]]]))).toEqual(['F.BR']);
    expect(momentumHolds(new Map([['G.BR', [1000n, ...path(100, 99)]]]))).toEqual([]);
  });

  it('parameterised: the trend over its own lookback, momentum over its lookback holding its top K', () => {
    // A (… 90, 95) is above the mean of its last 2 and at the mean of its last 3; B (80, 100, 90) is
    // below the mean of its last 2 (95) and at the mean of its last 3 (90).
    const prices = new Map([
      ['A.BR', [100n, 90n, 95n]],
      ['B.BR', [80n, 100n, 90n]],
    ]);
    expect(trendHolds(prices, 2)).toEqual(['A.BR']);
    expect(trendHolds(prices, 3)).toEqual(['A.BR', 'B.BR']);
    expect(trendHolds(new Map([['C.BR', [100n, 90n, 91n]]]), 3)).toEqual([]);
    expect(trendHolds(new Map([['C.BR', [100n, 90n, 91n]]]), 2)).toEqual(['C.BR']);
    expect(trendHolds(prices, 4)).toEqual([]);
    const rises = new Map([
      ['A.BR', [100n, 101n, 110n]], // +10 % over 3, +8.9 % over 2
      ['B.BR', [100n, 120n, 121n]], // +21 % over 3, +0.8 % over 2
      ['C.BR', [100n, 100n, 105n]], // +5 % over both
    ]);
    expect(momentumHolds(rises, 3, 1)).toEqual(['B.BR']);
    expect(momentumHolds(rises, 2, 1)).toEqual(['A.BR']);
    expect(momentumHolds(rises, 2, 2)).toEqual(['A.BR', 'C.BR']);
    expect(momentumHolds(rises, 3, 3)).toEqual(['A.BR', 'B.BR', 'C.BR']);
    expect(momentumHolds(rises, 4, 1)).toEqual([]);
  });

  it('rebalance: whole shares to the weights, sales first, small trades left out', () => {
    const trades = tradesToTargets({
      investableMinor: 10_000_00n,
      targets: new Map([
        ['A', 6_000],
        ['B', 4_000],
      ]),
      holdings: new Map([['B', 100n]]),
      pricesMinor: new Map([
        ['A', 100_00n],
        ['B', 10_00n],
      ]),
      minimumTradeMinor: 50_00n,
    });
    // A: 6,000.00 / 100.00 = 60 to buy; B: 4,000.00 / 10.00 = 400 held 100 → buy 300.
    expect(trades).toEqual([
      { symbol: 'A', quantity: 60n },
      { symbol: 'B', quantity: 300n },
    ]);
    const selling = tradesToTargets({
      investableMinor: 0n,
      targets: new Map(),
      holdings: new Map([['B', 3n]]),
      pricesMinor: new Map([['B', 10_00n]]),
      minimumTradeMinor: 50_00n,
    });
    // A name no longer held by the rule is sold whole, however small.
    expect(selling).toEqual([{ symbol: 'B', quantity: -3n }]);
  });
});
