import { formatCash, formatDecimal, scales, type RecordDetail } from '@beurs/contract';
import type { Executor } from '../../db/database';
import {
  describeBySource,
  sourceIdsOf,
  type RecordDetails,
  type RecordEntry,
} from '../../ledger/record-sources';
import { formatPrice, formatQuantity } from './order-ticket';
import { borrowedPartMinor } from './order-execution';
import * as repository from './trading-records.repository';

// The trade records (the records screen's 'trade' tab), described from trading's own rows: an
// order's reservation and its release, its fill with price, fee, TOB and FX, a dividend with its
// withholding. A sale's reservation freezes shares, not cash, so it is no cash record.

type OrderRow = Awaited<ReturnType<typeof repository.findUserOrdersByIds>>[number];
type FillRow = Awaited<ReturnType<typeof repository.findUserFills>>[number];
type DividendRow = Awaited<ReturnType<typeof repository.findUserDividendsByIds>>[number];

const endedStates = new Set(['cancelled', 'expired', 'rejected'] as const);
const isEnded = (state: OrderRow['state']): state is 'cancelled' | 'expired' | 'rejected' =>
  (endedStates as ReadonlySet<string>).has(state);

function orderOf(order: OrderRow, quantityMinor = order.quantityMinor) {
  return {
    orderId: order.id.toString(),
    symbol: order.symbol,
    side: order.side,
    quantity: formatQuantity(quantityMinor, order.quantityScale),
  };
}

function fillDetail(fill: FillRow, order: OrderRow): RecordDetail {
  return {
    type: 'fill',
    ...orderOf(order, fill.quantityMinor),
    fillId: fill.id.toString(),
    price: formatPrice(fill.priceMinor),
    currency: fill.currency,
    gross: formatCash(fill.grossMinor),
    fee: formatCash(fill.feeMinor),
    tob: {
      class: fill.tobClass,
      rateBasisPoints: fill.tobBasisPoints,
      amount: formatCash(fill.tobMinor),
      isCapped: fill.isTobCapped,
    },
    totalInTradeCurrency: formatCash(fill.totalTradeMinor),
    payCurrency: fill.payCurrency,
    total: formatCash(fill.totalPayMinor),
    borrowed:
      borrowedPartMinor(order, fill.totalPayMinor) > 0n
        ? formatCash(borrowedPartMinor(order, fill.totalPayMinor))
        : null,
    fx:
      fill.fxAppliedRateMinor === null
        ? null
        : {
            from: fill.side === 'buy' ? fill.payCurrency : fill.currency,
            to: fill.side === 'buy' ? fill.currency : fill.payCurrency,
            appliedRate: formatDecimal(fill.fxAppliedRateMinor, scales.fxRate),
            spreadBasisPoints: fill.fxSpreadBasisPoints ?? 0,
          },
    quoteSource: fill.quoteSource,
  };
}

function orderDetail(order: OrderRow, entry: RecordEntry, fillsByEntry: Map<bigint, FillRow>) {
  switch (entry.kind) {
    case 'hold_reserve':
      return { type: 'order_placed' as const, ...orderOf(order), orderType: order.type };
    case 'hold_release':
      return isEnded(order.state)
        ? { type: 'order_ended' as const, ...orderOf(order), state: order.state, reason: order.reason }
        : null;
    case 'trade_fill': {
      const fill = fillsByEntry.get(entry.id);
      return fill ? fillDetail(fill, order) : null;
    }
    default:
      return null;
  }
}

function dividendDetail(row: DividendRow): RecordDetail {
  return {
    type: 'dividend',
    symbol: row.symbol,
    exDate: row.exDate,
    // Dividends are paid on whole shares (the payment's memo says the same).
    quantity: formatQuantity(row.quantityMinor, 0),
    amountPerShare: formatPrice(row.amountPerShareMinor ?? 0n),
    currency: row.currency,
    gross: formatCash(row.grossMinor ?? 0n),
    withholdingForeign: formatCash(row.withholdingForeignMinor ?? 0n),
    withholdingBelgian: formatCash(row.withholdingBelgianMinor ?? 0n),
    net: formatCash(row.netMinor ?? 0n),
  };
}

/** Describes a page of the user's trade records: three or four queries, whatever the page's size. */
export async function describeTradingRecords(
  db: Executor,
  userId: bigint,
  entries: readonly RecordEntry[],
): Promise<RecordDetails> {
  const ofType = (type: RecordEntry['sourceType']) => entries.filter((entry) => entry.sourceType === type);
  const orderEntries = ofType('order');
  const fillEntries = ofType('fill');
  const dividendEntries = ofType('dividend');
  const [fillRows, dividendRows] = await Promise.all([
    repository.findUserFills(db, userId, {
      entryIds: orderEntries.filter((entry) => entry.kind === 'trade_fill').map((entry) => entry.id),
      fillIds: sourceIdsOf(fillEntries),
    }),
    repository.findUserDividendsByIds(db, userId, sourceIdsOf(dividendEntries)),
  ]);
  const orderIds = new Set([...sourceIdsOf(orderEntries), ...fillRows.map((fill) => fill.orderId)]);
  const orderRows = await repository.findUserOrdersByIds(db, userId, [...orderIds]);
  const ordersById = new Map(orderRows.map((order) => [order.id, order]));
  const fillsByEntry = new Map(fillRows.map((fill) => [fill.entryId, fill]));
  return new Map([
    ...describeBySource(orderEntries, orderRows, (order, entry) => orderDetail(order, entry, fillsByEntry)),
    ...describeBySource(fillEntries, fillRows, (fill) => {
      const order = ordersById.get(fill.orderId);
      return order ? fillDetail(fill, order) : null;
    }),
    ...describeBySource(dividendEntries, dividendRows, dividendDetail),
  ]);
}

/**
 * The user's orders by id as another module's records name them (the margin loan's repayment by a
 * sale, a short's collateral returned by a cover): the symbol and the quantity filled. One query.
 */
export async function userRecordOrders(db: Executor, userId: bigint, orderIds: readonly bigint[]) {
  const rows = await repository.findUserOrdersByIds(db, userId, orderIds);
  return rows.map((order) => ({
    orderId: order.id,
    symbol: order.symbol,
    filledQuantity: formatQuantity(order.filledQuantityMinor, order.quantityScale),
  }));
}
