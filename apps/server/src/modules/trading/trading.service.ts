import {
  DomainError,
  TRADING_LIMITS,
  formatCash,
  formatDecimal,
  parseDecimal,
  scales,
  tobClasses,
  tradableMarkets,
  type CostPreviewData,
  type Currency,
  type OrderTicket,
  type TobClass,
} from '@beurs/contract';
import type { TradingConfig } from '../../config';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Quote } from '../../market/provider';
import { addDays } from '../../market/zoned-time';
import type { MarketService } from '../market/market.service';
import {
  formatPrice,
  formatQuantity,
  parseQuantity,
  priceTicket,
  tradableInstrument,
  type TradableInstrument,
} from './order-ticket';
import {
  computeTradeCosts,
  quantityForAmount,
  type EurUsdRate,
  type FxConversion,
  type TradeCosts,
} from './trade-costs';

// Trading (issue 11): the order ticket priced before the user confirms. Prices come only from the
// market source (the market service); this module never makes one up. The preview writes nothing.

export type TradingServiceDeps = {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  trading: TradingConfig;
  fxSpreadBasisPoints: number;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function createTradingService(deps: TradingServiceDeps) {
  const { db, clock, ledger, market, trading, fxSpreadBasisPoints } = deps;

  async function eurUsdRate(): Promise<EurUsdRate> {
    const rate = await market.fxRate('EUR', 'USD');
    const rateMinor = parseDecimal(rate.rate, scales.fxRate);
    if (rateMinor === null || rateMinor <= 0n) throw new DomainError('PRICE_UNAVAILABLE');
    return { rateMinor, source: rate.source, timestamp: new Date(rate.timestamp) };
  }

  async function quoteOrNull(symbol: string): Promise<Quote | null> {
    try {
      return await market.currentQuote(symbol);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PRICE_UNAVAILABLE') return null;
      throw error;
    }
  }

  /** When an order entered now expires: a day order at the (next) regular close, GTC at its day's close. */
  function expiryOf(tradable: TradableInstrument, ticket: OrderTicket, nowMs: number) {
    const { instrument } = tradable;
    const session = market.regularSession(instrument, nowMs);
    if (ticket.timeInForce === 'ioc' || ticket.timeInForce === 'fok') return null;
    if (ticket.timeInForce === 'day') {
      if (session.closesAtMs !== null) return session.closesAtMs;
      return session.opensAtMs === null
        ? null
        : market.regularSession(instrument, session.opensAtMs).closesAtMs;
    }
    const today = market.venueDate(instrument, nowMs);
    const latest = addDays(today, TRADING_LIMITS.gtcDaysMax);
    const expiresOn = ticket.expiresOn ?? latest;
    if (expiresOn < today || expiresOn > latest)
      throw new DomainError('ORDER_EXPIRY_OUT_OF_RANGE', { latest });
    const closeMs = market.regularCloseOnOrBefore(instrument, expiresOn);
    if (closeMs === null || closeMs <= nowMs) throw new DomainError('ORDER_EXPIRY_OUT_OF_RANGE', { latest });
    return closeMs;
  }

  /** Every figure of a ticket: the checks of the price rules, the quantity, the costs. */
  async function priceOrder(userId: bigint, ticket: OrderTicket) {
    const nowMs = clock.now().getTime();
    const tradable = tradableInstrument(market.instrumentOf(ticket.symbol), trading);
    const { instrument, currency } = tradable;
    const payCurrency: Currency = ticket.payCurrency ?? currency;
    const quantityGiven = ticket.quantity === undefined ? null : parseQuantity(ticket.quantity, tradable);
    const session = market.regularSession(instrument, nowMs);
    const quote = await quoteOrNull(instrument.symbol);
    const priced = priceTicket({
      ticket,
      quote,
      session,
      collarPercent: tradable.collarPercent,
      nowMs,
      graceMs: trading.quoteGraceMs,
    });
    const expiresAtMs = expiryOf(tradable, ticket, nowMs);
    const needsRate = currency !== 'EUR' || payCurrency !== currency;
    const eurUsd = needsRate ? await eurUsdRate() : null;
    const base = {
      quantityScale: instrument.quantityScale,
      priceMinor: priced.priceMinor,
      tradeCurrency: currency,
      payCurrency,
      fee: tradable.fee,
      tob: { class: instrument.tobClass, ...trading.tob[instrument.tobClass] },
      eurUsd,
      fxSpreadBasisPoints,
    };
    let quantityMinor: bigint;
    let costs: TradeCosts;
    let isRoundedDown = false;
    if (quantityGiven !== null) {
      quantityMinor = quantityGiven;
      costs = computeTradeCosts({ ...base, side: ticket.side, quantityMinor });
    } else {
      const amount = ticket.amount as bigint;
      const found = quantityForAmount(base, amount, tradable.stepMinor);
      if (!found) {
        const oneStep = computeTradeCosts({ ...base, side: 'buy', quantityMinor: tradable.stepMinor });
        throw new DomainError('BELOW_PRODUCT_MINIMUM', { minimum: formatCash(oneStep.totalPayMinor) });
      }
      quantityMinor = found.quantityMinor;
      costs = found.costs;
      isRoundedDown = found.costs.totalPayMinor < amount;
    }
    if (ticket.side === 'sell' && costs.totalPayMinor <= 0n) {
      throw new DomainError('BELOW_PRODUCT_MINIMUM', {
        minimum: formatCash(costs.fee.amountMinor + costs.tob.amountMinor),
      });
    }
    // A pending buy freezes the total; a market buy waiting for the open, the total at a buffered price.
    const reserveMinor =
      ticket.side === 'sell'
        ? 0n
        : ticket.type === 'market' && priced.willQueueForOpen
          ? computeTradeCosts({
              ...base,
              side: 'buy',
              quantityMinor,
              priceMinor:
                priced.priceMinor +
                (priced.priceMinor * BigInt(trading.marketBuyBufferBasisPoints) + 9_999n) / 10_000n,
            }).totalPayMinor
          : costs.totalPayMinor;
    const balances = await ledger.getUserBalances(db, userId);
    const availableMinor = balances.find((balance) => balance.asset === payCurrency)?.available ?? 0n;
    return {
      tradable,
      ticket,
      payCurrency,
      quantityMinor,
      isRoundedDown,
      priced,
      quote,
      session,
      costs,
      reserveMinor,
      availableMinor,
      expiresAtMs,
      nowMs,
    };
  }

  function presentPreview(priced: Awaited<ReturnType<typeof priceOrder>>): CostPreviewData {
    const { tradable, ticket, costs, quote, session } = priced;
    const { instrument } = tradable;
    const cashLeft =
      ticket.side === 'buy'
        ? priced.availableMinor - costs.totalPayMinor
        : priced.availableMinor + costs.totalPayMinor;
    return {
      symbol: instrument.symbol,
      code: instrument.code,
      name: instrument.name,
      market: tradable.market,
      currency: tradable.currency,
      side: ticket.side,
      type: ticket.type,
      timeInForce: ticket.timeInForce,
      quantity: formatQuantity(priced.quantityMinor, instrument.quantityScale),
      quantityScale: instrument.quantityScale,
      lotSize: instrument.lotSize,
      requestedAmount: ticket.amount === undefined ? null : formatCash(ticket.amount),
      isRoundedDown: priced.isRoundedDown,
      price: formatPrice(priced.priced.priceMinor),
      priceBasis: priced.priced.basis,
      quote: quote
        ? {
            bid: quote.bidMinor === null ? null : formatPrice(quote.bidMinor),
            ask: quote.askMinor === null ? null : formatPrice(quote.askMinor),
            last: formatPrice(quote.lastMinor),
            previousClose: formatPrice(quote.previousCloseMinor),
            source: quote.source,
            delayMs: quote.delayMs,
            timestamp: quote.timestamp.toISOString(),
            isSimulated: market.isSimulated,
          }
        : null,
      gross: formatCash(costs.grossMinor),
      fee: {
        basisPoints: costs.fee.basisPoints,
        minimum: formatCash(costs.fee.minimumMinor),
        amount: formatCash(costs.fee.amountMinor),
        isMinimum: costs.fee.isMinimum,
      },
      tob: presentTob(costs.tob),
      totalInTradeCurrency: formatCash(costs.totalTradeMinor),
      fx: costs.fx ? presentFx(costs.fx) : null,
      payCurrency: priced.payCurrency,
      total: formatCash(costs.totalPayMinor),
      available: formatCash(priced.availableMinor),
      cashLeft: formatCash(cashLeft),
      reserve: formatCash(priced.reserveMinor),
      session: {
        phase: session.phase,
        isOpen: session.isOpen,
        opensAt: iso(session.opensAtMs),
        closesAt: iso(session.closesAtMs),
        timeZone: session.timeZone,
      },
      willQueueForOpen: priced.priced.willQueueForOpen,
      sellLock: tradable.sellLock,
      settlementDays: market.settlement(instrument, priced.nowMs).days,
      collar: {
        low: formatPrice(priced.priced.collar.lowMinor),
        high: formatPrice(priced.priced.collar.highMinor),
        reference: formatPrice(priced.priced.collar.referenceMinor),
        percent: priced.priced.collar.percent,
      },
      expiresAt: iso(priced.expiresAtMs),
    };
  }

  return {
    /** Every cost of an order before confirming; writes nothing. */
    async preview(userId: bigint, ticket: OrderTicket): Promise<CostPreviewData> {
      return presentPreview(await priceOrder(userId, ticket));
    },

    /** The published schedule: fees, TOB, and each market's settlement, sell lock and collar. */
    fees() {
      const representative = new Map(
        market.provider
          .instruments()
          .filter((instrument) => (tradableMarkets as readonly string[]).includes(instrument.market))
          .map((instrument) => [instrument.market, instrument] as const),
      );
      return {
        schedule: [
          { assetClass: 'security' as const, schedule: trading.securityFee },
          { assetClass: 'crypto' as const, schedule: trading.cryptoFee },
        ].map(({ assetClass, schedule }) => ({
          assetClass,
          basisPoints: schedule.basisPoints,
          minimum: (assetClass === 'crypto' ? (['USD'] as const) : (['EUR', 'USD'] as const)).map(
            (currency) => ({
              currency,
              amount: formatCash(schedule.minimumMinor[currency]),
            }),
          ),
        })),
        tob: tobClasses
          .filter((tobClass) => tobClass !== 'none')
          .map((tobClass) => ({
            class: tobClass,
            rateBasisPoints: trading.tob[tobClass].basisPoints,
            capEur: formatCash(trading.tob[tobClass].capEurMinor),
          })),
        fxSpreadBasisPoints,
        marketBuyBufferBasisPoints: trading.marketBuyBufferBasisPoints,
        markets: tradableMarkets.map((tradableMarket) => {
          const instrument = representative.get(tradableMarket);
          const classes = new Set<TobClass>(
            market.provider
              .instruments()
              .filter((candidate) => candidate.market === tradableMarket)
              .map((candidate) => candidate.tobClass),
          );
          return {
            market: tradableMarket,
            settlementDays: instrument ? market.settlement(instrument, clock.now().getTime()).days : 0,
            sellLock: trading.sellLocks[tradableMarket],
            collarPercent: trading.collarPercent[tradableMarket],
            tobClasses: tobClasses.filter((tobClass) => classes.has(tobClass)),
          };
        }),
      };
    },
  };
}

export function presentTob(tob: TradeCosts['tob']) {
  return {
    class: tob.class,
    rateBasisPoints: tob.basisPoints,
    base: formatCash(tob.baseMinor),
    amount: formatCash(tob.amountMinor),
    cap: formatCash(tob.capMinor),
    capEur: formatCash(tob.capEurMinor),
    isCapped: tob.isCapped,
  };
}

export function presentFx(fx: FxConversion) {
  return {
    from: fx.from,
    to: fx.to,
    marketRate: formatDecimal(fx.marketRateMinor, scales.fxRate),
    spreadBasisPoints: fx.spreadBasisPoints,
    appliedRate: formatDecimal(fx.appliedRateMinor, scales.fxRate),
    amount: formatCash(fx.amountMinor),
    converted: formatCash(fx.convertedMinor),
    source: fx.source,
    timestamp: fx.timestamp.toISOString(),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
