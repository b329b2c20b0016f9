import { describe, expect, it } from 'vitest';
import {
  announcedOf,
  announcementOf,
  crossingPrice,
  RestingOrderIndex,
  trailingStopPrice,
  type RestingOrder,
} from './resting-orders';

// When resting orders cross: one rule per order type and side, at the quote's ask (buy) or bid
// (sell); and the index looks only at the ticked symbol's orders.

const order = (overrides: Partial<RestingOrder>): RestingOrder => ({
  id: 1n,
  side: 'buy',
  type: 'limit',
  limitPriceMinor: null,
  stopPriceMinor: null,
  trailAmountMinor: null,
  trailBasisPoints: null,
  trailReferenceMinor: null,
  ...overrides,
});
const quote = (last: bigint, bid: bigint | null = last - 10n, ask: bigint | null = last + 10n) => ({
  lastMinor: last,
  bidMinor: bid,
  askMinor: ask,
});

describe('crossing', () => {
  it('a limit buy fills at the ask once the ask is at or below the limit', () => {
    const buy = order({ limitPriceMinor: 100_0000n });
    expect(crossingPrice(buy, quote(100_0000n))).toBeNull(); // ask 100.0010 > 100
    expect(crossingPrice(buy, quote(99_9990n))).toBe(100_0000n);
    expect(crossingPrice(buy, quote(95_0000n))).toBe(95_0010n);
  });

  it('a limit sell fills at the bid once the bid is at or above the limit', () => {
    const sell = order({ side: 'sell', limitPriceMinor: 100_0000n });
    expect(crossingPrice(sell, quote(100_0000n))).toBeNull();
    expect(crossingPrice(sell, quote(100_0010n))).toBe(100_0000n);
  });

  it('stops trigger on the last price and fill at the quote side', () => {
    const stopSell = order({ side: 'sell', type: 'stop', stopPriceMinor: 90_0000n });
    expect(crossingPrice(stopSell, quote(90_0001n))).toBeNull();
    expect(crossingPrice(stopSell, quote(90_0000n))).toBe(89_9990n);
    const stopBuy = order({ type: 'stop', stopPriceMinor: 110_0000n });
    expect(crossingPrice(stopBuy, quote(109_9999n))).toBeNull();
    expect(crossingPrice(stopBuy, quote(110_0000n))).toBe(110_0010n);
  });

  it('a stop-limit needs the stop triggered and the limit crossing on the same quote', () => {
    const stopLimitSell = order({
      side: 'sell',
      type: 'stop_limit',
      stopPriceMinor: 90_0000n,
      limitPriceMinor: 89_5000n,
    });
    expect(crossingPrice(stopLimitSell, quote(90_0000n))).toBe(89_9990n);
    expect(crossingPrice(stopLimitSell, quote(89_0000n))).toBeNull(); // bid 88.999 below the limit
  });

  it('a trailing stop sell trails the highest price by its amount or percentage', () => {
    const byAmount = order({
      side: 'sell',
      type: 'trailing_stop',
      trailAmountMinor: 5_0000n,
      trailReferenceMinor: 100_0000n,
    });
    expect(trailingStopPrice(byAmount, 100_0000n)).toBe(95_0000n);
    expect(crossingPrice(byAmount, quote(96_0000n))).toBeNull();
    expect(crossingPrice(byAmount, quote(95_0000n))).toBe(94_9990n);
    // A new high moves the stop up: 120 − 5 = 115 triggers at 115.
    expect(crossingPrice({ ...byAmount, trailReferenceMinor: 120_0000n }, quote(115_0000n))).toBe(114_9990n);
    const byPercent = order({
      side: 'sell',
      type: 'trailing_stop',
      trailBasisPoints: 1000,
      trailReferenceMinor: 200_0000n,
    });
    expect(trailingStopPrice(byPercent, 200_0000n)).toBe(180_0000n);
    expect(crossingPrice(byPercent, quote(180_0001n))).toBeNull();
  });

  it('a market order queued for the open fills at the quote side', () => {
    expect(crossingPrice(order({ type: 'market' }), quote(50_0000n))).toBe(50_0010n);
    expect(crossingPrice(order({ side: 'sell', type: 'market' }), quote(50_0000n, null, null))).toBe(
      50_0000n,
    );
  });
});

