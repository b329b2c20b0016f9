import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { corporateActionPayments, fills, orders } from './trading.tables';

// The rows behind a page of the user's trade records (records ask the trading service, which
// reads them here): the orders, the fills by their ledger entry or id, the dividends.

export async function findUserOrdersByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.id, [...ids])));
}

/** Fills written by these ledger entries (a fill's entry names its order) or with these ids. */
export async function findUserFills(
  db: Executor,
  userId: bigint,
  ids: { entryIds: readonly bigint[]; fillIds: readonly bigint[] },
) {
  if (ids.entryIds.length === 0 && ids.fillIds.length === 0) return [];
  return db
    .select()
    .from(fills)
    .where(
      and(
        eq(fills.userId, userId),
        or(
          ids.entryIds.length === 0 ? undefined : inArray(fills.entryId, [...ids.entryIds]),
          ids.fillIds.length === 0 ? undefined : inArray(fills.id, [...ids.fillIds]),
        ),
      ),
    );
}

export async function findUserDividendsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(corporateActionPayments)
    .where(
      and(
        eq(corporateActionPayments.userId, userId),
        eq(corporateActionPayments.kind, 'dividend'),
        inArray(corporateActionPayments.id, [...ids]),
      ),
    );
}
