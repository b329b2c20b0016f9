import { formatCash, formatDecimal, scales, type Currency, type RecordDetail } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { sourceIdsOf, type RecordDetails, type RecordEntry } from '../../ledger/record-sources';
import * as repository from './margin.repository';
import * as lendingRepository from './securities-lending.repository';

// The records of the margin account (issue 16), described from the margin module's own rows: the
// margin loan's movements (`margin_loan`: a sale's repayment, a day's interest, a capital transfer;
// the entry is named by its movement row) and securities lending (`securities_loan`: a borrow fee or
// a manufactured dividend, named by its charge row, seen by the short or by a lender; a collateral
// return, whose source is the buy-to-cover). The orders' symbols are Trading's, asked once a page.

/** An order of the user as these records name it: its symbol and the quantity it filled. */
export type RecordOrder = { orderId: bigint; symbol: string; filledQuantity: string };

export type MarginRecordsDeps = {
  db: Executor;
  /** The user's orders by id (Trading's), one call for the page. */
  orders: (userId: bigint, orderIds: readonly bigint[]) => Promise<readonly RecordOrder[]>;
  /** An instrument's currency (a collateral return is in it). */
  currencyOf: (symbol: string) => Currency;
  /** An instrument's quantity scale (the borrowed shares are stored at it). */
  quantityScaleOf: (symbol: string) => number;
};

const movementEvents = {
  repay: 'repayment',
  interest: 'interest',
  to_margin: 'transfer_to_margin',
  to_cash: 'transfer_to_cash',
} as const;

/** Describes a page of the user's margin records: three queries at most, whatever the page's size. */
export async function describeMarginRecords(
  deps: MarginRecordsDeps,
  userId: bigint,
  entries: readonly RecordEntry[],
): Promise<RecordDetails> {
  const loanEntries = entries.filter((entry) => entry.sourceType === 'margin_loan');
  const chargeEntries = entries.filter(
    (entry) =>
      entry.sourceType === 'securities_loan' &&
      (entry.kind === 'borrow_fee' || entry.kind === 'manufactured_dividend'),
  );
  const collateralEntries = entries.filter(
    (entry) => entry.sourceType === 'securities_loan' && entry.kind === 'short_collateral',
  );
  const [movements, charges] = await Promise.all([
    repository.movementsByEntries(
      deps.db,
      userId,
      loanEntries.map((entry) => entry.id),
    ),
    lendingRepository.chargesByEntriesOf(
      deps.db,
      userId,
      chargeEntries.map((entry) => entry.id),
    ),
  ]);
  const orderIds = [
    ...new Set([
      ...movements.flatMap((row) => (row.kind === 'repay' && row.orderId !== null ? [row.orderId] : [])),
      ...sourceIdsOf(collateralEntries),
    ]),
  ];
  const orders = new Map(
    (orderIds.length === 0 ? [] : await deps.orders(userId, orderIds)).map((order) => [
      order.orderId.toString(),
      order,
    ]),
  );

  const details: RecordDetails = new Map();
  for (const row of movements) {
    if (row.kind === 'borrow') continue; // A borrow is its buy's fill, described by Trading.
    const order =
      row.kind === 'repay' && row.orderId !== null ? orders.get(row.orderId.toString()) : undefined;
    const detail: RecordDetail = {
      type: 'margin_loan',
      // A repayment names the sale that paid it; one the user paid from their cash names none.
      event: row.kind === 'repay' && row.orderId === null ? 'cash_repayment' : movementEvents[row.kind],
      currency: row.currency,
      amount: formatCash(row.amountMinor),
      day: row.interestDay,
      orderId: row.kind === 'repay' ? (row.orderId?.toString() ?? null) : null,
      symbol: order?.symbol ?? null,
      owedAfter: formatCash(row.owedAfterMinor),
    };
    details.set(row.entryId, detail);
  }
  for (const { charge, borrow } of charges) {
    const isFee = charge.kind === 'borrow_fee';
    details.set(charge.entryId, {
      type: 'securities_loan',
      event: charge.kind,
      role: borrow.userId === userId ? 'borrower' : 'lender',
      symbol: borrow.symbol,
      currency: borrow.currency as Currency,
      quantity: formatDecimal(charge.quantityMinor, deps.quantityScaleOf(borrow.symbol)),
      day: charge.day,
      feeBasisPoints: isFee ? borrow.feeBasisPoints : null,
      price: isFee ? formatDecimal(borrow.priceMinor, scales.price) : null,
      charged: formatCash(charge.amountMinor),
      orderId: null,
    });
  }
  for (const entry of collateralEntries) {
    const order = orders.get(entry.sourceId);
    if (!order) continue;
    details.set(entry.id, {
      type: 'securities_loan',
      event: 'collateral_return',
      role: 'borrower',
      symbol: order.symbol,
      currency: deps.currencyOf(order.symbol),
      quantity: order.filledQuantity,
      day: null,
      feeBasisPoints: null,
      price: null,
      charged: null,
      orderId: order.orderId.toString(),
    });
  }
  return details;
}
