import { divideRounded, placeableOrderTypes, type OrderType, type PlaceableOrderType } from '@beurs/contract';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';

// When a resting order crosses, on a quote: pure rules, one symbol at a time.
//
//   limit buy        ask ≤ limit                 → fills at the ask
//   limit sell       bid ≥ limit                 → fills at the bid
//   stop buy         last ≥ stop                 → fills at the ask (a market order once triggered)
//   stop sell        last ≤ stop                 → fills at the bid
//   stop-limit       the stop triggered and the limit crosses at the same quote
//   trailing stop    the stop trails the best price since placing (sale: highest last − trail;
//                    buy: lowest last + trail) by an amount or a percentage; then as a stop
//   market (queued)  the venue open and the quote fresh → at the ask / bid
//
// A sale never fills below its limit, a buy never above: the fill price is the quote's side.

export type RestingOrder = {
  readonly id: bigint;
  readonly side: 'buy' | 'sell';
  readonly type: PlaceableOrderType;
  readonly limitPriceMinor: bigint | null;
  readonly stopPriceMinor: bigint | null;
  readonly trailAmountMinor: bigint | null;
  readonly trailBasisPoints: number | null;
  readonly trailReferenceMinor: bigint | null;
};

const announcedOrder = z.object({
  symbol: z.string().min(1).max(40),
  id: z.string().regex(/^[1-9][0-9]{0,18}$/),
  side: z.enum(['buy', 'sell']),
  type: z.enum(placeableOrderTypes),
  limit: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .nullable(),
  stop: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .nullable(),
  trailAmount: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .nullable(),
  trailBasisPoints: z.number().int().min(0).max(10_000).nullable(),
  trailReference: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .nullable(),
});

const text = (value: bigint | null) => (value === null ? null : value.toString());
const number = (value: string | null) => (value === null ? null : BigInt(value));

/**
 * A resting order as its node announces it to the others (on the fan-out bus, as text), so that
 * they evaluate it too without waiting for their next read of every pending order. What a node
 * does with an announced order is only a hint: a fill claims the order's row and judges the
 * crossing again on the row as stored (`trading.service.ts`), so a forged or stale announcement
 * can make a node look at an order, never fill it against its own limit.
 */
export function announcementOf(symbol: string, order: RestingOrder): string {
  return JSON.stringify({
    symbol,
    id: order.id.toString(),
    side: order.side,
    type: order.type,
    limit: text(order.limitPriceMinor),
    stop: text(order.stopPriceMinor),
    trailAmount: text(order.trailAmountMinor),
    trailBasisPoints: order.trailBasisPoints,
    trailReference: text(order.trailReferenceMinor),
  });
}

/** The order of an announcement, or null when the text is not one (ignored). */
export function announcedOf(message: string): { symbol: string; order: RestingOrder } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  const result = announcedOrder.safeParse(parsed);
  if (!result.success) return null;
  const announced = result.data;
  return {
    symbol: announced.symbol,
    order: {
      id: BigInt(announced.id),
      side: announced.side,
      type: announced.type,
      limitPriceMinor: number(announced.limit),
      stopPriceMinor: number(announced.stop),
      trailAmountMinor: number(announced.trailAmount),
      trailBasisPoints: announced.trailBasisPoints,
      trailReferenceMinor: number(announced.trailReference),
    },
  };
}

/** Whether an order of this type can rest (an IPO `allotment` order is filled where it is made). */
export const isRestingType = (type: OrderType): type is PlaceableOrderType => type !== 'allotment';

export type QuoteSides = {
  readonly lastMinor: bigint;
  readonly bidMinor: bigint | null;
  readonly askMinor: bigint | null;
};

/** The trailing reference after a quote: the best last price seen (sale: highest; buy: lowest). */
export function nextTrailReference(order: RestingOrder, lastMinor: bigint): bigint {
  const reference = order.trailReferenceMinor ?? lastMinor;
  if (order.side === 'sell') return lastMinor > reference ? lastMinor : reference;
  return lastMinor < reference ? lastMinor : reference;
}

/** A trailing stop's current stop price from its reference. */
export function trailingStopPrice(order: RestingOrder, referenceMinor: bigint): bigint {
  const trail =
    order.trailAmountMinor ??
    divideRounded(referenceMinor * BigInt(order.trailBasisPoints ?? 0), 10_000n, 'half_up');
  return order.side === 'sell' ? referenceMinor - trail : referenceMinor + trail;
}

/** Whether a limit crosses at the side's price (a buy's ask at or under it, a sale's bid at or over). */
const limitCrosses = (isBuy: boolean, sidePrice: bigint, limit: bigint | null) =>
  limit !== null && (isBuy ? sidePrice <= limit : sidePrice >= limit);

/** Whether a stop triggers at the last price (a buy's at or over it, a sale's at or under). */
const stopTriggered = (isBuy: boolean, lastMinor: bigint, stop: bigint | null) =>
  stop !== null && (isBuy ? lastMinor >= stop : lastMinor <= stop);

/**
 * The price the order fills at on this quote, or null when it does not cross. Called for every
 * resting order of a symbol on each of its ticks: it makes no closures (bench/resting-orders.bench.ts).
 */
