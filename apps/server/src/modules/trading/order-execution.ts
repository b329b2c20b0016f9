import { divideRounded, formatCash, scales, type Asset } from '@beurs/contract';
import type { Transaction } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { Instrument } from '../../market/provider';
import type { MarketService } from '../market/market.service';
import { fillPostings } from './fill-postings';
import { formatPrice, formatQuantity } from './order-ticket';
import { afterBuy, afterSell, consumeFifo } from './position-math';
import type { EurUsdRate, TradeCosts } from './trade-costs';
import * as repository from './trading.repository';
import type { FillRow, OrderRow } from './trading.repository';
import type { SellLock } from '../../config';

// One fill, in the caller's transaction: the ledger entry that posts the order's hold (cash, fee,
// TOB, shares), the fill row with the quote it used, the order's new state, the position and its
// FIFO lots, and the settlement of a sale's proceeds. Either all of it commits or none.

export type FillQuote = {
  readonly priceMinor: bigint;
  /** `issue`: an IPO allotment at the offering's issue price. */
  readonly basis: 'ask' | 'bid' | 'last' | 'issue';
  readonly source: string;
  readonly timestamp: Date;
};

export function createOrderExecution(deps: { ledger: LedgerService; market: MarketService }) {
  const { ledger, market } = deps;

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
      const verb = order.side === 'buy' ? 'Bought' : 'Sold';
      const entry = await ledger.postHold(tx, {
        idempotencyKey: `order:${order.id}:fill`,
        holdId: order.holdId,
        kind: 'trade_fill',
        source: { type: 'order', id: order.id.toString() },
        memo: `${verb} ${formatQuantity(quantityMinor, order.quantityScale)} ${order.symbol} at ${formatPrice(quote.priceMinor)} ${order.currency} (${quote.basis}, ${quote.source}); fee ${formatCash(costs.fee.amountMinor)}, TOB ${formatCash(costs.tob.amountMinor)}`,
        destinations: postings.destinations,
        otherPostings: postings.otherPostings,
        isFinal: true,
      });
      const settlement = order.side === 'sell' ? market.settlement(instrument, now.getTime()) : null;
      const fill = await repository.insertFill(tx, {
        orderId: order.id,
        userId: order.userId,
        symbol: order.symbol,
        side: order.side,
        quantityMinor,
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
        entryId: entry.entryId,
        settlesOn: settlement && settlement.days > 0 ? settlement.date : null,
        createdAt: now,
      });
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
  };
}

export type OrderExecution = ReturnType<typeof createOrderExecution>;
