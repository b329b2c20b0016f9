import { divideRounded, formatCash, scales, type Asset } from '@beurs/contract';
import type { Transaction } from '../../db/database';
import type { LedgerService, PostHoldInput } from '../../ledger/ledger.service';
import type { Instrument } from '../../market/provider';
import type { MarketService } from '../market/market.service';
import { fillPostings } from './fill-postings';
import { formatPrice, formatQuantity } from './order-ticket';
import { afterBuy, afterSell, consumeFifo } from './position-math';
import type { LotRow, PositionRow } from './trading.repository';
import type { EurUsdRate, TradeCosts } from './trade-costs';
import * as repository from './trading.repository';
import type { FillInsert, FillRow, HoldingAddition, OrderRow } from './trading.repository';
import type { SellLock } from '../../config';
import { houseAccount, isHouseRef, userAccount } from '../../ledger/ledger-accounts';
import type { MarginService } from '../margin/margin.service';
import { marginPartMinor } from '../margin/margin.service';

// One fill, in the caller's transaction: the ledger entry that posts the order's hold (cash, fee,
// TOB, shares), the fill row with the quote it used, the order's new state, the position and its
// FIFO lots, and the settlement of a sale's proceeds. Either all of it commits or none.
//
// A buy on margin (order.leverageHundredths above 100) posts only total × 100 / leverage out of its
// hold; the rest comes from the house `loan_book` in the same entry and is recorded as the user's
// margin loan. A sale's proceeds repay the user's margin loan in their currency first.

export type FillQuote = {
  readonly priceMinor: bigint;
  /** `issue`: an IPO allotment at the offering's issue price. */
  readonly basis: 'ask' | 'bid' | 'last' | 'issue';
  readonly source: string;
  readonly timestamp: Date;
};

export type FillInput = {
  readonly order: OrderRow;
  readonly instrument: Instrument;
  readonly quote: FillQuote;
  readonly costs: TradeCosts;
  readonly eurUsd: EurUsdRate | null;
  readonly sellLock: SellLock;
  readonly now: Date;
};

/**
 * A batch's buys as additions to holdings: per user and symbol, the sum of its fills' quantities
 * and costs (`afterBuy` applied fill after fill), which `writeFills` opens or adds to the holding.
 */
function holdingAdditions(buys: readonly FillInput[]): HoldingAddition[] {
  const byPair = new Map<string, HoldingAddition>();
  for (const { order, costs } of buys) {
    const key = `${order.userId}\0${order.symbol}`;
    const quantityMinor = order.quantityMinor - order.filledQuantityMinor;
    const known = byPair.get(key);
    byPair.set(
      key,
      known
        ? { ...known, ...afterBuy(known, quantityMinor, costs.totalTradeMinor) }
        : {
            userId: order.userId,
            symbol: order.symbol,
            asset: order.asset,
            market: order.market,
            currency: order.currency,
            quantityMinor,
            quantityScale: order.quantityScale,
            costMinor: costs.totalTradeMinor,
          },
    );
  }
  return [...byPair.values()];
}

const fail = (message: string): never => {
  throw new Error(message);
};

type Loans = Pick<MarginService, 'lockLoans' | 'recordBorrow' | 'repayFromSale'> &
  Partial<Pick<MarginService, 'repayFromSales'>> & {
    lending?: Pick<MarginService['lending'], 'recordBorrow' | 'afterSale'> &
      Partial<Pick<MarginService['lending'], 'afterSales'>>;
  };

/** A short sale (issue 16 item 3): a sale of borrowed shares; a buy with direction short covers it. */
const isShort = (order: Pick<OrderRow, 'direction'>) => order.direction === 'short';

/** What a short sale puts in the margin account: its initial margin (the hold) and its proceeds. */
export const shortCollateralMinor = (order: Pick<OrderRow, 'reservedMinor'>, costs: TradeCosts) =>
  order.reservedMinor + costs.totalTradeMinor;