export function crossingPrice(order: RestingOrder, quote: QuoteSides): bigint | null {
  const isBuy = order.side === 'buy';
  const sidePrice = isBuy ? (quote.askMinor ?? quote.lastMinor) : (quote.bidMinor ?? quote.lastMinor);
  if (sidePrice <= 0n) return null;
  const last = quote.lastMinor;
  switch (order.type) {
    case 'market':
      return sidePrice;
    case 'limit':
      return limitCrosses(isBuy, sidePrice, order.limitPriceMinor) ? sidePrice : null;
    case 'stop':
      return stopTriggered(isBuy, last, order.stopPriceMinor) ? sidePrice : null;
    case 'stop_limit':
      return stopTriggered(isBuy, last, order.stopPriceMinor) &&
        limitCrosses(isBuy, sidePrice, order.limitPriceMinor)
        ? sidePrice
        : null;
    case 'trailing_stop': {
      const reference = nextTrailReference(order, last);
      return stopTriggered(isBuy, last, trailingStopPrice(order, reference)) ? sidePrice : null;
    }
  }
}

/** Rows of a reload mapped and indexed between two turns of the event loop. */
const RELOAD_CHUNK = 5_000;

function putInto(
  bySymbol: Map<string, Map<bigint, RestingOrder>>,
  symbol: string,
  order: RestingOrder,
): void {
  let orders = bySymbol.get(symbol);
  if (!orders) {
    orders = new Map();
    bySymbol.set(symbol, orders);
  }
  orders.set(order.id, order);
}

/**
 * The resting orders of every symbol, so that a tick on one symbol looks at that symbol's orders
 * only. Rebuilt from the database at start and on a period (orders placed on other nodes), and
 * updated at once by this node's placements, cancels and fills.
 */
export class RestingOrderIndex {
  private bySymbol = new Map<string, Map<bigint, RestingOrder>>();
  /** This node's changes made while a reload reads the database: replayed over its snapshot. */
  private changesDuringReload: (() => void)[] | null = null;
  private running: Promise<void> | null = null;
  /** How many reloads have ended (benches: a tick that asks for one while it runs waits for it). */
  reloads = 0;

  /**
   * Rebuilds the index from `load` (every pending resting order, as rows `toOrder` reads). A
   * placement, cancel or fill of this node that lands while the reload runs may be missing from (or
   * stale in) its snapshot, so each is replayed over it: an order placed during a reload is never
   * dropped until the next one. The new index is built aside, RELOAD_CHUNK rows per turn of the
   * event loop (100,000 orders take a few hundred milliseconds: requests and ticks go on between
   * the chunks), then put in place at once with the changes replayed.
   */
  reload<Row>(
    load: () => Promise<readonly Row[]>,
    toOrder: (row: Row) => (RestingOrder & { symbol: string }) | null,
  ): Promise<void> {
    // Ticks that ask for a reload while one runs wait for that one.
    this.running ??= (async () => {
      const changes: (() => void)[] = [];
      this.changesDuringReload = changes;
      try {
        const rows = await load();
        const fresh = new Map<string, Map<bigint, RestingOrder>>();
        for (let start = 0; start < rows.length; start += RELOAD_CHUNK) {
          if (start > 0) await yieldToEventLoop();
          for (const row of rows.slice(start, start + RELOAD_CHUNK)) {
            const order = toOrder(row);
            if (order) putInto(fresh, order.symbol, order);
          }
        }
        this.bySymbol = fresh;
        for (const change of changes) change();
        this.reloads += 1;
      } finally {
        this.changesDuringReload = null;
        this.running = null;
      }
    })();
    return this.running;
  }

  add(symbol: string, order: RestingOrder): void {
    this.put(symbol, order);
    this.changesDuringReload?.push(() => this.put(symbol, order));
  }

  remove(symbol: string, orderId: bigint): void {
    this.delete(symbol, orderId);
    this.changesDuringReload?.push(() => this.delete(symbol, orderId));
  }

  private put(symbol: string, order: RestingOrder): void {
    putInto(this.bySymbol, symbol, order);
  }

  private delete(symbol: string, orderId: bigint): void {
    const orders = this.bySymbol.get(symbol);
    orders?.delete(orderId);
    if (orders?.size === 0) this.bySymbol.delete(symbol);
  }

  hasOrder(symbol: string, orderId: bigint): boolean {
    return this.bySymbol.get(symbol)?.has(orderId) ?? false;
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  /** The orders of one symbol that cross on this quote, with their fill price. */
  crossed(symbol: string, quote: QuoteSides): { order: RestingOrder; priceMinor: bigint }[] {
    const found: { order: RestingOrder; priceMinor: bigint }[] = [];
    for (const order of this.bySymbol.get(symbol)?.values() ?? []) {
      const priceMinor = crossingPrice(order, quote);
      if (priceMinor !== null) found.push({ order, priceMinor });
    }
    return found;
  }

  /** Trailing stops of a symbol whose reference moves on this last price (to store). */
  trailingMoves(symbol: string, lastMinor: bigint): { orderId: bigint; referenceMinor: bigint }[] {
    const moves: { orderId: bigint; referenceMinor: bigint }[] = [];
    for (const order of this.bySymbol.get(symbol)?.values() ?? []) {
      if (order.type !== 'trailing_stop') continue;
      const referenceMinor = nextTrailReference(order, lastMinor);
      if (referenceMinor !== order.trailReferenceMinor) {
        moves.push({ orderId: order.id, referenceMinor });
        this.add(symbol, { ...order, trailReferenceMinor: referenceMinor });
      }
    }
    return moves;
  }

  get size(): number {
    let total = 0;
    for (const orders of this.bySymbol.values()) total += orders.size;
    return total;
  }
}
