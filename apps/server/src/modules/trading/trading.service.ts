import {
  DomainError,
  TRADING_LIMITS,
  currencies,
  divideRounded,
  formatCash,
  formatDecimal,
  parseDecimal,
  scales,
  tobClasses,
  tradableMarkets,
  type Asset,
  type CostPreviewData,
  type Currency,
  type OrderListTab,
  type PositionState,
  type OrderTicket,
  type TobClass,
} from '@beurs/contract';
import type { TradingConfig } from '../../config';
import { createBatcher } from '../../core/batcher';
import { createIdBlock } from '../../core/id-block';
import type { Clock } from '../../core/clock';
import type { InvalidationBus } from '../../core/invalidation-bus';
import { isPgError, type Database, type Executor, type Transaction } from '../../db/database';
import { roundLookup } from '../../db/read-round';
import type { LedgerService } from '../../ledger/ledger.service';
import type { CorporateAction, Instrument, Quote } from '../../market/provider';
import { houseAccount, userAccount } from '../../ledger/ledger-accounts';
import { dividendPayment, entitlements, type Withholding } from './corporate-actions';
import { addDays } from '../../market/zoned-time';
import type { MarketService } from '../market/market.service';
import {
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { FundPasswordService } from '../fund-password/fund-password.service';
import type { IdentityService } from '../identity/identity.service';
import type { MessagesService } from '../messages/messages.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { UsersService } from '../users/users.service';
import type { CreditService } from '../credit/credit.service';
import {
  dailyBorrowFeeMinor,
  marginPartMinor,
  dailyInterestMinor,
  type MarginService,
} from '../margin/margin.service';
import { createOrderExecution, type FillInput, type FillQuote } from './order-execution';
import { averageCostPriceMinor, marketValueMinor, sellLockCheck } from './position-math';
import { presentOrder } from './trading.present';
import * as repository from './trading.repository';
import type { LotRow, OrderRow, PositionRow } from './trading.repository';
import { tradingAsset } from './trading-asset';
import { describeTradingRecords, userRecordOrders } from './trading-records';
import type { RecordEntry } from '../../ledger/record-sources';
import { tradeReport, tradeReportLines } from './trade-report';
import { tradeReportPdf } from './trade-report-pdf';
import {
  RestingOrderIndex,
  announcedOf,
  announcementOf,
  crossingPrice,
  isRestingType,
  type RestingOrder,
} from './resting-orders';
import {
  formatPrice,
  formatQuantity,
  isFresh,
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

/** One IPO or placement allocation, as `allot` and `allotMany` take it. */
// The fixed-price ticket of IPO offerings and placements, for the offerings and placements modules.
export { fixedPricePreview, wholeLotQuantity } from './fixed-price-ticket';

export type AllotmentInput = {
  origin?: 'ipo' | 'placement';
  userId: bigint;
  subscriptionId: bigint;
  offeringId: bigint;
  symbol: string;
  quantityMinor: bigint;
  priceMinor: bigint;
  currency: Currency;
  fee: { basisPoints: number; minimumMinor: bigint };
  holdId: bigint;
  frozenMinor: bigint;
};

/** How many allotments one round of `allotMany` writes: every statement's parameters stay bounded. */
const ALLOT_CHUNK = 5_000;
/** How many rule sales (margin liquidations) one transaction of `placeManyForRule` writes. */
const RULE_BATCH = 500;

export type TradingServiceDeps = {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  identity: IdentityService;
  restrictions: RestrictionsService;
  fundPassword: FundPasswordService;
  users: UsersService;
  /** A resting order filled while the user was away is told as a message. */
  messages: MessagesService;
  trading: TradingConfig;
  fxSpreadBasisPoints: number;
  /** Buys on margin (issue 16); without it a leverage above 1.00 is MARGIN_NOT_ENABLED. */
  margin?: Pick<
    MarginService,
    | 'marginTicket'
    | 'lockLoans'
    | 'recordBorrow'
    | 'repayFromSale'
    | 'repayFromSales'
    | 'owed'
    | 'owedByCurrency'
    | 'dayTrading'
    | 'lending'
    | 'liquidationLock'
    | 'liquidationPrices'
  >;
  /** What the user owes on credit loans (issue 14): the account totals subtract it. */
  credit?: Pick<CreditService, 'owedOnLoans'>;
  /** The fan-out bus: this node's new resting orders announced to the others, theirs heard. */
  bus?: InvalidationBus;
};

/** The value of a settled promise, or its error thrown. */
const settled = <T>(result: PromiseSettledResult<T>): T => {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
};

const fail = (message: string): never => {
  throw new Error(message);
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * What a buy pays from its hold when it fills: the whole total for a cash buy, the initial part
 * (total × 100 / leverage, rounded up, as the hold and the fill count it) on margin.
 */
const cashPartMinor = (order: Pick<OrderRow, 'leverageHundredths'>, totalPayMinor: bigint) =>
  marginPartMinor(totalPayMinor, order.leverageHundredths);

export function createTradingService(deps: TradingServiceDeps) {
  const {
    db,
    clock,
    ledger,
    market,
    identity,
    restrictions,
    fundPassword,
    users,
    messages,
    trading,
    fxSpreadBasisPoints,
    margin,
    credit,
    bus,
  } = deps;
  const execution = createOrderExecution({ ledger, market, ...(margin ? { loans: margin } : {}) });
  const resting = new RestingOrderIndex();
  /** When this node last read every resting order from the database (orders placed on other nodes). */
  let restingLoadedAtMs = Number.NEGATIVE_INFINITY;
  /** A reload that failed beside the ticks, thrown by the next tick (then retried). */
  let reloadFailure: unknown = null;
  // Every node evaluates the orders placed on it as they are placed, and announces each to the
  // others on the fan-out bus (they evaluate it too: should this node stop, another fills it). The
  // read of every pending order is the safety net behind the bus (at most once: a message can be
  // lost) and what drops the orders ended on other nodes; it reads 100,000 orders in about 170 ms
  // of this node's CPU (bench/resting-orders.bench.ts), so it runs every 5 minutes, not on every
  // order placed elsewhere.
  const RESTING_RELOAD_MS = 5 * 60_000;
  bus?.subscribe('resting-orders', (message) => {
    const announced = announcedOf(message);
    // This node's own announcements come back (the local echo): its index already has them.
    if (announced && !resting.hasOrder(announced.symbol, announced.order.id)) {
      resting.add(announced.symbol, announced.order);
    }
  });
  /** Crossed orders filled in one transaction, and how many such batches run at once. */
  const FILL_BATCH = 50;
  const FILL_CONCURRENCY = 2;
  const EXPIRY_BATCH = 200;

  // When the ledger releases an order's hold at the hold's own expiry (`ledger.release-expired-holds`,
  // for a hold that carries `expires_at`), the order follows in that transaction and ends expired, so
  // it never stays pending with no money behind it. Its row is locked first, as cancel and the
  // order expiry lock it: whichever ends the order first wins, and the ledger releases the hold once.
  ledger.onHoldExpired('order', async (tx, hold) => {
    const order = await repository.lockOrder(tx, hold.userId, BigInt(hold.source.id));
    if (!order || order.holdId !== hold.holdId) return;
    if (order.state !== 'pending' && order.state !== 'partially_filled') return;
    const now = clock.now();
    await repository.updateOrder(tx, order.id, {
      state: 'expired',
      reason: null,
      reservedMinor: 0n,
      updatedAt: now,
      expiredAt: now,
    });
  });

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

  /**
   * While the user's margin liquidation runs (issue 16 item 4), the positions it may close are
   * locked: the user's own orders on a symbol they hold are refused (POSITION_LOCKED, until the
   * liquidation's lease end). The liquidation's own sales go through placeForRule.
   */
  /** POSITION_LOCKED while the user's liquidation (`lock`, read with the placement's reads) runs. */
  async function assertNotLiquidating(userId: bigint, symbol: string, lock: { until: Date } | null) {
    if (!lock) return;
    const instrument = market.instrumentOf(symbol);
    const held = await repository.allPositions(db, userId);
    if (held.some((row) => row.symbol === instrument.symbol && row.state === 'holding')) {
      throw new DomainError('POSITION_LOCKED', { until: lock.until.toISOString() });
    }
  }

  /** Every figure of a ticket: the checks of the price rules, the quantity, the costs. */
  async function priceOrder(userId: bigint, ticket: OrderTicket) {
    const nowMs = clock.now().getTime();
    const tradable = tradableInstrument(market.instrumentOf(ticket.symbol), trading);
    const { instrument, currency } = tradable;
    market.assertListed(instrument, nowMs);
    const payCurrency: Currency = ticket.payCurrency ?? currency;
    // A leverage above 1.00: the margin account open, the instrument marginable, within its cap;
    // a day trade (ticket.intraday): eligible, before the auto-close time, within the intraday cap.
    const marginTerms =
      ticket.side !== 'buy' ||
      ((ticket.leverage === undefined || ticket.leverage === '1.00') && ticket.intraday !== true)
        ? null
        : margin
          ? await margin.marginTicket(userId, {
              symbol: instrument.symbol,
              leverage: ticket.leverage,
              tradeCurrency: currency,
              payCurrency,
              intraday: ticket.intraday,
            })
          : (() => {
              throw new DomainError('MARGIN_NOT_ENABLED');
            })();
    // A short sale or buy-to-cover (issue 16 item 3): the lending rules and the short's terms.
    const shortTerms =
      ticket.direction !== 'short'
        ? null
        : margin
          ? await margin.lending.shortTerms(userId, {
              symbol: instrument.symbol,
              side: ticket.side,
              tradeCurrency: currency,
              payCurrency,
            })
          : (() => {
              throw new DomainError('MARGIN_NOT_ENABLED');
            })();
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
    const cashReserveMinor =
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
    // On margin only the initial part is frozen: total × 100 / leverage, rounded up.
    // A short sale freezes its initial margin on the short's value (the instrument's, rounded up).
    const reserveMinor =
      shortTerms && ticket.side === 'sell'
        ? divideRounded(costs.grossMinor * BigInt(shortTerms.initialBasisPoints), 10_000n, 'up')
        : marginTerms
          ? marginPartMinor(cashReserveMinor, marginTerms.leverageHundredths)
          : cashReserveMinor;
    return {
      tradable,
      ticket,
      marginTerms,
      shortTerms,
      costInput: base,
      payCurrency,
      quantityMinor,
      isRoundedDown,
      priced,
      quote,
      session,
      costs,
      reserveMinor,
      expiresAtMs,
      nowMs,
    };
  }

  type Priced = Awaited<ReturnType<typeof priceOrder>>;

  /**
   * Whether an order entered now fills at once, and at which quote: a market order, or a limit
   * order the quote already crosses (buy: ask ≤ limit; sell: bid ≥ limit), while the venue is open
   * and the quote fresh. Stops and trailing stops wait for the quote stream.
   */
  function immediateFill(priced: Awaited<ReturnType<typeof priceOrder>>): FillQuote | null {
    const { ticket, quote, session } = priced;
    if (!session.isOpen || !quote) return null;
    const isBuy = ticket.side === 'buy';
    const sidePrice = isBuy ? (quote.askMinor ?? quote.lastMinor) : (quote.bidMinor ?? quote.lastMinor);
    const basis = (isBuy ? quote.askMinor : quote.bidMinor) === null ? 'last' : isBuy ? 'ask' : 'bid';
    const fillQuote = {
      priceMinor: sidePrice,
      basis,
      source: quote.source,
      timestamp: quote.timestamp,
    } as const;
    if (ticket.type === 'market') return fillQuote;
    if (ticket.type === 'limit' && ticket.limitPrice !== undefined) {
      const crosses = isBuy ? sidePrice <= ticket.limitPrice : sidePrice >= ticket.limitPrice;
      return crosses ? fillQuote : null;
    }
    return null;
  }

  /** The fields that identify a placement request, for the idempotency hash. */
  function ticketHash(ticket: OrderTicket): string {
    const fields: Record<string, string | bigint> = {};
    for (const [key, value] of Object.entries(ticket)) {
      if (value !== undefined) fields[key] = typeof value === 'bigint' ? value : String(value);
    }
    return requestHash(fields);
  }

  async function present(order: OrderRow) {
    // An order with nothing filled has no fills to read (most answers to a placement).
    const fills = order.filledQuantityMinor === 0n ? [] : await repository.fillsOfOrders(db, [order.id]);
    return presentOrder(order, market.instrumentOf(order.symbol), fills);
  }

  /** A sale needs a holding, enough shares not frozen by other sales, and no sell lock on them. */
  async function assertSellable(
    tx: Transaction,
    userId: bigint,
    asset: Asset,
    symbol: string,
    priced: Priced,
  ) {
    const holding = await repository.findHolding(tx, userId, symbol);
    if (!holding) throw new DomainError('ORDER_NOT_HOLDING');
    // Proceeds repay the margin loan in their currency first: while one is owed in the trade
    // currency, a sale is paid in it.
    const tradeCurrency = priced.tradable.currency;
    if (
      margin &&
      priced.payCurrency !== tradeCurrency &&
      (await margin.owed(tx, userId, tradeCurrency)) > 0n
    ) {
      throw new DomainError('MARGIN_PAY_IN_TRADE_CURRENCY', { currency: tradeCurrency });
    }
    const balances = await ledger.getUserBalances(tx, userId);
    const availableMinor = balances.find((balance) => balance.asset === asset)?.available ?? 0n;
    const scale = priced.tradable.instrument.quantityScale;
    if (availableMinor < priced.quantityMinor) {
      throw new DomainError('INSUFFICIENT_POSITION', { available: formatQuantity(availableMinor, scale) });
    }
    const lock = priced.tradable.sellLock;
    const check = sellLockCheck({
      availableMinor,
      lots: await repository.openLots(tx, holding.id),
      quantityMinor: priced.quantityMinor,
      nowMs: priced.nowMs,
    });
    if (!check.isAllowed) {
      const until = new Date(check.untilMs).toISOString();
      throw lock.minutes > 0
        ? new DomainError('SELL_LOCKED_MINUTES', { minutes: lock.minutes, until })
        : new DomainError('SELL_LOCKED_DAYS', { days: lock.days, until });
    }
  }

  /**
   * What a pending order freezes: a sale its shares; a buy its cash — the estimate at the limit
   * (a limit caps the price), with the buffer where the fill price may exceed the estimate (a
   * market order waiting for the open, a triggered stop) or the rate may move (another currency).
   */
  function reserveOf(priced: Priced, fillsAtOnce: boolean): bigint {
    if (priced.shortTerms && priced.ticket.side === 'sell') return priced.reserveMinor;
    if (priced.ticket.side === 'sell') return priced.quantityMinor;
    const lev = priced.marginTerms?.leverageHundredths ?? 100;
    if (fillsAtOnce) return marginPartMinor(priced.costs.totalPayMinor, lev);
    const buffer = (amount: bigint) =>
      amount + (amount * BigInt(trading.marketBuyBufferBasisPoints) + 9_999n) / 10_000n;
    const type = priced.ticket.type;
    let reserve = priced.reserveMinor;
    if (type === 'stop' || type === 'trailing_stop') reserve = buffer(reserve);
    if (priced.costs.fx !== null) reserve = buffer(reserve);
    return reserve;
    // (priced.reserveMinor is already the initial part on margin.)
  }

  type PlacementKey = { idempotencyKey: string; hash: string };

  /** The order row a placement writes (pending, before its hold). */
  function orderValues(userId: bigint, priced: Priced, reservedMinor: bigint, key: PlacementKey) {
    const { ticket, tradable } = priced;
    const { instrument } = tradable;
    const now = new Date(priced.nowMs);
    return {
      userId,
      symbol: instrument.symbol,
      asset: tradingAsset(instrument),
      market: tradable.market,
      currency: tradable.currency,
      payCurrency: priced.payCurrency,
      side: ticket.side,
      type: ticket.type,
      timeInForce: ticket.timeInForce,
      quantityMinor: priced.quantityMinor,
      quantityScale: instrument.quantityScale,
      limitPriceMinor: ticket.limitPrice ?? null,
      stopPriceMinor: ticket.stopPrice ?? null,
      trailAmountMinor: ticket.trailAmount ?? null,
      trailBasisPoints:
        ticket.trailPercent === undefined ? null : Number(parseDecimal(ticket.trailPercent, 2) ?? 0n),
      trailReferenceMinor: ticket.type === 'trailing_stop' ? (priced.quote?.lastMinor ?? null) : null,
      isQueuedForOpen: priced.priced.willQueueForOpen,
      leverageHundredths: priced.marginTerms?.leverageHundredths ?? 100,
      direction: ticket.direction ?? ('long' as const),
      state: 'pending' as const,
      reservedMinor,
      expiresAt: priced.expiresAtMs === null ? null : new Date(priced.expiresAtMs),
      idempotencyKey: key.idempotencyKey,
      requestHash: key.hash,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The ledger hold of a pending order: cash for a buy, shares for a sale. */
  function holdOf(order: OrderRow, priced: Priced) {
    const { ticket, tradable } = priced;
    const { instrument } = tradable;
    return {
      idempotencyKey: `order:${order.id}:hold`,
      userId: order.userId,
      asset: ticket.side === 'buy' || priced.shortTerms ? priced.payCurrency : tradingAsset(instrument),
      amountMinor: order.reservedMinor,
      source: { type: 'order' as const, id: order.id.toString() },
      memo: `${ticket.side === 'buy' ? 'Buy' : 'Sell'} order ${order.id}: ${formatQuantity(priced.quantityMinor, instrument.quantityScale)} ${instrument.symbol} (${ticket.type})`,
    };
  }

  async function placeInTransaction(
    userId: bigint,
    priced: Priced,
    fillQuote: FillQuote | null,
    key: PlacementKey,
  ): Promise<OrderRow> {
    const { ticket, tradable } = priced;
    const { instrument } = tradable;
    const asset = tradingAsset(instrument);
    const now = new Date(priced.nowMs);
    const fillCosts = fillQuote
      ? fillQuote.priceMinor === priced.priced.priceMinor
        ? priced.costs
        : computeTradeCosts({
            ...priced.costInput,
            side: ticket.side,
            quantityMinor: priced.quantityMinor,
            priceMinor: fillQuote.priceMinor,
          })
      : null;
    return db.transaction(async (tx) => {
      // One placement at a time per user: the ledger then locks cash and share rows in one order.
      await users.lock(tx, userId);
      // The margin account's row before any ledger row (a fill may borrow or repay; see margin.service).
      if (margin) await margin.lockLoans(tx, [userId]);
      if (margin && priced.shortTerms) {
        // One lending operation per symbol at a time: the pool read here is the one the fill borrows.
        await margin.lending.lockSymbol(tx, instrument.symbol);
        if (ticket.side === 'sell') {
          const poolMinor = await margin.lending.poolAvailable(tx, instrument.symbol, [userId]);
          if (poolMinor < priced.quantityMinor) throw new DomainError('MARGIN_QUOTA_FULL');
          await ledger.openUserAccountKinds(tx, userId, ['margin']);
        } else {
          const short = await repository.findHolding(tx, userId, instrument.symbol, 'short');
          const shortMinor = short?.quantityMinor ?? 0n;
          if (shortMinor < priced.quantityMinor) {
            throw new DomainError('INSUFFICIENT_POSITION', {
              available: formatQuantity(shortMinor, instrument.quantityScale),
            });
          }
        }
      } else if (ticket.side === 'sell') await assertSellable(tx, userId, asset, instrument.symbol, priced);
      const reservedMinor = reserveOf(priced, fillQuote !== null);
      let order = await repository.insertOrder(tx, orderValues(userId, priced, reservedMinor, key));
      // A buy-to-cover returns the shares to their lenders and the covered collateral to the cash
      // before its hold, which then freezes the cover's cost like any buy.
      if (margin && priced.shortTerms && ticket.side === 'buy') {
        await margin.lending.cover(tx, {
          userId,
          symbol: instrument.symbol,
          quantityMinor: priced.quantityMinor,
          orderId: order.id,
        });
      }
      const hold = holdOf(order, priced);
      const { holdId } = await ledger.hold(tx, hold);
      order = await repository.updateOrder(tx, order.id, { holdId });
      if (fillQuote && fillCosts) {
        const filled = (
          await execution.fill(tx, {
            order,
            instrument,
            quote: fillQuote,
            costs: fillCosts,
            eurUsd: priced.costInput.eurUsd,
            sellLock: tradable.sellLock,
            now,
          })
        ).order;
        // A day trade (issue 16 item 5): marked intraday in the fill's transaction, for the auto-close.
        if (margin && priced.marginTerms?.isIntraday === true && filled.filledQuantityMinor > 0n) {
          await margin.dayTrading.record(tx, {
            orderId: filled.id,
            userId,
            symbol: instrument.symbol,
            quantityMinor: filled.filledQuantityMinor,
          });
        }
        return filled;
      }
      if (ticket.timeInForce === 'ioc' || ticket.timeInForce === 'fok') {
        // Nothing crosses now: an immediate-or-cancel or fill-or-kill order ends unfilled.
        await ledger.voidHold(tx, {
          idempotencyKey: `order:${order.id}:void`,
          holdId,
          source: hold.source,
          memo: `Order ${order.id} not filled at once (${ticket.timeInForce})`,
        });
        return repository.updateOrder(tx, order.id, {
          state: 'cancelled',
          reason: 'NOT_FILLED_AT_ONCE',
          reservedMinor: 0n,
          cancelledAt: now,
          updatedAt: now,
        });
      }
      return order;
    });
  }

  // Buys that will rest (nothing crosses now, not IOC/FOK) are the bulk of placements under load;
  // they are written in batches (core/batcher.ts), each batch ONE statement without `begin` or
  // `commit`: the ledger's hold batch (`holdMany`, each order judged alone) with the orders whose
  // cash it held inserted beside it (`alongside`), all or nothing. The order ids are drawn ahead
  // (`orderIds`) so the hold's key, source and memo can name them. An order whose cash is short is
  // not written and is refused as alone. A user has at most one order in a batch. A key written
  // meanwhile (a twin request) fails the statement; the batch is then written the transactional way
  // (`writeRestingBatchInTransaction`), which answers null for the twin: the caller answers the
  // twin's order, as for a single placement.
  type RestingPlacement = { userId: bigint; priced: Priced; key: PlacementKey };
  const orderIds = createIdBlock((count) => repository.drawOrderIds(db, count), 1024);
  /** Resting batches written in one statement, and those that met a twin's key (tests, benches). */
  const restingStats = { statements: 0, twinFallbacks: 0 };

  async function writeRestingBatch(
    placements: readonly RestingPlacement[],
  ): Promise<Array<OrderRow | null | Error>> {
    const ids = await orderIds.take(placements.length);
    const rows = placements.map(({ userId, priced, key }, index): OrderRow => ({
      ...orderValues(userId, priced, reserveOf(priced, false), key),
      id: ids[index] ?? fail('an order id was not drawn'),
      // Every column given, so the row answered is the row written (no database default).
      leverage: 1,
      filledQuantityMinor: 0n,
      reason: null,
      holdId: null,
      filledAt: null,
      cancelledAt: null,
      expiredAt: null,
      rejectedAt: null,
    }));
    try {
      const holds = await ledger.holdMany(
        db,
        rows.map((row, index) => holdOf(row, (placements[index] as RestingPlacement).priced)),
        { alongside: (held) => repository.insertHeldOrdersSql(rows, held) },
      );
      restingStats.statements += 1;
      return holds.map((hold, index) =>
        hold instanceof Error ? hold : { ...(rows[index] as OrderRow), holdId: hold.holdId },
      );
    } catch (error) {
      if (!isPgError(error, '23505')) throw error;
      restingStats.twinFallbacks += 1;
      return writeRestingBatchInTransaction(placements);
    }
  }

  // The same batch the transactional way, for a batch that met a twin's key: one transaction
  // inserts the orders (a key taken is skipped: null, the caller answers the twin's order), holds
  // their cash in one ledger statement, sets the hold ids and deletes the orders whose hold was
  // refused.
  async function writeRestingBatchInTransaction(
    placements: readonly RestingPlacement[],
  ): Promise<Array<OrderRow | null | Error>> {
    return db.transaction(async (tx) => {
      const inserted = await repository.insertOrdersUnlessKeyed(
        tx,
        placements.map(({ userId, priced, key }) =>
          orderValues(userId, priced, reserveOf(priced, false), key),
        ),
      );
      const byKey = new Map(inserted.map((row) => [`${row.userId}\0${row.idempotencyKey}`, row]));
      const rows = placements.map(({ userId, key }) => byKey.get(`${userId}\0${key.idempotencyKey}`));
      const written = placements.flatMap((placement, index) => {
        const row = rows[index];
        return row ? [{ index, row, placement }] : [];
      });
      const holds = await ledger.holdMany(
        tx,
        written.map(({ row, placement }) => holdOf(row, placement.priced)),
      );
      // null: the key was taken meanwhile (a twin request); the caller answers the twin's order.
      const answers: Array<OrderRow | null | Error> = placements.map(() => null);
      const unheld: bigint[] = [];
      const held: Array<{ orderId: bigint; holdId: bigint }> = [];
      written.forEach(({ index, row }, position) => {
        const hold = holds[position] as Awaited<ReturnType<typeof ledger.holdMany>>[number];
        if (hold instanceof Error) {
          unheld.push(row.id);
          answers[index] = hold;
        } else {
          held.push({ orderId: row.id, holdId: hold.holdId });
          answers[index] = { ...row, holdId: hold.holdId };
        }
      });
      await repository.setHoldIds(tx, held);
      await repository.deleteUnheldOrders(tx, unheld);
      return answers;
    });
  }

  // Market sales by a rule (margin liquidations, issue 16 item 4) in batches: one transaction locks
  // the batch's users and margin accounts, checks each sale as `placeInTransaction` does (a long
  // holding, no sell-locked lot in the way) in two reads, inserts the orders in one statement,
  // holds their shares in one ledger statement (`holdMany`, each judged alone), sets the hold ids
  // and fills them together (`execution.fillMany`, as the resting fills and the IPO allotments):
  // the same rows and ledger entries as one `placeInTransaction` per sale. A sale a check would
  // refuse, whose key is taken or whose hold is refused is not written here (null): the caller
  // places it alone, which answers what a single placement answers.
  type RuleSale = { userId: bigint; priced: Priced; fillQuote: FillQuote; key: PlacementKey };
  /** Rule placements written in batches, placed alone, and batches that failed (tests, benches). */
  const ruleStats = { batches: 0, batched: 0, alone: 0, failedBatches: 0 };

  /** The costs at the fill's quote (as `placeInTransaction` computes them). */
  function costsAtFill(priced: Priced, fillQuote: FillQuote): TradeCosts {
    return fillQuote.priceMinor === priced.priced.priceMinor
      ? priced.costs
      : computeTradeCosts({
          ...priced.costInput,
          side: priced.ticket.side,
          quantityMinor: priced.quantityMinor,
          priceMinor: fillQuote.priceMinor,
        });
  }

  async function writeRuleSalesBatch(sales: readonly RuleSale[]): Promise<Array<OrderRow | null>> {
    return db.transaction(async (tx) => {
      const userIds = sales.map((sale) => sale.userId);
      await users.lockMany(tx, userIds);
      if (margin) await margin.lockLoans(tx, userIds);
      const pair = (userId: bigint, symbol: string) => `${userId}\0${symbol}`;
      const holdings = new Map(
        (await repository.holdingPositionsOf(tx, userIds))
          .filter((row) => row.direction === 'long')
          .map((row) => [pair(row.userId, row.symbol), row]),
      );
      const lots = await repository.openLotsOfPositions(
        tx,
        [...holdings.values()].map((row) => row.id),
      );
      const writable = sales.flatMap((sale, index) => {
        const holding = holdings.get(pair(sale.userId, sale.priced.tradable.instrument.symbol));
        if (!holding) return [];
        // A lot still under its sell lock: `assertSellable` decides (the sale is placed alone).
        const isLocked = lots.some(
          (lot) =>
            lot.positionId === holding.id &&
            lot.lockedUntil !== null &&
            lot.lockedUntil.getTime() > sale.priced.nowMs,
        );
        return isLocked ? [] : [{ index, sale }];
      });
      const inserted = await repository.insertOrdersUnlessKeyed(
        tx,
        writable.map(({ sale }) =>
          orderValues(sale.userId, sale.priced, reserveOf(sale.priced, true), sale.key),
        ),
      );
      const byKey = new Map(inserted.map((row) => [`${row.userId}\0${row.idempotencyKey}`, row]));
      const written = writable.flatMap(({ index, sale }) => {
        const row = byKey.get(`${sale.userId}\0${sale.key.idempotencyKey}`);
        return row ? [{ index, sale, row }] : [];
      });
      const holds = await ledger.holdMany(
        tx,
        written.map(({ row, sale }) => holdOf(row, sale.priced)),
      );
      const unheld: bigint[] = [];
      const held: Array<{ orderId: bigint; holdId: bigint }> = [];
      const toFill: Array<{ index: number; input: FillInput }> = [];
      written.forEach(({ index, sale, row }, position) => {
        const hold = holds[position] as Awaited<ReturnType<typeof ledger.holdMany>>[number];
        if (hold instanceof Error) {
          unheld.push(row.id);
          return;
        }
        held.push({ orderId: row.id, holdId: hold.holdId });
        toFill.push({
          index,
          input: {
            order: { ...row, holdId: hold.holdId },
            instrument: sale.priced.tradable.instrument,
            quote: sale.fillQuote,
            costs: costsAtFill(sale.priced, sale.fillQuote),
            eurUsd: sale.priced.costInput.eurUsd,
            sellLock: sale.priced.tradable.sellLock,
            now: new Date(sale.priced.nowMs),
          },
        });
      });
      await repository.setHoldIds(tx, held);
      await repository.deleteUnheldOrders(tx, unheld);
      const filled = await execution.fillMany(
        tx,
        toFill.map(({ input }) => input),
      );
      const answers: Array<OrderRow | null> = sales.map(() => null);
      toFill.forEach(({ index }, position) => {
        answers[index] = filled[position]?.order ?? fail('a batched rule sale was not filled');
      });
      return answers;
    });
  }

  // Read before every placement (a replayed key answers the first order): in the shared round of
  // reads (db/read-round.ts), which answers only whether the key names an order; a replay then
  // reads that order whole.
  const orderIdByKey = roundLookup(db, repository.orderIdsByKeyRead);

  const restingPlacements = createBatcher<RestingPlacement, OrderRow | null>({
    run: writeRestingBatch,
    maxSize: 64,
    // One batch at a time: each batch then takes everything queued while the last one ran. Two to
    // six at a time made smaller batches and cost more CPU an order on both sides (bench/README.md,
    // results of 2026-11-26 19:05–20:02: 929–1,479 orders/s with two to six, 1,158–1,781 with one).
    concurrency: 1,
    keyOf: (placement) => placement.userId.toString(),
  });

  /** The live quote of each symbol, or null when none can be obtained (the row still shows). */
  async function quotesBySymbol(symbols: readonly string[]) {
    const unique = [...new Set(symbols)];
    const quotes = await Promise.all(unique.map((symbol) => quoteOrNull(symbol)));
    return new Map(unique.map((symbol, index) => [symbol, quotes[index] ?? null]));
  }

  /** A holding valued at the live last price for the margin side (0 without a price now). */
  function marginHoldingOf(
    row: Pick<PositionRow, 'symbol' | 'currency' | 'quantityMinor' | 'quantityScale' | 'direction'>,
    quote: { lastMinor: bigint } | null,
  ) {
    const value = quote ? marketValueMinor(row.quantityMinor, row.quantityScale, quote.lastMinor) : 0n;
    // A short (issue 16 item 3) is a liability: the borrowed shares at their price, negative.
    return {
      symbol: row.symbol,
      currency: row.currency,
      valueMinor: row.direction === 'short' ? -value : value,
    };
  }

  /** A holding with its cost and live quote, for a margin liquidation (`holdingsAtMarket`). */
  function atMarket(row: PositionRow, quote: Quote | null) {
    return {
      symbol: row.symbol,
      currency: row.currency,
      /** A short (issue 16 item 3): its cost is the proceeds received; it is closed by a buy. */
      direction: row.direction,
      quantity: formatQuantity(row.quantityMinor, row.quantityScale),
      costMinor: row.costMinor,
      valueMinor: quote ? marketValueMinor(row.quantityMinor, row.quantityScale, quote.lastMinor) : null,
      quote: quote
        ? {
            lastMinor: quote.lastMinor,
            bidMinor: quote.bidMinor,
            askMinor: quote.askMinor,
            timestamp: quote.timestamp,
          }
        : null,
    };
  }

  async function eurUsdOrNull(): Promise<EurUsdRate | null> {
    try {
      return await eurUsdRate();
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  const quantityScaleOf = (symbol: string) => market.instrumentOf(symbol).quantityScale;

  /** A calendar year's fills and dividends (UTC). */
  async function reportRows(userId: bigint, year: number) {
    const from = new Date(Date.UTC(year, 0, 1));
    const to = new Date(Date.UTC(year + 1, 0, 1));
    const [fills, dividends] = await Promise.all([
      repository.fillsBetween(db, userId, from, to),
      repository.dividendsBetween(db, userId, from, to),
    ]);
    return { fills, dividends };
  }

  /**
   * Account totals per cash currency, computed from the ledger and the positions (never stored):
   * total assets = available + frozen cash + margin cash + the holdings priced in that currency at
   * the live last price (at cost while no price can be had: never a made-up value) − what the user
   * owes on the margin loan and on credit loans (principal and interest due: a loan's cash is in
   * available, its debt is not the user's money); withdrawable = available −
   * sale proceeds still settling; total profit = realised P&L of sales + unrealised P&L of holdings
   * (market value − cost, fees and TOB included in cost) + dividends received net of withholding;
   * deposits, withdrawals, exchanges and corrections are not profit. A user without positions costs
   * two reads (balances and positions), as the account overview is read often.
   */
  async function accountTotals(userId: bigint) {
    const [sheet, held, owed, creditOwed] = await Promise.all([
      ledger.getUserBalanceSheet(db, userId),
      repository.allPositions(db, userId),
      margin ? margin.owedByCurrency(db, userId) : null,
      credit ? credit.owedOnLoans(db, userId) : null,
    ]);
    const { balances } = sheet;
    const marginCash = sheet.cashOfKind('margin');
    const today = clock.now().toISOString().slice(0, 10);
    const [quotes, unsettled, dividends] =
      held.length === 0
        ? [new Map<string, Quote | null>(), [], []]
        : await Promise.all([
            quotesBySymbol(held.filter((row) => row.state === 'holding').map((row) => row.symbol)),
            repository.unsettled(db, userId, today),
            repository.dividendsNet(db, userId),
          ]);
    return Promise.all(
      currencies.map(async (currency) => {
        const cash = balances.find((balance) => balance.asset === currency);
        const availableMinor = cash?.available ?? 0n;
        const frozenMinor = cash?.frozen ?? 0n;
        const settlingMinor = BigInt(unsettled.find((row) => row.currency === currency)?.amountMinor ?? '0');
        const dividendsMinor = BigInt(dividends.find((row) => row.currency === currency)?.netMinor ?? '0');
        let positionsValueMinor = 0n;
        let unrealisedPnlMinor = 0n;
        let realisedPnlMinor = 0n;
        for (const row of held) {
          if (row.currency !== currency) continue;
          realisedPnlMinor += row.realisedPnlMinor;
          if (row.state !== 'holding') continue;
          const quote = quotes.get(row.symbol) ?? null;
          const valueMinor = quote
            ? marketValueMinor(row.quantityMinor, row.quantityScale, quote.lastMinor)
            : row.costMinor;
          // A short (issue 16 item 3) owes its shares: a negative value, a gain when the price falls
          // below the proceeds received (its cost); the collateral is in the margin cash below.
          const isShort = row.direction === 'short';
          positionsValueMinor += isShort ? -valueMinor : valueMinor;
          unrealisedPnlMinor += isShort ? row.costMinor - valueMinor : valueMinor - row.costMinor;
        }
        // The margin side (issue 16): its cash (collateral, capital transfers) is the user's, and
        // what the margin loan owes (a shortfall after a liquidation included) is not.
        const marginCashMinor = marginCash.find((row) => row.currency === currency)?.balanceMinor ?? 0n;
        const owedMinor = owed?.get(currency) ?? 0n;
        // A credit loan (issue 14) lent cash into available: its principal and interest due are owed.
        const owedCreditMinor =
          creditOwed?.currency === currency ? creditOwed.principalMinor + creditOwed.interestMinor : 0n;
        const withdrawableMinor = availableMinor - settlingMinor;
        return {
          currency,
          availableMinor,
          frozenMinor,
          withdrawableMinor: withdrawableMinor > 0n ? withdrawableMinor : 0n,
          positionsValueMinor,
          marginCashMinor,
          owedMarginMinor: owedMinor,
          owedCreditMinor,
          /** Everything owed: the margin loan and credit loans. */
          owedMinor: owedMinor + owedCreditMinor,
          totalAssetsMinor:
            availableMinor +
            frozenMinor +
            marginCashMinor +
            positionsValueMinor -
            owedMinor -
            owedCreditMinor,
          unrealisedPnlMinor,
          realisedPnlMinor,
          dividendsMinor,
          totalProfitMinor: realisedPnlMinor + unrealisedPnlMinor + dividendsMinor,
        };
      }),
    );
  }

  const toEur = (amountMinor: bigint, currency: Currency, eurUsd: EurUsdRate | null): bigint | null =>
    currency === 'EUR'
      ? amountMinor
      : eurUsd
        ? divideRounded(amountMinor * 10n ** BigInt(scales.fxRate), eurUsd.rateMinor, 'half_up')
        : null;

  function presentPosition(
    position: PositionRow,
    quote: Quote | null,
    availableMinor: bigint,
    eurUsd: EurUsdRate | null,
    nowMs: number,
    lots: readonly LotRow[],
  ) {
    const instrument = market.instrumentOf(position.symbol);
    const scale = position.quantityScale;
    const isHeld = position.state === 'holding';
    const value = isHeld && quote ? marketValueMinor(position.quantityMinor, scale, quote.lastMinor) : null;
    // A short (issue 16 item 3) gains what its shares lost: proceeds received − value now.
    const sign = position.direction === 'short' ? -1n : 1n;
    const unrealised = value === null ? null : sign * (value - position.costMinor);
    const todayChange =
      isHeld && quote
        ? sign *
          (marketValueMinor(position.quantityMinor, scale, quote.lastMinor) -
            marketValueMinor(position.quantityMinor, scale, quote.previousCloseMinor))
        : null;
    const unrealisedEur = unrealised === null ? null : toEur(unrealised, position.currency, eurUsd);
    const locked = lots
      .map((lot) => lot.lockedUntil?.getTime() ?? 0)
      .filter((until) => until > nowMs)
      .sort((a, b) => b - a);
    return {
      id: position.id.toString(),
      symbol: position.symbol,
      code: instrument.code,
      name: instrument.name,
      market: instrument.market,
      currency: position.currency,
      direction: position.direction,
      leverage: position.leverage,
      state: position.state,
      quantity: formatQuantity(position.quantityMinor, scale),
      availableQuantity: formatQuantity(isHeld ? availableMinor : 0n, scale),
      averageCost: formatPrice(averageCostPriceMinor(position, scale)),
      costBasis: formatCash(position.costMinor),
      lastPrice: quote ? formatPrice(quote.lastMinor) : null,
      marketValue: value === null ? null : formatCash(value),
      unrealisedPnl: unrealised === null ? null : formatCash(unrealised),
      unrealisedPnlEur: unrealisedEur === null ? null : formatCash(unrealisedEur),
      realisedPnl: formatCash(position.realisedPnlMinor),
      realisedPnlEur: formatCash(position.realisedPnlEurMinor),
      todayChange: todayChange === null ? null : formatCash(todayChange),
      lockedUntil: locked[0] === undefined ? null : new Date(locked[0]).toISOString(),
      openedAt: position.openedAt.toISOString(),
      closedAt: position.closedAt === null ? null : position.closedAt.toISOString(),
    };
  }

  type PositionMargin = {
    leverage: string;
    marginPaid: string;
    borrowed: string;
    liquidationPrice: string | null;
  };

  /**
   * The margin figures of held positions (issue 16): over each one's open lots at their fill prices,
   * the initial part paid (the lot's cost × 100 / its order's leverage, rounded up, as the fill paid
   * it) and the rest borrowed, the leverage (cost / paid, two decimals, rounded down) and the
   * liquidation price (margin.liquidationPrices); and whether the account's liquidation runs. A
   * short (item 3) borrowed its shares: borrowed is their value at the sale prices, paid the initial
   * margin held on it (margin.lending.shortFigures).
   */
  async function marginOfPositions(
    userId: bigint,
    items: readonly { position: PositionRow; lots: readonly LotRow[]; quote: Quote | null }[],
  ) {
    const none = { margin: null, isLiquidating: false };
    const byId = new Map<bigint, { margin: PositionMargin | null; isLiquidating: boolean }>();
    if (!margin) return byId;
    const hasShort = items.some(({ position }) => position.direction === 'short');
    const [lock, leverages, shorts] = await Promise.all([
      margin.liquidationLock(userId),
      repository.leverageOfFills(
        db,
        items.flatMap((item) => item.lots.map((lot) => lot.fillId)),
      ),
      hasShort ? margin.lending.shortFigures(userId) : Promise.resolve(null),
    ]);
    const marginParts = items.map(({ position, lots }) => {
      if (position.state !== 'holding') return null;
      if (position.direction === 'short') {
        const short = shorts?.get(position.symbol);
        return short && short.borrowedMinor > 0n && short.initialMinor > 0n
          ? {
              costMinor: short.borrowedMinor,
              paidMinor: short.initialMinor,
              borrowedMinor: short.borrowedMinor,
            }
          : null;
      }
      let costMinor = 0n;
      let paidMinor = 0n;
      for (const lot of lots) {
        const lotCost = marketValueMinor(lot.remainingMinor, position.quantityScale, lot.priceMinor);
        costMinor += lotCost;
        paidMinor += marginPartMinor(lotCost, leverages.get(lot.fillId) ?? 100);
      }
      return paidMinor < costMinor && paidMinor > 0n
        ? { costMinor, paidMinor, borrowedMinor: costMinor - paidMinor }
        : null;
    });
    const onMargin = items.filter((_, index) => marginParts[index] !== null);
    const prices =
      onMargin.length === 0
        ? new Map<string, bigint | null>()
        : await margin.liquidationPrices(
            userId,
            onMargin.map(({ position, quote }) => ({
              symbol: position.symbol,
              direction: position.direction,
              currency: position.currency,
              quantityMinor: position.quantityMinor,
              quantityScale: position.quantityScale,
              lastMinor: quote?.lastMinor ?? null,
            })),
          );
    items.forEach(({ position }, index) => {
      const part = marginParts[index];
      const isLiquidating = lock !== null && position.state === 'holding';
      if (!part) {
        byId.set(position.id, { ...none, isLiquidating });
        return;
      }
      const liquidationPrice = prices.get(`${position.symbol}:${position.direction}`) ?? null;
      byId.set(position.id, {
        isLiquidating,
        margin: {
          leverage: formatDecimal(divideRounded(part.costMinor * 100n, part.paidMinor, 'down'), 2),
          marginPaid: formatCash(part.paidMinor),
          borrowed: formatCash(part.borrowedMinor),
          liquidationPrice: liquidationPrice === null ? null : formatPrice(liquidationPrice),
        },
      });
    });
    return byId;
  }

  const assetAvailable = (balances: readonly { asset: string; available: bigint }[], asset: string) =>
    balances.find((balance) => balance.asset === asset)?.available ?? 0n;

  const restingOf = (order: OrderRow): RestingOrder => ({
    id: order.id,
    side: order.side,
    type: isRestingType(order.type) ? order.type : fail(`order ${order.id} (${order.type}) cannot rest`),
    limitPriceMinor: order.limitPriceMinor,
    stopPriceMinor: order.stopPriceMinor,
    trailAmountMinor: order.trailAmountMinor,
    trailBasisPoints: order.trailBasisPoints,
    trailReferenceMinor: order.trailReferenceMinor,
  });

  async function reloadResting(nowMs: number) {
    await resting.reload(
      () => repository.pendingRestingOrders(db),
      (row) => {
        const order = repository.restingOrderOf(row);
        return isRestingType(order.type) ? { ...order, type: order.type } : null;
      },
    );
    restingLoadedAtMs = nowMs;
  }

  /** Releases a pending order's hold and ends it (cancelled by the user, expired, or rejected at fill time). */
  async function endPending(
    tx: Transaction,
    order: OrderRow,
    state: 'cancelled' | 'expired' | 'rejected',
    reason: string | null,
  ): Promise<OrderRow> {
    if (order.holdId === null) throw new Error(`order ${order.id} has no hold`);
    const now = clock.now();
    await ledger.voidHold(tx, {
      idempotencyKey: `order:${order.id}:${state}`,
      holdId: order.holdId,
      source: { type: 'order', id: order.id.toString() },
      memo: `Order ${order.id} ${state}${reason ? ` (${reason})` : ''}`,
    });
    const ended = await repository.updateOrder(tx, order.id, {
      state,
      reason,
      reservedMinor: 0n,
      updatedAt: now,
      ...(state === 'cancelled'
        ? { cancelledAt: now }
        : state === 'expired'
          ? { expiredAt: now }
          : { rejectedAt: now }),
    });
    resting.remove(order.symbol, order.id);
    return ended;
  }

  /**
   * The price a claimed order fills at on `quote`, judged again on its row as stored (the index that
   * found it may be stale, or fed by a forged announcement): null when it is no longer pending or
   * does not cross. An ended order leaves the index; one that does not cross is put back as stored.
   */
  function crossingOfStored(order: OrderRow, quote: Quote): bigint | null {
    if (order.symbol !== quote.symbol) {
      // Found under another symbol than its own (an announcement said so): only its own quotes fill it.
      resting.remove(quote.symbol, order.id);
      return null;
    }
    if (!repository.isPendingOrder(order) || !isRestingType(order.type)) {
      resting.remove(order.symbol, order.id);
      return null;
    }
    const stored = restingOf(order);
    const priceMinor = crossingPrice(stored, quote);
    if (priceMinor === null) resting.add(order.symbol, stored);
    return priceMinor;
  }

  /**
   * Fills one resting order at `priceMinor` from `quote`, if this node can claim it (exactly once
   * across nodes: the row is locked with SKIP LOCKED and must still be pending). A buy whose hold
   * no longer covers the cost (the rate moved beyond the buffer) is rejected and its hold released.
   */
  async function fillResting(orderId: bigint, priceMinor: bigint, quote: Quote): Promise<boolean> {
    const outcome = await fillRestingOnce(orderId, priceMinor, quote);
    return outcome.isFilled;
  }

  async function fillRestingOnce(
    orderId: bigint,
    priceMinor: bigint,
    quote: Quote,
  ): Promise<{ isFilled: boolean; userId: bigint | null }> {
    const nowMs = clock.now().getTime();
    return db.transaction(async (tx) => {
      const claimed = await repository.claimPendingOrder(tx, orderId);
      if (!claimed || crossingOfStored(claimed, quote) === null) return { isFilled: false, userId: null };
      const order = claimed;
      const tradable = tradableInstrument(market.instrumentOf(order.symbol), trading);
      const { instrument } = tradable;
      const needsRate = tradable.currency !== 'EUR' || order.payCurrency !== tradable.currency;
      const eurUsd = needsRate ? await eurUsdRate() : null;
      const costs = computeTradeCosts({
        side: order.side,
        quantityMinor: order.quantityMinor - order.filledQuantityMinor,
        quantityScale: instrument.quantityScale,
        priceMinor,
        tradeCurrency: tradable.currency,
        payCurrency: order.payCurrency,
        fee: tradable.fee,
        tob: { class: instrument.tobClass, ...trading.tob[instrument.tobClass] },
        eurUsd,
        fxSpreadBasisPoints,
      });
      if (order.side === 'buy' && cashPartMinor(order, costs.totalPayMinor) > order.reservedMinor) {
        await endPending(tx, order, 'rejected', 'INSUFFICIENT_AVAILABLE');
        return { isFilled: false, userId: order.userId };
      }
      if (order.side === 'sell' && costs.totalPayMinor <= 0n) {
        await endPending(tx, order, 'rejected', 'BELOW_PRODUCT_MINIMUM');
        return { isFilled: false, userId: order.userId };
      }
      const isBuy = order.side === 'buy';
      await execution.fill(tx, {
        order,
        instrument,
        quote: {
          priceMinor,
          basis: (isBuy ? quote.askMinor : quote.bidMinor) === null ? 'last' : isBuy ? 'ask' : 'bid',
          source: quote.source,
          timestamp: quote.timestamp,
        },
        costs,
        eurUsd,
        sellLock: tradable.sellLock,
        now: new Date(nowMs),
      });
      await messages.post(tx, order.userId, 'order_filled', {
        symbol: order.symbol,
        name: instrument.name,
        side: order.side,
        quantity: formatDecimal(order.quantityMinor - order.filledQuantityMinor, instrument.quantityScale),
        price: formatDecimal(priceMinor, instrument.priceScale),
        currency: tradable.currency,
      });
      resting.remove(order.symbol, order.id);
      return { isFilled: true, userId: order.userId };
    });
  }

  /** An allotment's order row and, once inserted, its fill at the issue price (`allot`, `allotMany`). */
  function allotmentOf(input: AllotmentInput, now: Date) {
    const origin = input.origin ?? 'ipo';
    const instrument = market.instrumentOf(input.symbol);
    const tradable = tradableInstrument(instrument, trading);
    const costs = primaryCosts({
      quantityMinor: input.quantityMinor,
      quantityScale: instrument.quantityScale,
      priceMinor: input.priceMinor,
      currency: input.currency,
      fee: input.fee,
    });
    if (costs.totalPayMinor > input.frozenMinor) {
      throw new Error(`allotment of subscription ${input.subscriptionId} costs more than it froze`);
    }
    const values: Parameters<typeof repository.insertOrder>[1] = {
      userId: input.userId,
      symbol: instrument.symbol,
      asset: tradingAsset(instrument),
      market: tradable.market,
      currency: input.currency,
      payCurrency: input.currency,
      side: 'buy',
      type: 'allotment',
      timeInForce: 'day',
      quantityMinor: input.quantityMinor,
      quantityScale: instrument.quantityScale,
      limitPriceMinor: input.priceMinor,
      state: 'pending',
      holdId: input.holdId,
      reservedMinor: input.frozenMinor,
      idempotencyKey: `${origin}-subscription:${input.subscriptionId}`,
      requestHash: `${origin === 'ipo' ? 'ipo-offering' : 'placement'}:${input.offeringId}`,
      createdAt: now,
      updatedAt: now,
    };
    const fillInput = (order: OrderRow): FillInput => ({
      order,
      instrument,
      quote: {
        priceMinor: input.priceMinor,
        basis: 'issue',
        source: `${origin === 'ipo' ? 'IPO offering' : 'Placement'} ${input.offeringId}`,
        timestamp: now,
      },
      costs,
      eurUsd: null,
      sellLock: trading.sellLocks[tradable.market],
      now,
    });
    return { values, fillInput };
  }

  /**
   * Fills a tick's crossed orders in ONE transaction: those this node can claim (SKIP LOCKED, still
   * pending) are priced as `fillRestingOnce` prices one (a buy whose hold no longer covers the cost
   * is rejected and its hold released), then filled together (`execution.fillMany`: the holds
   * posted in one ledger statement, the fills, holdings, lots and orders in a statement each) and
   * told to their users in one more. All of it commits or none; answers how many it filled.
   */
  async function fillRestingBatch(
    crossings: readonly { orderId: bigint; priceMinor: bigint; quote: Quote }[],
  ): Promise<number> {
    const nowMs = clock.now().getTime();
    const now = new Date(nowMs);
    const byOrder = new Map(crossings.map((crossing) => [crossing.orderId, crossing]));
    return db.transaction(async (tx) => {
      const locked = await repository.lockOrdersUnlessLocked(tx, [...byOrder.keys()]);
      let eurUsd: Promise<EurUsdRate> | null = null;
      const inputs: FillInput[] = [];
      for (const order of locked) {
        const { quote } = byOrder.get(order.id) ?? fail(`order ${order.id} was not crossed`);
        const priceMinor = crossingOfStored(order, quote);
        if (priceMinor === null) continue;
        const tradable = tradableInstrument(market.instrumentOf(order.symbol), trading);
        const { instrument } = tradable;
        const needsRate = tradable.currency !== 'EUR' || order.payCurrency !== tradable.currency;
        const rate = needsRate ? await (eurUsd ??= eurUsdRate()) : null;
        const costs = computeTradeCosts({
          side: order.side,
          quantityMinor: order.quantityMinor - order.filledQuantityMinor,
          quantityScale: instrument.quantityScale,
          priceMinor,
          tradeCurrency: tradable.currency,
          payCurrency: order.payCurrency,
          fee: tradable.fee,
          tob: { class: instrument.tobClass, ...trading.tob[instrument.tobClass] },
          eurUsd: rate,
          fxSpreadBasisPoints,
        });
        if (order.side === 'buy' && cashPartMinor(order, costs.totalPayMinor) > order.reservedMinor) {
          await endPending(tx, order, 'rejected', 'INSUFFICIENT_AVAILABLE');
          continue;
        }
        if (order.side === 'sell' && costs.totalPayMinor <= 0n) {
          await endPending(tx, order, 'rejected', 'BELOW_PRODUCT_MINIMUM');
          continue;
        }
        const isBuy = order.side === 'buy';
        inputs.push({
          order,
          instrument,
          quote: {
            priceMinor,
            basis: (isBuy ? quote.askMinor : quote.bidMinor) === null ? 'last' : isBuy ? 'ask' : 'bid',
            source: quote.source,
            timestamp: quote.timestamp,
          },
          costs,
          eurUsd: rate,
          sellLock: tradable.sellLock,
          now,
        });
      }
      await execution.fillMany(tx, inputs);
      await messages.postMany(
        tx,
        inputs.map(({ order, instrument, quote }) => ({
          userId: order.userId,
          kind: 'order_filled' as const,
          params: {
            symbol: order.symbol,
            name: instrument.name,
            side: order.side,
            quantity: formatDecimal(
              order.quantityMinor - order.filledQuantityMinor,
              instrument.quantityScale,
            ),
            price: formatDecimal(quote.priceMinor, instrument.priceScale),
            currency: order.currency,
          },
        })),
      );
      for (const { order } of inputs) resting.remove(order.symbol, order.id);
      return inputs.length;
    });
  }

  /** The withholding on a dividend of `instrument`: at source for US instruments, then Belgian. */
  const withholdingOf = (instrument: Instrument): Withholding => ({
    foreignBasisPoints:
      instrument.market === 'usd' || instrument.market === 'ETF-USA'
        ? trading.dividendWithholding.usBasisPoints
        : 0,
    belgianBasisPoints: trading.dividendWithholding.belgianBasisPoints,
  });

  /** One holder's dividend or split, once (the payment row's unique key decides), with its entry. */
  async function applyCorporateAction(
    instrument: Instrument,
    action: CorporateAction,
    userId: bigint,
    quantityMinor: bigint,
    now: Date,
  ): Promise<boolean> {
    const currency = instrument.currency as Currency;
    const isApplied = await db.transaction(async (tx) => {
      if (action.kind === 'dividend') {
        const paid = dividendPayment(quantityMinor, action.amountMinor, withholdingOf(instrument));
        const row = await repository.insertPaymentOnce(tx, {
          userId,
          symbol: instrument.symbol,
          kind: 'dividend',
          exDate: action.exDate,
          currency,
          quantityMinor,
          amountPerShareMinor: action.amountMinor,
          grossMinor: paid.grossMinor,
          withholdingForeignMinor: paid.foreignMinor,
          withholdingBelgianMinor: paid.belgianMinor,
          netMinor: paid.netMinor,
          createdAt: now,
        });
        if (!row || paid.netMinor <= 0n) return row !== undefined;
        const entry = await ledger.transfer(tx, {
          idempotencyKey: `dividend:${row.id}`,
          kind: 'dividend',
          source: { type: 'dividend', id: row.id.toString() },
          memo: `Dividend ${instrument.symbol} ex ${action.exDate}: ${formatQuantity(quantityMinor, 0)} × ${formatPrice(action.amountMinor)} ${currency} = ${formatCash(paid.grossMinor)}, withheld ${formatCash(paid.foreignMinor)} at source and ${formatCash(paid.belgianMinor)} Belgian`,
          postings: [
            {
              account: houseAccount('market_settlement', currency),
              amountMinor: -(paid.grossMinor - paid.foreignMinor),
            },
            { account: houseAccount('taxes_payable', currency), amountMinor: paid.belgianMinor },
            { account: userAccount(userId, currency), amountMinor: paid.netMinor },
          ].filter((posting) => posting.amountMinor !== 0n),
        });
        await repository.setPaymentEntry(tx, row.id, entry.entryId);
        return true;
      }
      const extraMinor = (quantityMinor * BigInt(action.ratioTo)) / BigInt(action.ratioFrom) - quantityMinor;
      const row = await repository.insertPaymentOnce(tx, {
        userId,
        symbol: instrument.symbol,
        kind: 'split',
        exDate: action.exDate,
        currency,
        quantityMinor,
        ratioFrom: action.ratioFrom,
        ratioTo: action.ratioTo,
        createdAt: now,
      });
      if (!row) return false;
      const holding = await repository.lockHolding(tx, userId, instrument.symbol);
      if (!holding || extraMinor <= 0n) return true;
      const asset = tradingAsset(instrument);
      const entry = await ledger.transfer(tx, {
        idempotencyKey: `split:${row.id}`,
        kind: 'corporate_action',
        source: { type: 'corporate_action', id: row.id.toString() },
        memo: `Split ${instrument.symbol} ${action.ratioFrom}:${action.ratioTo} ex ${action.exDate}: +${formatQuantity(extraMinor, 0)} shares`,
        postings: [
          { account: houseAccount('inventory', asset), amountMinor: -extraMinor },
          { account: userAccount(userId, asset), amountMinor: extraMinor },
        ],
      });
      await repository.updatePosition(tx, holding.id, {
        quantityMinor: holding.quantityMinor + extraMinor,
        updatedAt: now,
      });
      await repository.splitLots(tx, holding.id, action.ratioFrom, action.ratioTo);
      await repository.setPaymentEntry(tx, row.id, entry.entryId);
      return true;
    });
    return isApplied;
  }

  function presentPreview(priced: Priced, availableMinor: bigint): CostPreviewData {
    const { tradable, ticket, costs, quote, session } = priced;
    const { instrument } = tradable;
    const paidFromCash = priced.marginTerms
      ? marginPartMinor(costs.totalPayMinor, priced.marginTerms.leverageHundredths)
      : costs.totalPayMinor;
    const cashLeft =
      ticket.side === 'buy'
        ? availableMinor - paidFromCash
        : priced.shortTerms
          ? availableMinor - priced.reserveMinor
          : availableMinor + costs.totalPayMinor;
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
      available: formatCash(availableMinor),
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
      margin: priced.marginTerms
        ? (() => {
            const terms = priced.marginTerms;
            const usedMinor = marginPartMinor(costs.totalPayMinor, terms.leverageHundredths);
            const borrowedMinor = costs.totalPayMinor - usedMinor;
            return {
              leverage: terms.leverage,
              leverageMax: terms.leverageMax,
              marginUsed: formatCash(usedMinor),
              borrowed: formatCash(borrowedMinor),
              buyingPower: formatCash((availableMinor * BigInt(terms.leverageHundredths)) / 100n),
              annualRateBasisPoints: terms.annualRateBasisPoints,
              dailyInterest: formatCash(dailyInterestMinor(borrowedMinor, terms.annualRateBasisPoints)),
            };
          })()
        : priced.shortTerms
          ? (() => {
              // A short sale or buy-to-cover: the initial margin held and the borrow fee.
              const terms = priced.shortTerms;
              const initialMinor = divideRounded(
                costs.grossMinor * BigInt(terms.initialBasisPoints),
                10_000n,
                'up',
              );
              return {
                leverage: '1.00',
                leverageMax: '1.00',
                marginUsed: formatCash(ticket.side === 'sell' ? initialMinor : 0n),
                borrowed: formatCash(0n),
                buyingPower: formatCash(availableMinor),
                annualRateBasisPoints: 0,
                dailyInterest: formatCash(0n),
                short: {
                  initialMarginBasisPoints: terms.initialBasisPoints,
                  initialMargin: formatCash(initialMinor),
                  borrowFeeBasisPoints: terms.feeBasisPoints,
                  dailyBorrowFee: formatCash(dailyBorrowFeeMinor(costs.grossMinor, terms.feeBasisPoints)),
                  poolAvailable: formatQuantity(terms.poolAvailableMinor, instrument.quantityScale),
                },
              };
            })()
          : null,
    };
  }

  /** A primary-market subscription's costs: quantity × issue price + the offering's fee; no TOB (none on a subscription to new shares). */
  function primaryCosts(input: {
    quantityMinor: bigint;
    quantityScale: number;
    priceMinor: bigint;
    currency: Currency;
    fee: { basisPoints: number; minimumMinor: bigint };
  }): TradeCosts {
    return computeTradeCosts({
      side: 'buy',
      quantityMinor: input.quantityMinor,
      quantityScale: input.quantityScale,
      priceMinor: input.priceMinor,
      tradeCurrency: input.currency,
      payCurrency: input.currency,
      fee: input.fee,
      tob: { class: 'none', basisPoints: 0, capEurMinor: 0n },
      eurUsd: null,
      fxSpreadBasisPoints: 0,
    });
  }

  return {
    /**
     * Places an order (idempotency-key header): identity verified, no trading bar, the fund
     * password; then, in one transaction, the order, its hold (cash for a buy, shares for a sale)
     * and, when it fills at once, the fill.
     */
    primaryCosts,

    /**
     * An IPO allocation (issue 17): an order of type `allotment` for the allocated shares at the
     * issue price, filled at once from the subscription's cash hold through the same fill as any
     * buy (ledger entry, fill row with the issue price as its quote, holding and FIFO lot); the
     * rest of the hold is released in that same entry. Runs in the caller's transaction, once per
     * subscription (the order's key is the subscription's). A placement's allocation (issue 17,
     * item 4) is the same order and fill, `origin: 'placement'` keeping its keys apart.
     */
    async allot(tx: Transaction, input: AllotmentInput): Promise<{ order: OrderRow; paidMinor: bigint }> {
      const allotment = allotmentOf(input, clock.now());
      const order = await repository.insertOrder(tx, allotment.values);
      const fillInput = allotment.fillInput(order);
      await execution.fill(tx, fillInput);
      return { order, paidMinor: fillInput.costs.totalPayMinor };
    },

    /**
     * Many allotments (a draw, a placement's allocation) in the caller's transaction: what `allot`
     * writes for each, in a few statements per ALLOT_CHUNK of them — the orders in one insert, then
     * `execution.fillMany` (the holds posted in one ledger statement, the fills, holdings, lots and
     * orders in a statement each). Answers in the order of `inputs`. Subscriptions must be distinct.
     */
    async allotMany(
      tx: Transaction,
      inputs: readonly AllotmentInput[],
    ): Promise<{ order: OrderRow; paidMinor: bigint }[]> {
      const now = clock.now();
      const answers: { order: OrderRow; paidMinor: bigint }[] = [];
      for (let start = 0; start < inputs.length; start += ALLOT_CHUNK) {
        const allotments = inputs.slice(start, start + ALLOT_CHUNK).map((input) => allotmentOf(input, now));
        const orders = await repository.insertOrders(
          tx,
          allotments.map((allotment) => allotment.values),
        );
        const fillInputs = allotments.map((allotment, index) => allotment.fillInput(orders[index]!));
        const filled = await execution.fillMany(tx, fillInputs);
        filled.forEach(({ order }, index) =>
          answers.push({ order, paidMinor: fillInputs[index]!.costs.totalPayMinor }),
        );
      }
      return answers;
    },

    async place(
      userId: bigint,
      input: OrderTicket & { fundPassword: string },
      idempotencyKeyHeader: string | undefined,
    ) {
      const idempotencyKey = requireIdempotencyKey(idempotencyKeyHeader);
      const { fundPassword: password, ...ticket } = input;
      const hash = ticketHash(ticket);
      // The reads before a placement run at once (each batched with other requests'); their
      // answers are then taken in the order the checks had one after another: a replayed key
      // first, then a restriction, the identity, the fund password (only one that is not recognised
      // goes on to `verify`: argon2id and the attempt count), then a running liquidation.
      const [stored, restricted, unverified, recognised, liquidation] = await Promise.allSettled([
        orderIdByKey({ userId, idempotencyKey }).then((orderId) =>
          orderId === undefined ? undefined : repository.findOrderByKey(db, userId, idempotencyKey),
        ),
        restrictions.assertAllowed(userId, 'trade'),
        identity.requireVerified(userId),
        fundPassword.isRecognised(userId, password),
        margin ? margin.liquidationLock(userId) : null,
      ]);
      const earlier = replayOrRefuse(settled(stored), hash);
      if (earlier) return present(earlier);
      settled(restricted);
      settled(unverified);
      if (!settled(recognised)) await fundPassword.verify(userId, password);
      await assertNotLiquidating(userId, ticket.symbol, settled(liquidation));
      const priced = await priceOrder(userId, ticket);
      const fillQuote = immediateFill(priced);
      if (
        !fillQuote &&
        !priced.session.isOpen &&
        (ticket.timeInForce === 'ioc' || ticket.timeInForce === 'fok')
      ) {
        throw new DomainError('MARKET_CLOSED', { opensAt: iso(priced.session.opensAtMs) ?? '' });
      }
      // A day trade fills at once at the quote or is not taken (it never rests past its auto-close).
      if (ticket.intraday === true && !fillQuote) throw new DomainError('PRICE_UNAVAILABLE');
      // So does a short sale or a buy-to-cover (it borrows or returns shares in its fill).
      if (ticket.direction === 'short' && !fillQuote) {
        if (!priced.session.isOpen)
          throw new DomainError('MARKET_CLOSED', { opensAt: iso(priced.session.opensAtMs) ?? '' });
        throw new DomainError('PRICE_UNAVAILABLE');
      }
      const key = { idempotencyKey, hash };
      const findByKey = () => repository.findOrderByKey(db, userId, idempotencyKey);
      const willRest =
        !fillQuote && ticket.side === 'buy' && ticket.timeInForce !== 'ioc' && ticket.timeInForce !== 'fok';
      const order = willRest
        ? ((await restingPlacements.submit({ userId, priced, key })) ??
          replayOrRefuse(await findByKey(), hash) ??
          fail(`order key ${idempotencyKey} taken but not found`))
        : await writeOnce({
            hash,
            write: () => placeInTransaction(userId, priced, fillQuote, key),
            findByKey,
          });
      if (order.state === 'pending') {
        const rests = restingOf(order);
        resting.add(order.symbol, rests);
        bus?.publish('resting-orders', announcementOf(order.symbol, rests));
      }
      return present(order);
    },

    /**
     * An order of an account that trades by a published rule, not by a person (a copy-following
     * strategy's own account, issue 17 item 5): the same pricing, hold and fill as `place`, without
     * the person's checks (identity, fund password), as a market order filled at once at the
     * quote or refused (MARKET_CLOSED) — nothing rests. One order per idempotency key.
     */
    async placeForRule(accountUserId: bigint, ticket: OrderTicket, idempotencyKey: string) {
      const hash = ticketHash(ticket);
      const findByKey = () => repository.findOrderByKey(db, accountUserId, idempotencyKey);
      const earlier = replayOrRefuse(await findByKey(), hash);
      if (earlier) return present(earlier);
      const priced = await priceOrder(accountUserId, ticket);
      const fillQuote = immediateFill(priced);
      if (!fillQuote)
        throw new DomainError('MARKET_CLOSED', { opensAt: iso(priced.session.opensAtMs) ?? '' });
      const order = await writeOnce({
        hash,
        write: () => placeInTransaction(accountUserId, priced, fillQuote, { idempotencyKey, hash }),
        findByKey,
      });
      return present(order);
    },

    /** Reads every pending resting order into this node's index now (the 30 s reload, at once). */
    reloadRestingOrders: () => reloadResting(clock.now().getTime()),

    /** How many batches the resting-buy writer ran, and how many orders they held (tests, benches). */
    restingPlacementStats: () => ({ ...restingPlacements.stats(), ...restingStats }),

    /** How many times this node has read every resting order into its index (benches). */
    restingReloads: () => resting.reloads,

    /** Whether this node's index holds the order under the symbol (tests). */
    restingIndexHas: (symbol: string, orderId: bigint) => resting.hasOrder(symbol, orderId),

    /** Cancels a pending order and releases its hold; only a pending order can be cancelled. */
    async cancel(userId: bigint, orderId: bigint) {
      const order = await db.transaction(async (tx) => {
        const row = await repository.lockOrder(tx, userId, orderId);
        if (!row) throw new DomainError('ORDER_NOT_FOUND');
        if (row.state !== 'pending' || row.holdId === null) throw new DomainError('ORDER_NOT_PENDING');
        return endPending(tx, row, 'cancelled', null);
      });
      return present(order);
    },

    /** Describes the user's trade records (orders, fills, dividends) for the records screen. */
    describeRecords: (userId: bigint, entries: readonly RecordEntry[]) =>
      describeTradingRecords(db, userId, entries),

    /** The user's orders by id as the margin module's records name them (symbol, quantity filled). */
    recordOrders: (userId: bigint, orderIds: readonly bigint[]) => userRecordOrders(db, userId, orderIds),

    async order(userId: bigint, orderId: bigint) {
      const row = await repository.findOrder(db, userId, orderId);
      if (!row) throw new DomainError('ORDER_NOT_FOUND');
      return present(row);
    },

    async orders(
      userId: bigint,
      query: { tab: OrderListTab; symbol?: string | undefined; page: number; pageSize: number },
    ) {
      const { items, total } = await repository.listOrders(db, userId, {
        tab: query.tab,
        symbol: query.symbol,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const fills = await repository.fillsOfOrders(
        db,
        items.map((item) => item.id),
      );
      return {
        total,
        items: items.map((item) => presentOrder(item, market.instrumentOf(item.symbol), fills)),
      };
    },

    async positions(
      userId: bigint,
      query: {
        state: PositionState;
        assetClass: 'all' | 'security' | 'crypto';
        page: number;
        pageSize: number;
      },
    ) {
      const { items, total } = await repository.listPositions(db, userId, {
        state: query.state,
        assetPrefix:
          query.assetClass === 'all' ? undefined : query.assetClass === 'crypto' ? 'crypto:' : 'sec:',
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const [quotes, eurUsd, balances] = await Promise.all([
        quotesBySymbol(items.filter((item) => item.state === 'holding').map((item) => item.symbol)),
        eurUsdOrNull(),
        ledger.getUserBalances(db, userId),
      ]);
      const nowMs = clock.now().getTime();
      const lots = await Promise.all(items.map((item) => repository.openLots(db, item.id)));
      const margins = await marginOfPositions(
        userId,
        items.map((item, index) => ({
          position: item,
          lots: lots[index] ?? [],
          quote: quotes.get(item.symbol) ?? null,
        })),
      );
      return {
        total,
        items: items.map((item, index) => ({
          ...presentPosition(
            item,
            quotes.get(item.symbol) ?? null,
            assetAvailable(balances, item.asset),
            eurUsd,
            nowMs,
            lots[index] ?? [],
          ),
          ...(margins.get(item.id) ?? { margin: null, isLiquidating: false }),
        })),
      };
    },

    async position(userId: bigint, positionId: bigint) {
      const position = await repository.findPosition(db, userId, positionId);
      if (!position) throw new DomainError('ORDER_NOT_FOUND');
      const [quote, eurUsd, balances, lots, orderPage] = await Promise.all([
        position.state === 'holding' ? quoteOrNull(position.symbol) : Promise.resolve(null),
        eurUsdOrNull(),
        ledger.getUserBalances(db, userId),
        repository.openLots(db, position.id),
        repository.listOrders(db, userId, { tab: 'all', symbol: position.symbol, offset: 0, limit: 100 }),
      ]);
      const instrument = market.instrumentOf(position.symbol);
      const [fills, margins] = await Promise.all([
        repository.fillsOfOrders(
          db,
          orderPage.items.map((item) => item.id),
        ),
        marginOfPositions(userId, [{ position, lots, quote }]),
      ]);
      return {
        ...presentPosition(
          position,
          quote,
          assetAvailable(balances, position.asset),
          eurUsd,
          clock.now().getTime(),
          lots,
        ),
        ...(margins.get(position.id) ?? { margin: null, isLiquidating: false }),
        lots: lots.map((lot) => ({
          quantity: formatQuantity(lot.remainingMinor, position.quantityScale),
          price: formatPrice(lot.priceMinor),
          openedAt: lot.openedAt.toISOString(),
          fillId: lot.fillId.toString(),
        })),
        orders: orderPage.items
          .filter((item) => item.createdAt >= position.openedAt || item.state === 'pending')
          .map((item) => presentOrder(item, instrument, fills)),
      };
    },

    /** The calendar year's trade report (CSV): every fill with its TOB voucher and fee, every dividend with its withholding. */
    async report(userId: bigint, year: number) {
      const { fills, dividends } = await reportRows(userId, year);
      return tradeReport(year, fills, dividends, quantityScaleOf);
    },

    /** The same report as a PDF, with the account, the year, the time it was made and the data source. */
    async reportPdf(userId: bigint, account: string, year: number) {
      const [{ fills, dividends }, holder] = await Promise.all([
        reportRows(userId, year),
        users.identityOf(userId),
      ]);
      const { lines, totals } = tradeReportLines(fills, dividends, quantityScaleOf);
      const pdf = await tradeReportPdf({
        year,
        account,
        holderName: holder?.identityState === 'authenticated' && holder.realname ? holder.realname : null,
        generatedAt: clock.now(),
        marketSource: market.provider.source,
        isDemo: market.provider.isSimulated,
        lines,
        totals,
      });
      return {
        year,
        fileName: `beurs-trades-${year}.pdf`,
        contentType: 'application/pdf' as const,
        pdf: pdf.toString('base64'),
      };
    },

    /** Sale proceeds in `currency` not settled today (withdrawable from the last date named). */
    async unsettledCash(executor: Executor, userId: bigint, currency: Currency) {
      const today = clock.now().toISOString().slice(0, 10);
      const row = (await repository.unsettled(executor, userId, today)).find(
        (found) => found.currency === currency,
      );
      return { amountMinor: BigInt(row?.amountMinor ?? '0'), lastSettlesOn: row?.lastSettlesOn ?? null };
    },

    accountTotals,

    /** Account totals for the 'me' and wallet screens, with everything converted to EUR. */
    /** The user's fills of at least `minGrossMinor` in each period (the professional-client trades criterion). */
    significantTradeCounts(
      userId: bigint,
      periods: readonly { from: Date; to: Date }[],
      minGrossMinor: bigint,
    ) {
      return repository.countFillsInPeriods(db, userId, periods, minGrossMinor);
    },

    async summary(userId: bigint) {
      const [totals, eurUsd] = await Promise.all([accountTotals(userId), eurUsdOrNull()]);
      let totalAssetsEur = 0n;
      let totalProfitEur = 0n;
      const rows = totals.map((row) => {
        totalAssetsEur += toEur(row.totalAssetsMinor, row.currency, eurUsd) ?? 0n;
        totalProfitEur += toEur(row.totalProfitMinor, row.currency, eurUsd) ?? 0n;
        return {
          currency: row.currency,
          available: formatCash(row.availableMinor),
          frozen: formatCash(row.frozenMinor),
          withdrawable: formatCash(row.withdrawableMinor),
          positionsValue: formatCash(row.positionsValueMinor),
          marginCash: formatCash(row.marginCashMinor),
          owed: formatCash(row.owedMinor),
          owedMarginLoan: formatCash(row.owedMarginMinor),
          owedCredit: formatCash(row.owedCreditMinor),
          totalAssets: formatCash(row.totalAssetsMinor),
          unrealisedPnl: formatCash(row.unrealisedPnlMinor),
          realisedPnl: formatCash(row.realisedPnlMinor),
          dividends: formatCash(row.dividendsMinor),
          totalProfit: formatCash(row.totalProfitMinor),
        };
      });
      return {
        currencies: rows,
        totalAssetsEur: formatCash(totalAssetsEur),
        totalProfitEur: formatCash(totalProfitEur),
      };
    },

    /**
     * The quote stream: evaluates the resting orders of these symbols on their current quotes
     * (only the symbols' own orders, from the in-memory index). Fills only in the venue's regular
     * session and on a fresh quote. Answers how many orders it filled here.
     */
    async onQuotes(symbols: readonly string[]): Promise<number> {
      const nowMs = clock.now().getTime();
      if (nowMs - restingLoadedAtMs >= RESTING_RELOAD_MS) {
        // The first load is awaited (an empty index would miss every crossing). Later ones run
        // beside the ticks: the index answers from the last load meanwhile (this node's own
        // placements, cancels and fills are in it, and replayed over the new load), so only
        // orders placed on other nodes wait for the load to end. Awaited, the reload of 100,000
        // orders (about 160 ms) stood in the latency of every fill of its tick
        // (bench/resting-orders.bench.ts). Its failure is thrown by the next tick.
        const reload = reloadResting(nowMs);
        if (restingLoadedAtMs === Number.NEGATIVE_INFINITY) await reload;
        else
          reload.catch((error: unknown) => {
            reloadFailure = error;
          });
      }
      if (reloadFailure !== null) {
        const error = reloadFailure;
        reloadFailure = null;
        throw error;
      }
      const crossings: { orderId: bigint; priceMinor: bigint; quote: Quote }[] = [];
      for (const symbol of symbols) {
        if (!resting.has(symbol)) continue;
        const instrument = market.instrumentOf(symbol);
        if (!market.regularSession(instrument, nowMs).isOpen) continue;
        const quote = await quoteOrNull(symbol);
        if (!quote || !isFresh(quote, nowMs, trading.quoteGraceMs)) continue;
        for (const move of resting.trailingMoves(symbol, quote.lastMinor)) {
          await repository.setTrailReference(db, move.orderId, move.referenceMinor);
        }
        for (const { order, priceMinor } of resting.crossed(symbol, quote)) {
          crossings.push({ orderId: order.id, priceMinor, quote });
        }
      }
      // The crossed orders are filled in batches of FILL_BATCH, each batch one transaction of a few
      // statements (one transaction per fill cost about 17 statements and 7 ms of CPU a fill:
      // bench/resting-orders.bench.ts), FILL_CONCURRENCY batches at once. A batch that fails (a
      // deadlock with another node, a key or hold already used) rolls back whole, and its orders are
      // then filled one by one, each in its own transaction as before, so one bad order never holds
      // up the others. A failed fill stays pending for the next tick; the first failure is thrown
      // once all have ended.
      const batches: (typeof crossings)[] = [];
      for (let start = 0; start < crossings.length; start += FILL_BATCH) {
        batches.push(crossings.slice(start, start + FILL_BATCH));
      }
      let filled = 0;
      let next = 0;
      const failures: unknown[] = [];
      const worker = async () => {
        for (let batch = batches[next++]; batch; batch = batches[next++]) {
          try {
            // Not `filled += await …`: that reads `filled` before the await and loses the other
            // worker's fills counted meanwhile.
            const count = await fillRestingBatch(batch);
            filled += count;
            continue;
          } catch {
            // Filled one by one below.
          }
          for (const crossing of batch) {
            try {
              if (await fillResting(crossing.orderId, crossing.priceMinor, crossing.quote)) filled += 1;
            } catch (error) {
              failures.push(error);
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(FILL_CONCURRENCY, batches.length) }, worker));
      if (failures.length > 0) throw failures[0];
      return filled;
    },

    /**
     * Dividends and splits that went ex up to now, applied once per holder: a dividend credits the
     * net (less withholding) in the instrument's currency; a split adds shares without a cash move
     * and rescales the lots (cost unchanged). Holders are those who held at the ex-date's open.
     */
    async processCorporateActions(now: Date): Promise<number> {
      let applied = 0;
      for (const symbol of await repository.tradedSymbols(db)) {
        const instrument = market.instrumentOf(symbol);
        const today = market.venueDate(instrument, now.getTime());
        const actions = market.provider
          .corporateActions(symbol)
          .filter((action) => action.exDate <= today)
          .sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
        if (actions.length === 0) continue;
        const splits = actions.flatMap((action) =>
          action.kind === 'split'
            ? [
                {
                  exStartMs: market.dayStartMs(instrument, action.exDate),
                  ratioFrom: action.ratioFrom,
                  ratioTo: action.ratioTo,
                },
              ]
            : [],
        );
        const lastStart = market.dayStartMs(instrument, actions.at(-1)?.exDate ?? today);
        const symbolFills = await repository.fillsOfSymbolBefore(db, symbol, new Date(lastStart + 1));
        for (const action of actions) {
          const recordMs = market.dayStartMs(instrument, action.exDate);
          // Securities lending (issue 16 item 3): the shorts borrowing the symbol pay the dividend to
          // the lenders (a manufactured dividend), and a lender is not paid the issuer's dividend on
          // the shares lent out (the buyer of the short sale is).
          if (margin && action.kind === 'dividend') {
            await db.transaction((tx) =>
              margin.lending.manufacturedDividends(tx, {
                symbol,
                exDate: action.exDate,
                amountPerShareMinor: action.amountMinor,
                recordAt: new Date(recordMs),
                // Withheld as the issuer's dividend would be (at source for US, then Belgian).
                payment: (quantityMinor) => {
                  const paid = dividendPayment(quantityMinor, action.amountMinor, withholdingOf(instrument));
                  return {
                    grossMinor: paid.grossMinor,
                    withheldMinor: paid.foreignMinor + paid.belgianMinor,
                  };
                },
              }),
            );
          }
          for (const [userId, held] of entitlements(symbolFills, splits, recordMs)) {
            const lent =
              margin && action.kind === 'dividend'
                ? await margin.lending.lentQuantity(db, userId, symbol)
                : 0n;
            const quantityMinor = held - lent;
            if (quantityMinor <= 0n) continue;
            if (await applyCorporateAction(instrument, action, userId, quantityMinor, now)) applied += 1;
          }
        }
      }
      return applied;
    },

    /** Ends pending orders past their expiry (day orders at the close, GTC at their last day), releasing their holds. */
    async expireDue(now: Date): Promise<number> {
      let expired = 0;
      for (;;) {
        const count = await db
          .transaction(async (tx) => {
            const due = await repository.claimExpiredOrders(tx, now, EXPIRY_BATCH);
            for (const order of due) await endPending(tx, order, 'expired', null);
            return due;
          })
          .then((due) => due.length);
        expired += count;
        if (count < EXPIRY_BATCH) return expired;
      }
    },

    /**
     * The user's holdings valued at the live last price, for the margin side (issue 16): a holding
     * without a price now counts 0 (never a made-up value).
     */
    async marginHoldings(userId: bigint) {
      const held = (await repository.allPositions(db, userId)).filter((row) => row.state === 'holding');
      const quotes = await quotesBySymbol(held.map((row) => row.symbol));
      return held.map((row) => marginHoldingOf(row, quotes.get(row.symbol) ?? null));
    },

    /**
     * `marginHoldings` of many users (a tick's holders, issue 16): their positions in one read,
     * each symbol quoted once. Users holding nothing are absent.
     */
    async marginHoldingsOf(userIds: readonly bigint[]) {
      const held = await repository.holdingPositionsOf(db, userIds);
      const quotes = await quotesBySymbol(held.map((row) => row.symbol));
      const byUser = new Map<bigint, ReturnType<typeof marginHoldingOf>[]>();
      for (const row of held) {
        let list = byUser.get(row.userId);
        if (!list) {
          list = [];
          byUser.set(row.userId, list);
        }
        list.push(marginHoldingOf(row, quotes.get(row.symbol) ?? null));
      }
      return byUser;
    },

    /**
     * The user's holdings with their cost and the live quote, for a margin liquidation (issue 16):
     * the quantity to sell, the value at the last price and the quote used (null without a price).
     */
    async holdingsAtMarket(userId: bigint) {
      const held = (await repository.allPositions(db, userId)).filter((row) => row.state === 'holding');
      const quotes = await quotesBySymbol(held.map((row) => row.symbol));
      return held.map((row) => atMarket(row, quotes.get(row.symbol) ?? null));
    },

    /**
     * Many `placeForRule`s at once (a tick's margin liquidations, issue 16): each answered as
     * `placeForRule` answers it — the order, or the error it would throw (as a value). The keys
     * are read in one statement; the long market sales filled at once are written in batches of
     * RULE_BATCH (`writeRuleSalesBatch`: the same orders, holds, fills, positions, lots and ledger
     * entries); the rest — a buy-to-cover, a user's second ticket, a sale a check refuses — and
     * every sale of a batch that fails are placed one by one as `placeForRule` places them.
     */
    async placeManyForRule(
      placements: readonly { accountUserId: bigint; ticket: OrderTicket; idempotencyKey: string }[],
    ): Promise<Array<Awaited<ReturnType<typeof present>> | Error>> {
      const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
      const earlier = new Map(
        (
          await repository.findOrdersByKeys(
            db,
            placements.map(({ accountUserId, idempotencyKey }) => ({
              userId: accountUserId,
              idempotencyKey,
            })),
          )
        ).map((row) => [`${row.userId}\0${row.idempotencyKey}`, row]),
      );
      const answers: Array<OrderRow | Error | null> = placements.map(() => null);
      const alone: Array<{ index: number; priced: Priced; fillQuote: FillQuote; key: PlacementKey }> = [];
      const batchable: Array<{ index: number; sale: RuleSale }> = [];
      const inBatch = new Set<bigint>();
      for (const [index, { accountUserId, ticket, idempotencyKey }] of placements.entries()) {
        const hash = ticketHash(ticket);
        try {
          const replayed = replayOrRefuse(earlier.get(`${accountUserId}\0${idempotencyKey}`), hash);
          if (replayed) {
            answers[index] = replayed;
            continue;
          }
          const priced = await priceOrder(accountUserId, ticket);
          const fillQuote = immediateFill(priced);
          if (!fillQuote)
            throw new DomainError('MARKET_CLOSED', { opensAt: iso(priced.session.opensAtMs) ?? '' });
          const key = { idempotencyKey, hash };
          const isPlainSale =
            ticket.side === 'sell' &&
            ticket.direction !== 'short' &&
            priced.shortTerms === null &&
            priced.marginTerms === null &&
            priced.payCurrency === priced.tradable.currency;
          if (isPlainSale && !inBatch.has(accountUserId)) {
            inBatch.add(accountUserId);
            batchable.push({ index, sale: { userId: accountUserId, priced, fillQuote, key } });
          } else alone.push({ index, priced, fillQuote, key });
        } catch (error) {
          answers[index] = asError(error);
        }
      }
      for (let start = 0; start < batchable.length; start += RULE_BATCH) {
        const chunk = batchable.slice(start, start + RULE_BATCH);
        let written: Array<OrderRow | null>;
        try {
          written = await writeRuleSalesBatch(chunk.map(({ sale }) => sale));
          ruleStats.batches += 1;
          ruleStats.batched += written.filter((row) => row !== null).length;
        } catch {
          // The batch failed as a whole (nothing of it committed): each sale is placed alone.
          ruleStats.failedBatches += 1;
          written = chunk.map(() => null);
        }
        chunk.forEach(({ index, sale }, position) => {
          const row = written[position];
          if (row) answers[index] = row;
          else alone.push({ index, priced: sale.priced, fillQuote: sale.fillQuote, key: sale.key });
        });
      }
      alone.sort((a, b) => a.index - b.index);
      ruleStats.alone += alone.length;
      for (const { index, priced, fillQuote, key } of alone) {
        const userId = placements[index]!.accountUserId;
        try {
          answers[index] = await writeOnce({
            hash: key.hash,
            write: () => placeInTransaction(userId, priced, fillQuote, key),
            findByKey: () => repository.findOrderByKey(db, userId, key.idempotencyKey),
          });
        } catch (error) {
          answers[index] = asError(error);
        }
      }
      const orders = answers.filter(
        (answer): answer is OrderRow => answer !== null && !(answer instanceof Error),
      );
      const filledIds = orders.filter((order) => order.filledQuantityMinor > 0n).map((order) => order.id);
      const fills = await repository.fillsOfOrders(db, filledIds);
      return answers.map((answer) =>
        answer === null
          ? new Error('a rule placement was not answered')
          : answer instanceof Error
            ? answer
            : presentOrder(
                answer,
                market.instrumentOf(answer.symbol),
                fills.filter((fill) => fill.orderId === answer.id),
              ),
      );
    },

    /** How many rule placements were written in batches or alone (tests, benches). */
    rulePlacementStats: () => ({ ...ruleStats }),

    /** `holdingsAtMarket` of many users at once (one read of their positions): by user. */
    async holdingsAtMarketMany(userIds: readonly bigint[]) {
      const held = await repository.holdingPositionsOf(db, userIds);
      const quotes = await quotesBySymbol(held.map((row) => row.symbol));
      const byUser = new Map<bigint, ReturnType<typeof atMarket>[]>(userIds.map((userId) => [userId, []]));
      for (const row of held) byUser.get(row.userId)?.push(atMarket(row, quotes.get(row.symbol) ?? null));
      return byUser;
    },

    /** The symbols each of these users holds now, for the margin level's index by symbol (issue 16). */
    heldSymbols: (userIds: readonly bigint[]) => repository.heldSymbolsOf(db, userIds),

    /** Securities lending (issue 16 item 3): each user's fully paid shares of a symbol, for the pool. */
    fullyPaidQuantities: (executor: Executor, symbol: string, userIds: readonly bigint[]) =>
      repository.fullyPaidQuantities(executor, symbol, userIds),

    /** Every cost of an order before confirming; writes nothing. */
    async preview(userId: bigint, ticket: OrderTicket): Promise<CostPreviewData> {
      const priced = await priceOrder(userId, ticket);
      // The cash the preview shows; a placement does not read it (its hold checks the balance).
      const balances = await ledger.getUserBalances(db, userId);
      const available = balances.find((balance) => balance.asset === priced.payCurrency)?.available ?? 0n;
      return presentPreview(priced, available);
    },

    /** TOB collected per month (in `timeZone`), currency and class: the figures for the declaration. */
    async tobCollected(from: string, to: string, timeZone: string) {
      const rows = await repository.tobCollected(db, from, to, timeZone);
      return rows.map((row) => ({
        month: row.month,
        currency: row.currency,
        tobClass: row.tobClass,
        count: row.count,
        base: formatCash(BigInt(row.baseMinor)),
        tob: formatCash(BigInt(row.tobMinor)),
      }));
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