/** What a buy on margin borrows of its total (0 for a cash order). */
export const borrowedPartMinor = (
  order: Pick<OrderRow, 'side' | 'leverageHundredths'>,
  totalPayMinor: bigint,
) =>
  order.side !== 'buy' || order.leverageHundredths <= 100
    ? 0n
    : totalPayMinor - marginPartMinor(totalPayMinor, order.leverageHundredths);

export function createOrderExecution(deps: { ledger: LedgerService; market: MarketService; loans?: Loans }) {
  const { ledger, market, loans } = deps;

  /** Before the ledger rows: the margin accounts of users whose fills may borrow or repay. */
  async function lockLoansOf(tx: Transaction, orders: readonly OrderRow[]) {
    if (!loans) return;
    const userIds = orders
      .filter((order) => order.side === 'sell' || order.leverageHundredths > 100)
      .map((order) => order.userId);
    if (userIds.length > 0) await loans.lockLoans(tx, userIds);
  }

  /** After the fill's entry: the borrowed part recorded, or a sale's proceeds repaying the loan. */
  async function afterEntry(
    tx: Transaction,
    order: OrderRow,
    costs: TradeCosts,
    entryId: bigint,
    quote: FillQuote,
  ) {
    if (!loans) return;
    if (isShort(order)) {
      // A short sale borrows its shares from the pool (MARGIN_QUOTA_FULL rolls it all back); a
      // cover returned them before its hold (trading.service.ts).
      if (order.side === 'sell' && loans.lending) {
        await loans.lending.recordBorrow(tx, {
          userId: order.userId,
          symbol: order.symbol,
          currency: order.currency,
          orderId: order.id,
          quantityMinor: order.quantityMinor - order.filledQuantityMinor,
          priceMinor: quote.priceMinor,
          collateralMinor: shortCollateralMinor(order, costs),
        });
      }
      return;
    }
    const borrowed = borrowedPartMinor(order, costs.totalPayMinor);
    if (borrowed > 0n) {
      await loans.recordBorrow(tx, {
        userId: order.userId,
        currency: order.payCurrency,
        amountMinor: borrowed,
        entryId,
        orderId: order.id,
      });
    }
    if (order.side === 'sell') {
      await loans.repayFromSale(tx, {
        userId: order.userId,
        currency: order.payCurrency,
        proceedsMinor: costs.totalPayMinor,
        orderId: order.id,
      });
      // A lender's sale of lent shares: re-supplied from the pool or recalled (securities-lending.ts).
      if (loans.lending) await loans.lending.afterSale(tx, { userId: order.userId, symbol: order.symbol });
    }
  }

  /** A USD amount in EUR at the mid rate (half-up); EUR as is. */
  const inEur = (amountMinor: bigint, currency: string, eurUsd: EurUsdRate | null) =>
    currency === 'EUR' || !eurUsd
      ? amountMinor
      : divideRounded(amountMinor * 10n ** BigInt(scales.fxRate), eurUsd.rateMinor, 'half_up');

  function lockedUntil(instrument: Instrument, lock: SellLock, fillMs: number): Date | null {
    if (lock.minutes > 0) return new Date(fillMs + lock.minutes * 60_000);
    if (lock.days > 0) {
      const startMs = market.tradingDayStartAfter(instrument, fillMs, lock.days);
      return new Date(startMs ?? fillMs + lock.days * 86_400_000);
    }
    return null;
  }

  async function updatePosition(
    tx: Transaction,
    input: {
      order: OrderRow;
      instrument: Instrument;
      fill: FillRow;
      costs: TradeCosts;
      eurUsd: EurUsdRate | null;
      sellLock: SellLock;
      now: Date;
    },
  ): Promise<{ realisedMinor: bigint | null }> {
    const { order, fill, costs, now } = input;
    if (isShort(order)) return updateShort(tx, input);
    if (order.side === 'buy') {
      const inserted = await repository.insertHoldingUnlessHeld(tx, {
        userId: order.userId,
        symbol: order.symbol,
        asset: order.asset,
        market: order.market,
        currency: order.currency,
        state: 'holding',
        quantityMinor: fill.quantityMinor,
        quantityScale: order.quantityScale,
        costMinor: costs.totalTradeMinor,
        openedAt: now,
        updatedAt: now,
      });
      let positionId = inserted?.id;
      if (positionId === undefined) {
        const holding = await repository.lockHolding(tx, order.userId, order.symbol);
        if (!holding) throw new Error(`no holding position for ${order.symbol} after a conflict`);
        const next = afterBuy(holding, fill.quantityMinor, costs.totalTradeMinor);
        await repository.updatePosition(tx, holding.id, { ...next, updatedAt: now });
        positionId = holding.id;
      }
      await repository.insertLot(tx, {
        positionId,
        fillId: fill.id,
        quantityMinor: fill.quantityMinor,
        remainingMinor: fill.quantityMinor,
        priceMinor: fill.priceMinor,
        openedAt: now,
        lockedUntil: lockedUntil(input.instrument, input.sellLock, now.getTime()),
      });
      return { realisedMinor: null };
    }
    const holding = await repository.lockHolding(tx, order.userId, order.symbol);
    if (!holding) throw new Error(`a sale of ${order.symbol} without a holding position`);
    const next = afterSell(holding, fill.quantityMinor, costs.totalTradeMinor);
    const realisedEur = inEur(next.realisedMinor, order.currency, input.eurUsd);
    await repository.updatePosition(tx, holding.id, {
      quantityMinor: next.quantityMinor,
      costMinor: next.costMinor,
      realisedPnlMinor: holding.realisedPnlMinor + next.realisedMinor,
      realisedPnlEurMinor: holding.realisedPnlEurMinor + realisedEur,
      ...(next.quantityMinor === 0n ? { state: 'closed' as const, closedAt: now } : {}),
      updatedAt: now,
    });
    for (const change of consumeFifo(await repository.openLots(tx, holding.id), fill.quantityMinor)) {
      await repository.setLotRemaining(tx, change.id, change.remainingMinor);
    }
    return { realisedMinor: next.realisedMinor };
  }

  /**
   * A short position (issue 16 item 3): a short sale opens or adds to it (its cost: the proceeds
   * received, after fee and TOB); a buy-to-cover reduces it, realising the covered part of the
   * proceeds less what the cover cost. Short positions have no lots (nothing is held to sell).
   */
  async function updateShort(
    tx: Transaction,
    input: { order: OrderRow; fill: FillRow; costs: TradeCosts; eurUsd: EurUsdRate | null; now: Date },
  ): Promise<{ realisedMinor: bigint | null }> {
    const { order, fill, costs, now } = input;
    if (order.side === 'sell') {
      const inserted = await repository.insertHoldingUnlessHeld(tx, {
        userId: order.userId,
        symbol: order.symbol,
        asset: order.asset,
        market: order.market,
        currency: order.currency,
        direction: 'short',
        state: 'holding',
        quantityMinor: fill.quantityMinor,
        quantityScale: order.quantityScale,
        costMinor: costs.totalTradeMinor,
        openedAt: now,
        updatedAt: now,
      });
      if (inserted) return { realisedMinor: null };
      const short = await repository.lockHolding(tx, order.userId, order.symbol, 'short');
      if (!short) throw new Error(`no short position for ${order.symbol} after a conflict`);
      await repository.updatePosition(tx, short.id, {
        quantityMinor: short.quantityMinor + fill.quantityMinor,
        costMinor: short.costMinor + costs.totalTradeMinor,
        updatedAt: now,
      });
      return { realisedMinor: null };
    }
    const short = await repository.lockHolding(tx, order.userId, order.symbol, 'short');
    if (!short || short.quantityMinor < fill.quantityMinor)
      throw new Error(`a cover of ${order.symbol} larger than the short`);
    const left = short.quantityMinor - fill.quantityMinor;
    const proceedsMinor =
      left === 0n ? short.costMinor : (short.costMinor * fill.quantityMinor) / short.quantityMinor;
    const realisedMinor = proceedsMinor - costs.totalTradeMinor;
    await repository.updatePosition(tx, short.id, {
      quantityMinor: left,
      costMinor: short.costMinor - proceedsMinor,
      realisedPnlMinor: short.realisedPnlMinor + realisedMinor,
      realisedPnlEurMinor: short.realisedPnlEurMinor + inEur(realisedMinor, order.currency, input.eurUsd),
      ...(left === 0n ? { state: 'closed' as const, closedAt: now } : {}),
      updatedAt: now,
    });
    return { realisedMinor };
  }

  /** The ledger entry of a fill: the order's hold posted with the fee, TOB and shares. */
  function postHoldInput(order: OrderRow, quote: FillQuote, costs: TradeCosts): PostHoldInput {
    if (order.holdId === null) throw new Error(`order ${order.id} has no hold`);
    const quantityMinor = order.quantityMinor - order.filledQuantityMinor;
    const postings = fillPostings({
      userId: order.userId,
      side: order.side,
      asset: order.asset as Asset,
      quantityMinor,
      tradeCurrency: order.currency,
      payCurrency: order.payCurrency,
      costs,
    });
    const verb = isShort(order)
      ? order.side === 'buy'
        ? 'Bought to cover'
        : 'Sold short (shares borrowed from the lending pool)'
      : order.side === 'buy'
        ? 'Bought'
        : 'Sold';
    const borrowed = borrowedPartMinor(order, costs.totalPayMinor);
    let destinations = postings.destinations;
    let otherPostings = postings.otherPostings;
    if (isShort(order)) {
      // No shares move in the ledger: a short sale delivers borrowed shares (the lenders keep theirs,
      // the borrow rows record the debt) and a cover returns them. A short sale's hold (its initial
      // margin) and its proceeds go to the user's margin account as collateral.
      const margin = userAccount(order.userId, order.payCurrency, 'margin');
      otherPostings = otherPostings.filter((posting) => posting.account.asset !== order.asset);
      if (order.side === 'sell') {
        destinations = [{ account: margin, amountMinor: order.reservedMinor }];
        otherPostings = otherPostings.map((posting) =>
          !isHouseRef(posting.account) && posting.account.userId === order.userId
            ? { account: margin, amountMinor: posting.amountMinor }
            : posting,
        );
      }
    }
    if (borrowed > 0n) {
      // The hold pays the initial part; loan_book lends the rest to the first (largest) destination.
      const [first, ...rest] = destinations;
      if (!first || first.amountMinor <= borrowed)
        throw new Error(`order ${order.id}: nothing to borrow into`);
      destinations = [{ account: first.account, amountMinor: first.amountMinor - borrowed }, ...rest];
      otherPostings = [
        ...otherPostings,
        { account: houseAccount('loan_book', order.payCurrency), amountMinor: -borrowed },
        { account: first.account, amountMinor: borrowed },
      ];
    }
    const marginMemo =
      borrowed > 0n ? `; ${formatCash(borrowed)} ${order.payCurrency} borrowed on margin` : '';
    return {
      idempotencyKey: `order:${order.id}:fill`,
      holdId: order.holdId,
      kind: 'trade_fill',
      source: { type: 'order', id: order.id.toString() },
      memo: `${verb} ${formatQuantity(quantityMinor, order.quantityScale)} ${order.symbol} at ${formatPrice(quote.priceMinor)} ${order.currency} (${quote.basis}, ${quote.source}); fee ${formatCash(costs.fee.amountMinor)}, TOB ${formatCash(costs.tob.amountMinor)}${marginMemo}`,
      destinations,
      otherPostings,
      isFinal: true,
    };
  }

  /** The fill row: the quote it used, its costs, its entry and (a sale) its settlement date. */
  function fillValues(
    input: FillInput,
    entryId: bigint,
    settlement: { days: number; date: string | null } | null,
  ): FillInsert {
    const { order, quote, costs, now } = input;
    return {
      orderId: order.id,
      userId: order.userId,
      symbol: order.symbol,
      side: order.side,
      quantityMinor: order.quantityMinor - order.filledQuantityMinor,
      priceMinor: quote.priceMinor,
      priceBasis: quote.basis,
      quoteSource: quote.source,
      quoteTimestamp: quote.timestamp,
      currency: order.currency,
      grossMinor: costs.grossMinor,
      feeMinor: costs.fee.amountMinor,
      feeBasisPoints: costs.fee.basisPoints,
      feeMinimumMinor: costs.fee.minimumMinor,
      tobClass: costs.tob.class,
      tobBasisPoints: costs.tob.basisPoints,
      tobBaseMinor: costs.tob.baseMinor,
      tobMinor: costs.tob.amountMinor,
      tobCapMinor: costs.tob.capMinor,
      tobCapEurMinor: costs.tob.capEurMinor,
      isTobCapped: costs.tob.isCapped,
      totalTradeMinor: costs.totalTradeMinor,
      payCurrency: order.payCurrency,
      totalPayMinor: costs.totalPayMinor,
      fxMarketRateMinor: costs.fx?.marketRateMinor ?? null,
      fxAppliedRateMinor: costs.fx?.appliedRateMinor ?? null,
      fxSpreadBasisPoints: costs.fx?.spreadBasisPoints ?? null,
      fxAmountMinor: costs.fx?.amountMinor ?? null,
      fxConvertedMinor: costs.fx?.convertedMinor ?? null,
      fxSource: costs.fx?.source ?? null,
      fxTimestamp: costs.fx?.timestamp ?? null,
      entryId,
      settlesOn: settlement && settlement.days > 0 ? settlement.date : null,
      createdAt: now,
    };
  }

  /**
   * After the entries of many long sales: each sale's proceeds repaying its seller's margin loan
   * (`repayFromSales`: what is owed read once, one transfer a repayment), then the lenders among
   * the sellers followed (`afterSales`), as `afterEntry` does for one sale.
   */
  async function afterSales(tx: Transaction, sales: readonly FillInput[]) {
    if (!loans?.repayFromSales || sales.length === 0) return;
    await loans.repayFromSales(
      tx,
      sales.map(({ order, costs }) => ({
        userId: order.userId,
        currency: order.payCurrency,
        proceedsMinor: costs.totalPayMinor,
        orderId: order.id,
      })),
    );
    const lending = loans.lending;
    if (lending?.afterSales)
      await lending.afterSales(
        tx,
        sales.map(({ order }) => ({ userId: order.userId, symbol: order.symbol })),
      );
    else if (lending)
      for (const { order } of sales)
        await lending.afterSale(tx, { userId: order.userId, symbol: order.symbol });
  }

  /**
   * The holdings of many long sales at once, as `updatePosition` changes them one sale at a time:
   * the holdings locked in id order and their open lots read in one statement each, every sale
   * applied in turn (the figures, its realised P&L, its FIFO lots), then the positions, lots and
   * fills' realised P&L written in one statement each. Answers each fill's realised P&L.
   */
  async function sellFromHoldings(
    tx: Transaction,
    sales: readonly { input: FillInput; fill: FillRow }[],
  ): Promise<Map<bigint, bigint>> {
    const realised = new Map<bigint, bigint>();
    if (sales.length === 0) return realised;
    const now = sales[0]!.input.now;
    const pairKey = (userId: bigint, symbol: string) => `${userId}\0${symbol}`;
    const holdings = new Map<string, PositionRow>(
      (
        await repository.lockHoldings(
          tx,
          sales.map(({ input }) => ({ userId: input.order.userId, symbol: input.order.symbol })),
        )
      ).map((row) => [pairKey(row.userId, row.symbol), row]),
    );
    const lotsOf = new Map<bigint, LotRow[]>();
    for (const lot of await repository.openLotsOfPositions(
      tx,
      [...holdings.values()].map((row) => row.id),
    ))
      lotsOf.set(lot.positionId, [...(lotsOf.get(lot.positionId) ?? []), lot]);
    const changedLots = new Map<bigint, bigint>();
    const realisedRows: { id: bigint; realisedMinor: bigint; realisedEurMinor: bigint }[] = [];
    for (const { input, fill } of sales) {
      const { order } = input;
      const key = pairKey(order.userId, order.symbol);
      const holding = holdings.get(key);
      if (!holding) throw new Error(`a sale of ${order.symbol} without a holding position`);
      const next = afterSell(holding, fill.quantityMinor, input.costs.totalTradeMinor);
      const realisedEur = inEur(next.realisedMinor, order.currency, input.eurUsd);
      holdings.set(key, {
        ...holding,
        quantityMinor: next.quantityMinor,
        costMinor: next.costMinor,
        realisedPnlMinor: holding.realisedPnlMinor + next.realisedMinor,
        realisedPnlEurMinor: holding.realisedPnlEurMinor + realisedEur,
      });
      const lots = lotsOf.get(holding.id) ?? [];
      const remaining = new Map(
        consumeFifo(lots, fill.quantityMinor).map((change) => [change.id, change.remainingMinor]),
      );
      for (const [id, remainingMinor] of remaining) changedLots.set(id, remainingMinor);
      lotsOf.set(
        holding.id,
        lots
          .map((lot) => ({ ...lot, remainingMinor: remaining.get(lot.id) ?? lot.remainingMinor }))
          .filter((lot) => lot.remainingMinor > 0n),
      );
      realised.set(fill.id, next.realisedMinor);
      realisedRows.push({ id: fill.id, realisedMinor: next.realisedMinor, realisedEurMinor: realisedEur });
    }
    await repository.setSoldPositions(
      tx,
      [...new Set(sales.map(({ input }) => pairKey(input.order.userId, input.order.symbol)))].map((key) => {
        const row = holdings.get(key)!;
        return {
          id: row.id,
          quantityMinor: row.quantityMinor,
          costMinor: row.costMinor,
          realisedPnlMinor: row.realisedPnlMinor,
          realisedPnlEurMinor: row.realisedPnlEurMinor,
        };
      }),
      now,
    );
    await repository.setLotsRemaining(
      tx,
      [...changedLots].map(([id, remainingMinor]) => ({ id, remainingMinor })),
    );
    await repository.setFillsRealised(tx, realisedRows);
    return realised;
  }

  return {
    /**
     * Fills `order` (pending, with its hold) in full at `quote` with `costs` computed at that
     * price. Runs in the caller's transaction, which must hold the order row.
     */
    async fill(
      tx: Transaction,
      input: {
        order: OrderRow;
        instrument: Instrument;
        quote: FillQuote;
        costs: TradeCosts;
        eurUsd: EurUsdRate | null;
        sellLock: SellLock;
        now: Date;
      },
    ): Promise<{ order: OrderRow; fill: FillRow }> {
      const { order, instrument, quote, costs, now } = input;
      if (order.holdId === null) throw new Error(`order ${order.id} has no hold`);
      await lockLoansOf(tx, [order]);
      const entry = await ledger.postHold(tx, postHoldInput(order, quote, costs));
      await afterEntry(tx, order, costs, entry.entryId, quote);
      // A short sale's proceeds stay in the margin account as collateral: nothing to settle to cash.
      const settlement =
        order.side === 'sell' && !isShort(order) ? market.settlement(instrument, now.getTime()) : null;
      const fill = await repository.insertFill(tx, fillValues(input, entry.entryId, settlement));
      const { realisedMinor } = await updatePosition(tx, { ...input, fill });
      if (realisedMinor !== null) {
        await repository.setFillRealised(
          tx,
          fill.id,
          realisedMinor,
          inEur(realisedMinor, order.currency, input.eurUsd),
        );
      }
      if (settlement && settlement.days > 0 && settlement.date && costs.totalPayMinor > 0n) {
        await repository.insertSettlement(tx, {
          userId: order.userId,
          fillId: fill.id,
          currency: order.payCurrency,
          amountMinor: costs.totalPayMinor,
          settlesOn: settlement.date,
          createdAt: now,
        });
      }
      const filled = await repository.updateOrder(tx, order.id, {
        filledQuantityMinor: order.quantityMinor,
        state: 'filled',
        reservedMinor: 0n,
        filledAt: now,
        updatedAt: now,
      });
      return { order: filled, fill: { ...fill, realisedPnlMinor: realisedMinor } };
    },

    /**
     * Fills many pending orders (each with its hold, each in full at its quote), in the caller's
     * transaction, which must hold every order row: what `fill` writes for each, in a few
     * statements however many — the holds posted in one ledger statement, the fills, the buys'
     * holdings and lots, the orders. A sale still updates its holding on its own. Orders must be
     * distinct; all of it commits or none.
     */
    async fillMany(
      tx: Transaction,
      inputs: readonly FillInput[],
    ): Promise<{ order: OrderRow; fill: FillRow }[]> {
      if (inputs.length === 0) return [];
      await lockLoansOf(
        tx,
        inputs.map((input) => input.order),
      );
      const entries = await ledger.postHoldMany(
        tx,
        inputs.map(({ order, quote, costs }) => postHoldInput(order, quote, costs)),
      );
      const settlements = inputs.map(({ order, instrument, now }) =>
        order.side === 'sell' ? market.settlement(instrument, now.getTime()) : null,
      );
      // Long sales (a tick's crossed sales, a batch of margin liquidations): their repayments and
      // lenders' follow-ups together (`afterSales`); the rest one by one.
      const isLongSale = ({ order }: FillInput) => order.side === 'sell' && !isShort(order);
      const batchesSales = loans?.repayFromSales !== undefined;
      for (const [index, input] of inputs.entries()) {
        if (batchesSales && isLongSale(input)) continue;
        await afterEntry(tx, input.order, input.costs, entries[index]!.entryId, input.quote);
      }
      if (batchesSales) await afterSales(tx, inputs.filter(isLongSale));
      const now = inputs[0]!.now;
      const buys = inputs.filter((input) => input.order.side === 'buy');
      const inserted = await repository.writeFills(tx, {
        values: inputs.map((input, index) =>
          fillValues(input, entries[index]!.entryId, settlements[index] ?? null),
        ),
        additions: holdingAdditions(buys),
        lots: buys.map(({ order, instrument, sellLock }) => ({
          orderId: order.id,
          userId: order.userId,
          symbol: order.symbol,
          lockedUntil: lockedUntil(instrument, sellLock, now.getTime()),
        })),
        orderIds: inputs.map(({ order }) => order.id),
        now,
      });
      const written = inputs.map((input, index) => ({ input, fill: inserted[index]! }));
      const answers = new Map<bigint, FillRow>();
      const sold = await sellFromHoldings(
        tx,
        written.filter(({ input }) => isLongSale(input)),
      );
      const settlementRows: Parameters<typeof repository.insertSettlements>[1] = [];
      for (const [index, { input, fill }] of written.entries()) {
        let realisedMinor: bigint | null = null;
        if (isLongSale(input)) realisedMinor = sold.get(fill.id) ?? null;
        else if (input.order.side === 'sell') {
          realisedMinor = (await updatePosition(tx, { ...input, fill })).realisedMinor;
          if (realisedMinor !== null) {
            await repository.setFillRealised(
              tx,
              fill.id,
              realisedMinor,
              inEur(realisedMinor, input.order.currency, input.eurUsd),
            );
          }
        }
        const settlement = settlements[index];
        if (settlement && settlement.days > 0 && settlement.date && input.costs.totalPayMinor > 0n) {
          settlementRows.push({
            userId: input.order.userId,
            fillId: fill.id,
            currency: input.order.payCurrency,
            amountMinor: input.costs.totalPayMinor,
            settlesOn: settlement.date,
            createdAt: input.now,
          });
        }
        answers.set(input.order.id, { ...fill, realisedPnlMinor: realisedMinor });
      }
      await repository.insertSettlements(tx, settlementRows);
      // The orders' rows as the statement left them (filled in full at `now`, nothing reserved).
      return inputs.map(({ order }) => ({
        order: {
          ...order,
          filledQuantityMinor: order.quantityMinor,
          state: 'filled' as const,
          reservedMinor: 0n,
          filledAt: now,
          updatedAt: now,
        },
        fill: answers.get(order.id) ?? fail(`no fill for order ${order.id}`),
      }));
    },
  };
}

export type OrderExecution = ReturnType<typeof createOrderExecution>;
