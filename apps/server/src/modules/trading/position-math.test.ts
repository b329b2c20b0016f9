import { describe, expect, it } from 'vitest';
import { afterBuy, afterSell, averageCostPriceMinor, consumeFifo, sellLockCheck } from './position-math';

describe('average cost and realised P&L', () => {
  it('buys add quantity and cost; a partial sale takes its share of the cost at the average', () => {
    let position = afterBuy({ quantityMinor: 0n, costMinor: 0n }, 10n, 554_43n);
    position = afterBuy(position, 10n, 600_00n);
    expect(position).toEqual({ quantityMinor: 20n, costMinor: 1_154_43n });
    expect(averageCostPriceMinor(position, 0)).toBe(57_7215n);
    const sold = afterSell(position, 5n, 300_00n);
    expect(sold.removedCostMinor).toBe(288_61n); // 1,154.43 × 5 / 20 = 288.6075 → 288.61
    expect(sold.realisedMinor).toBe(300_00n - 288_61n);
    expect(sold).toMatchObject({ quantityMinor: 15n, costMinor: 1_154_43n - 288_61n });
  });

  it('closing takes the whole remaining cost, so nothing is left behind by rounding', () => {
    const closed = afterSell({ quantityMinor: 3n, costMinor: 100_00n }, 3n, 90_00n);
    expect(closed).toMatchObject({ quantityMinor: 0n, costMinor: 0n, realisedMinor: -10_00n });
  });

  it('refuses to sell more than held (a bug, not a refusal)', () => {
    expect(() => afterSell({ quantityMinor: 3n, costMinor: 1n }, 4n, 0n)).toThrow(RangeError);
  });

  it('crypto averages at 8 decimals', () => {
    expect(averageCostPriceMinor({ quantityMinor: 150_000n, costMinor: 64_45n }, 8)).toBe(42_966_6667n);
  });
});

describe('FIFO lots', () => {
  it('consumes the oldest first', () => {
    const lots = [
      { id: 1n, remainingMinor: 3n },
      { id: 2n, remainingMinor: 5n },
      { id: 3n, remainingMinor: 2n },
    ];
    expect(consumeFifo(lots, 4n)).toEqual([
      { id: 1n, remainingMinor: 0n },
      { id: 2n, remainingMinor: 4n },
    ]);
    expect(() => consumeFifo(lots, 11n)).toThrow(RangeError);
  });
});

describe('the sell lock', () => {
  const now = Date.parse('2026-11-20T16:00:00Z');
  const lots = [
    { remainingMinor: 5n, lockedUntil: null },
    { remainingMinor: 3n, lockedUntil: new Date('2026-11-20T16:30:00Z') },
    { remainingMinor: 2n, lockedUntil: new Date('2026-11-20T17:00:00Z') },
  ];

  it('allows selling what is unlocked', () => {
    expect(sellLockCheck({ availableMinor: 10n, lots, quantityMinor: 5n, nowMs: now })).toEqual({
      isAllowed: true,
    });
  });

  it('names the instant from which enough is unlocked', () => {
    expect(sellLockCheck({ availableMinor: 10n, lots, quantityMinor: 7n, nowMs: now })).toEqual({
      isAllowed: false,
      untilMs: Date.parse('2026-11-20T16:30:00Z'),
    });
    expect(sellLockCheck({ availableMinor: 10n, lots, quantityMinor: 9n, nowMs: now })).toEqual({
      isAllowed: false,
      untilMs: Date.parse('2026-11-20T17:00:00Z'),
    });
  });

  it('after the lock passes, all of it', () => {
    expect(
      sellLockCheck({
        availableMinor: 10n,
        lots,
        quantityMinor: 10n,
        nowMs: Date.parse('2026-11-20T17:00:00Z'),
      }),
    ).toEqual({ isAllowed: true });
  });
});