describe('the per-symbol index', () => {
  const same = <T>(row: T) => row;
  it('finds the crossed orders of the ticked symbol only', async () => {
    const index = new RestingOrderIndex();
    await index.reload(
      async () => [
        { ...order({ id: 1n, limitPriceMinor: 100_0000n }), symbol: 'KBC.BR' },
        { ...order({ id: 2n, limitPriceMinor: 90_0000n }), symbol: 'KBC.BR' },
        { ...order({ id: 3n, limitPriceMinor: 1_000_0000n }), symbol: 'UCB.BR' },
      ],
      same,
    );
    expect(index.size).toBe(3);
    expect(index.crossed('KBC.BR', quote(95_0000n)).map((found) => found.order.id)).toEqual([1n]);
    expect(index.crossed('ABI.BR', quote(1n))).toEqual([]);
    index.remove('KBC.BR', 1n);
    expect(index.crossed('KBC.BR', quote(95_0000n))).toEqual([]);
    index.remove('KBC.BR', 2n);
    expect(index.has('KBC.BR')).toBe(false);
  });

  it("keeps this node's placements and cancels made while a reload reads its snapshot", async () => {
    const index = new RestingOrderIndex();
    index.add('KBC.BR', order({ id: 1n, limitPriceMinor: 100_0000n }));
    index.add('KBC.BR', order({ id: 2n, limitPriceMinor: 100_0000n }));
    let answer: (rows: (RestingOrder & { symbol: string })[]) => void = () => {};
    const snapshot = new Promise<(RestingOrder & { symbol: string })[]>((resolve) => (answer = resolve));
    const reloading = index.reload(() => snapshot, same);
    // A second tick asks for a reload meanwhile: it waits for the running one.
    const alsoReloading = index.reload(async () => [], same);
    // While the database is read: order 3 is placed here, order 2 is cancelled here.
    index.add('UCB.BR', order({ id: 3n, limitPriceMinor: 1_000_0000n }));
    index.remove('KBC.BR', 2n);
    // The snapshot was taken before both: it has orders 1 and 2, not 3.
    answer([
      { ...order({ id: 1n, limitPriceMinor: 100_0000n }), symbol: 'KBC.BR' },
      { ...order({ id: 2n, limitPriceMinor: 100_0000n }), symbol: 'KBC.BR' },
    ]);
    await Promise.all([reloading, alsoReloading]);
    expect(index.crossed('KBC.BR', quote(95_0000n)).map((found) => found.order.id)).toEqual([1n]);
    expect(index.crossed('UCB.BR', quote(95_0000n)).map((found) => found.order.id)).toEqual([3n]);
    expect(index.size).toBe(2);
    // After the reload, changes are no longer replayed over the next one.
    await index.reload(async () => [], same);
    expect(index.size).toBe(0);
  });

  it('builds a large reload aside between turns of the event loop, then swaps it in with the changes made meanwhile', async () => {
    const index = new RestingOrderIndex();
    index.add('KBC.BR', order({ id: 1n, limitPriceMinor: 100_0000n }));
    const rows = Array.from({ length: 12_000 }, (_, at) => ({
      ...order({ id: BigInt(1_000 + at), limitPriceMinor: 1_0000n }),
      symbol: `S${at % 500}.BR`,
    }));
    const reloading = index.reload(async () => rows, same);
    await new Promise((resolve) => setImmediate(resolve));
    // A chunk is built, not the whole: the old index still answers, and a placement lands.
    expect(index.size).toBe(1);
    expect(index.crossed('KBC.BR', quote(95_0000n)).map((found) => found.order.id)).toEqual([1n]);
    index.add('UCB.BR', order({ id: 99_999n, limitPriceMinor: 1_000_0000n }));
    await reloading;
    expect(index.size).toBe(12_001);
    expect(index.has('KBC.BR')).toBe(false);
    expect(index.crossed('UCB.BR', quote(95_0000n)).map((found) => found.order.id)).toEqual([99_999n]);
  });

  it('moves trailing references and reports what to store', () => {
    const index = new RestingOrderIndex();
    index.add(
      'KBC.BR',
      order({
        id: 7n,
        side: 'sell',
        type: 'trailing_stop',
        trailAmountMinor: 1_0000n,
        trailReferenceMinor: 50_0000n,
      }),
    );
    expect(index.trailingMoves('KBC.BR', 49_0000n)).toEqual([]);
    expect(index.trailingMoves('KBC.BR', 52_0000n)).toEqual([{ orderId: 7n, referenceMinor: 52_0000n }]);
    expect(index.crossed('KBC.BR', quote(51_5000n))).toEqual([]);
    expect(index.crossed('KBC.BR', quote(51_0000n))).toHaveLength(1);
  });
});

describe('an announcement of a resting order (the fan-out bus between nodes)', () => {
  it('carries the order whole, ids and prices past 2^53 included', () => {
    const trailing = order({
      id: 9_007_199_254_740_993n,
      side: 'sell',
      type: 'trailing_stop',
      trailBasisPoints: 250,
      trailReferenceMinor: 9_007_199_254_740_995n,
    });
    const stopLimit = order({
      id: 42n,
      type: 'stop_limit',
      limitPriceMinor: 101_0000n,
      stopPriceMinor: 100_0000n,
    });
    for (const sent of [trailing, stopLimit, order({ type: 'market' })]) {
      expect(announcedOf(announcementOf('KBC.BR', sent))).toEqual({ symbol: 'KBC.BR', order: sent });
    }
  });

  it('is ignored when it is not one: not JSON, a field missing or of another shape', () => {
    const valid = JSON.parse(announcementOf('KBC.BR', order({ limitPriceMinor: 1n })));
    for (const message of [
      'not json',
      '[]',
      JSON.stringify({ ...valid, id: '0' }),
      JSON.stringify({ ...valid, id: '-1' }),
      JSON.stringify({ ...valid, id: 5 }),
      JSON.stringify({ ...valid, type: 'allotment' }),
      JSON.stringify({ ...valid, side: 'short' }),
      JSON.stringify({ ...valid, limit: '1.5' }),
      JSON.stringify({ ...valid, trailBasisPoints: 10_001 }),
      JSON.stringify({ ...valid, symbol: '' }),
      JSON.stringify({ symbol: 'KBC.BR' }),
    ]) {
      expect(announcedOf(message)).toBeNull();
    }
  });
});
