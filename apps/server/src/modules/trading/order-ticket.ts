import {
  DomainError,
  divideRounded,
  formatDecimal,
  parseDecimal,
  scales,
  tradableMarkets,
  type Currency,
  type OrderTicket,
  type PriceBasis,
  type TradableMarket,
} from '@beurs/contract';
import type { SellLock, TradingConfig } from '../../config';
import type { Instrument, Quote } from '../../market/provider';
import type { RegularSession } from '../../market/trading-session';

// The rules of an order ticket that need no database: is the instrument tradable, is the quantity
// whole lots at its scale, which quote price applies, is a limit or stop inside the collar, may a
// market order go in now. Each broken rule is a catalogued refusal.

/** An instrument that can be traded, with the terms of its market. */
export type TradableInstrument = {
  readonly instrument: Instrument;
  readonly market: TradableMarket;
  readonly currency: Currency;
  /** Smallest quantity step in minor units: a lot of shares, or 10^-8 of a crypto unit. */
  readonly stepMinor: bigint;
  readonly sellLock: SellLock;
  readonly collarPercent: number;
  readonly fee: { readonly basisPoints: number; readonly minimumMinor: bigint };
};

const isTradableMarket = (market: string): market is TradableMarket =>
  (tradableMarkets as readonly string[]).includes(market);

export function tradableInstrument(instrument: Instrument, trading: TradingConfig): TradableInstrument {
  const currency = instrument.currency;
  if (!isTradableMarket(instrument.market) || (currency !== 'EUR' && currency !== 'USD')) {
    throw new DomainError('INSTRUMENT_NOT_TRADABLE', { symbol: instrument.symbol });
  }
  const schedule = instrument.kind === 'crypto' ? trading.cryptoFee : trading.securityFee;
  return {
    instrument,
    market: instrument.market,
    currency,
    stepMinor: instrument.quantityScale === 0 ? BigInt(instrument.lotSize) : 1n,
    sellLock: trading.sellLocks[instrument.market],
    collarPercent: trading.collarPercent[instrument.market],
    fee: { basisPoints: schedule.basisPoints, minimumMinor: schedule.minimumMinor[currency] },
  };
}

/** The typed quantity in minor units at the instrument's scale, in whole steps; else QUANTITY_NOT_WHOLE_LOTS. */
export function parseQuantity(text: string, tradable: TradableInstrument): bigint {
  const { instrument, stepMinor } = tradable;
  const minor = parseDecimal(text, instrument.quantityScale);
  if (minor === null || minor <= 0n || minor % stepMinor !== 0n) {
    throw new DomainError('QUANTITY_NOT_WHOLE_LOTS', {
      lotSize: instrument.lotSize,
      decimals: instrument.quantityScale,
    });
  }
  return minor;
}

export const formatQuantity = (minor: bigint, scale: number) => formatDecimal(minor, scale);
export const formatPrice = (minor: bigint) => formatDecimal(minor, scales.price);

/** A quote may be used for a fill only while it is younger than the provider's delay plus the grace. */
export function isFresh(quote: Quote, nowMs: number, graceMs: number): boolean {
  return quote.lastMinor > 0n && nowMs - quote.timestamp.getTime() <= quote.delayMs + graceMs;
}

/** The collar around the reference price (the last price): low rounded up, high rounded down. */
export function collarOf(referenceMinor: bigint, percent: number) {
  const low = divideRounded(referenceMinor * BigInt(100 - percent), 100n, 'up');
  const high = divideRounded(referenceMinor * BigInt(100 + percent), 100n, 'down');
  return { lowMinor: low, highMinor: high, referenceMinor, percent };
}

export type TicketPrice = {
  /** The price the cost estimate uses. */
  readonly priceMinor: bigint;
  readonly basis: PriceBasis;
  /** Entered now, the order waits for the open (the venue is closed). */
  readonly willQueueForOpen: boolean;
  readonly collar: ReturnType<typeof collarOf>;
};

/**
 * Which price a ticket is estimated at, after the price rules: PRICE_NOT_POSITIVE for a limit or
 * stop at or below 0; PRICE_LIMIT_EXCEEDED beyond the collar; MARKET_CLOSED for a market order
 * while the venue is closed (unless queued for the open); PRICE_UNAVAILABLE without a quote, or,
 * while the venue is open, without a fresh one.
 */
export function priceTicket(input: {
  ticket: Pick<
    OrderTicket,
    'side' | 'type' | 'limitPrice' | 'stopPrice' | 'trailAmount' | 'trailPercent' | 'queueForOpen'
  >;
  quote: Quote | null;
  session: RegularSession;
  collarPercent: number;
  nowMs: number;
  graceMs: number;
}): TicketPrice {
  const { ticket, quote, session } = input;
  for (const price of [ticket.limitPrice, ticket.stopPrice, ticket.trailAmount]) {
    if (price !== undefined && price <= 0n) throw new DomainError('PRICE_NOT_POSITIVE');
  }
  if (ticket.type === 'market' && !session.isOpen && !ticket.queueForOpen) {
    throw new DomainError('MARKET_CLOSED', {
      opensAt: session.opensAtMs === null ? '' : new Date(session.opensAtMs).toISOString(),
    });
  }
  if (!quote || quote.lastMinor <= 0n || quote.timestamp.getTime() <= 0)
    throw new DomainError('PRICE_UNAVAILABLE');
  const isFreshQuote = isFresh(quote, input.nowMs, input.graceMs);
  if (session.isOpen && !isFreshQuote) throw new DomainError('PRICE_UNAVAILABLE');
  const collar = collarOf(quote.lastMinor, input.collarPercent);
  for (const price of [ticket.limitPrice, ticket.stopPrice]) {
    if (price !== undefined && (price < collar.lowMinor || price > collar.highMinor)) {
      throw new DomainError('PRICE_LIMIT_EXCEEDED', {
        low: formatPrice(collar.lowMinor),
        high: formatPrice(collar.highMinor),
      });
    }
  }
  const willQueueForOpen = !session.isOpen;
  const isBuy = ticket.side === 'buy';
  const marketPrice = (): { priceMinor: bigint; basis: PriceBasis } => {
    const sidePrice = session.isOpen ? (isBuy ? quote.askMinor : quote.bidMinor) : null;
    return sidePrice !== null && sidePrice > 0n
      ? { priceMinor: sidePrice, basis: isBuy ? 'ask' : 'bid' }
      : { priceMinor: quote.lastMinor, basis: 'last' };
  };
  switch (ticket.type) {
    case 'market':
      return { ...marketPrice(), willQueueForOpen, collar };
    case 'limit':
    case 'stop_limit':
      return { priceMinor: ticket.limitPrice as bigint, basis: 'limit', willQueueForOpen, collar };
    case 'stop':
      return { priceMinor: ticket.stopPrice as bigint, basis: 'stop', willQueueForOpen, collar };
    case 'trailing_stop': {
      const trail =
        ticket.trailAmount ??
        divideRounded(
          quote.lastMinor * (parseDecimal(ticket.trailPercent ?? '0', 2) ?? 0n),
          10_000n,
          'half_up',
        );
      const stop = isBuy ? quote.lastMinor + trail : quote.lastMinor - trail;
      if (stop <= 0n) throw new DomainError('PRICE_NOT_POSITIVE');
      return { priceMinor: stop, basis: 'stop', willQueueForOpen, collar };
    }
  }
}
