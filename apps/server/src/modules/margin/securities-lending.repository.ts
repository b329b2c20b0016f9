import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  lendingParticipants,
  securitiesBorrows,
  securitiesLendingCharges,
  securitiesLoanAllocations,
} from './securities-lending.tables';

// The lending rows (securities-lending.ts): participants, borrows, allocations and charges.

export type ParticipantRow = typeof lendingParticipants.$inferSelect;
export type BorrowRow = typeof securitiesBorrows.$inferSelect;
export type AllocationRow = typeof securitiesLoanAllocations.$inferSelect;
export type ChargeRow = typeof securitiesLendingCharges.$inferSelect;

/** One lending operation on a symbol at a time (a short's borrow, a cover, a lender's sale, a recall). */
export async function lockSymbol(executor: Executor, symbol: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`securities-lending:${symbol}`}))`);
}

export async function participant(executor: Executor, userId: bigint) {
  const rows = await executor
    .select()
    .from(lendingParticipants)
    .where(eq(lendingParticipants.userId, userId))
    .limit(1);
  return rows[0];
}

export async function setParticipant(executor: Executor, userId: bigint, lend: boolean, now: Date) {
  if (lend) {
    await executor
      .insert(lendingParticipants)
      .values({ userId, optedInAt: now, optedOutAt: null, updatedAt: now })
      .onConflictDoUpdate({
        target: lendingParticipants.userId,
        set: { optedInAt: now, optedOutAt: null, updatedAt: now },
        setWhere: sql`${lendingParticipants.optedOutAt} is not null`,
      });
  } else {
    await executor
      .update(lendingParticipants)
      .set({ optedOutAt: now, updatedAt: now })
      .where(and(eq(lendingParticipants.userId, userId), isNull(lendingParticipants.optedOutAt)));
  }
}

/** The lenders who opted in and did not opt out, oldest opt-in first (the allocation order). */
export const activeLenders = (executor: Executor) =>
  executor
    .select()
    .from(lendingParticipants)
    .where(isNull(lendingParticipants.optedOutAt))
    .orderBy(asc(lendingParticipants.optedInAt), asc(lendingParticipants.userId));

/** Shares of `symbol` each lender has lent out now (allocations not returned). */
export async function lentBy(executor: Executor, symbol: string) {
  const rows = await executor
    .select({
      lenderUserId: securitiesLoanAllocations.lenderUserId,
      lentMinor: sql<string>`sum(${securitiesLoanAllocations.quantityMinor} - ${securitiesLoanAllocations.returnedMinor})`,
    })
    .from(securitiesLoanAllocations)
    .where(eq(securitiesLoanAllocations.symbol, symbol))
    .groupBy(securitiesLoanAllocations.lenderUserId);
  return new Map(rows.map((row) => [row.lenderUserId, BigInt(row.lentMinor)]));
}

export async function insertBorrow(executor: Executor, values: typeof securitiesBorrows.$inferInsert) {
  const rows = await executor.insert(securitiesBorrows).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into securities_borrows returned no row');
  return row;
}

export async function insertAllocations(
  executor: Executor,
  values: (typeof securitiesLoanAllocations.$inferInsert)[],
) {
  if (values.length === 0) return [];
  return executor.insert(securitiesLoanAllocations).values(values).returning();
}

/** A user's borrows of a symbol not fully returned, oldest first. */
export const openBorrows = (executor: Executor, userId: bigint, symbol: string) =>
  executor
    .select()
    .from(securitiesBorrows)
    .where(
      and(
        eq(securitiesBorrows.userId, userId),
        eq(securitiesBorrows.symbol, symbol),
        sql`${securitiesBorrows.returnedMinor} < ${securitiesBorrows.quantityMinor}`,
      ),
    )
    .orderBy(asc(securitiesBorrows.id));

/** Every borrow not fully returned (the fee job, the dividends). */
export const allOpenBorrows = (executor: Executor) =>
  executor
    .select()
    .from(securitiesBorrows)
    .where(sql`${securitiesBorrows.returnedMinor} < ${securitiesBorrows.quantityMinor}`)
    .orderBy(asc(securitiesBorrows.id));

export const borrowsOf = (executor: Executor, userId: bigint) =>
  executor
    .select()
    .from(securitiesBorrows)
    .where(eq(securitiesBorrows.userId, userId))
    .orderBy(desc(securitiesBorrows.id));

export const allBorrows = (executor: Executor) => executor.select().from(securitiesBorrows);
export const allAllocations = (executor: Executor) => executor.select().from(securitiesLoanAllocations);
export const allCharges = (executor: Executor) => executor.select().from(securitiesLendingCharges);

export async function setBorrowReturned(
  executor: Executor,
  borrowId: bigint,
  returnedMinor: bigint,
  collateralReturnedMinor: bigint,
) {
  await executor
    .update(securitiesBorrows)
    .set({ returnedMinor, collateralReturnedMinor })
    .where(eq(securitiesBorrows.id, borrowId));
}

export const allocationsOfBorrows = (executor: Executor, borrowIds: readonly bigint[]) =>
  borrowIds.length === 0
    ? Promise.resolve([] as AllocationRow[])
    : executor
        .select()
        .from(securitiesLoanAllocations)
        .where(inArray(securitiesLoanAllocations.borrowId, [...borrowIds]))
        .orderBy(asc(securitiesLoanAllocations.id));

/** A lender's allocations of a symbol still lent, newest first (the first recalled). */
export const lentAllocationsOf = (executor: Executor, lenderUserId: bigint, symbol: string) =>
  executor
    .select()
    .from(securitiesLoanAllocations)
    .where(
      and(
        eq(securitiesLoanAllocations.lenderUserId, lenderUserId),
        eq(securitiesLoanAllocations.symbol, symbol),
        sql`${securitiesLoanAllocations.returnedMinor} < ${securitiesLoanAllocations.quantityMinor}`,
      ),
    )
    .orderBy(desc(securitiesLoanAllocations.id));

export const lenderAllocations = (executor: Executor, lenderUserId: bigint) =>
  executor
    .select()
    .from(securitiesLoanAllocations)
    .where(eq(securitiesLoanAllocations.lenderUserId, lenderUserId))
    .orderBy(desc(securitiesLoanAllocations.id));

export async function updateAllocation(
  executor: Executor,
  id: bigint,
  values: Partial<typeof securitiesLoanAllocations.$inferInsert>,
) {
  await executor.update(securitiesLoanAllocations).set(values).where(eq(securitiesLoanAllocations.id, id));
}

/** Recalls whose buy-in time has come and that have not ended. */
export const dueRecalls = (executor: Executor, now: Date) =>
  executor
    .select()
    .from(securitiesLoanAllocations)
    .where(
      and(
        isNotNull(securitiesLoanAllocations.recalledAt),
        isNull(securitiesLoanAllocations.recallOutcome),
        lte(securitiesLoanAllocations.buyInAt, now),
        gt(sql`${securitiesLoanAllocations.quantityMinor} - ${securitiesLoanAllocations.returnedMinor}`, 0),
      ),
    )
    .orderBy(asc(securitiesLoanAllocations.buyInAt), asc(securitiesLoanAllocations.id));

export async function borrowById(executor: Executor, id: bigint) {
  const rows = await executor.select().from(securitiesBorrows).where(eq(securitiesBorrows.id, id)).limit(1);
  return rows[0];
}

export async function chargeExists(
  executor: Executor,
  borrowId: bigint,
  kind: ChargeRow['kind'],
  day: string,
) {
  const rows = await executor
    .select({ id: securitiesLendingCharges.id })
    .from(securitiesLendingCharges)
    .where(
      and(
        eq(securitiesLendingCharges.borrowId, borrowId),
        eq(securitiesLendingCharges.kind, kind),
        eq(securitiesLendingCharges.day, day),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCharge(executor: Executor, values: typeof securitiesLendingCharges.$inferInsert) {
  await executor.insert(securitiesLendingCharges).values(values);
}

export const chargesOfBorrows = (executor: Executor, borrowIds: readonly bigint[]) =>
  borrowIds.length === 0
    ? Promise.resolve([] as ChargeRow[])
    : executor
        .select()
        .from(securitiesLendingCharges)
        .where(inArray(securitiesLendingCharges.borrowId, [...borrowIds]));

/**
 * The charges (borrow fees, manufactured dividends) written by these ledger entries whose borrow is
 * the user's or lends the user's shares, with their borrow: one query.
 */
export async function chargesByEntriesOf(executor: Executor, userId: bigint, entryIds: readonly bigint[]) {
  if (entryIds.length === 0) return [];
  return executor
    .select({ charge: securitiesLendingCharges, borrow: securitiesBorrows })
    .from(securitiesLendingCharges)
    .innerJoin(securitiesBorrows, eq(securitiesBorrows.id, securitiesLendingCharges.borrowId))
    .where(
      and(
        inArray(securitiesLendingCharges.entryId, [...entryIds]),
        sql`(${securitiesBorrows.userId} = ${userId} or exists (
          select 1 from ${securitiesLoanAllocations}
          where ${securitiesLoanAllocations.borrowId} = ${securitiesBorrows.id}
            and ${securitiesLoanAllocations.lenderUserId} = ${userId}))`,
      ),
    );
}

/** Of these (lender, symbol) pairs, those with shares lent not yet returned (one read). */
export async function lendingPairsAmong(
  executor: Executor,
  pairs: readonly { userId: bigint; symbol: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.userId.toString()}::bigint, ${pair.symbol}::text)`),
    sql`, `,
  );
  const rows = await executor
    .selectDistinct({
      userId: securitiesLoanAllocations.lenderUserId,
      symbol: securitiesLoanAllocations.symbol,
    })
    .from(securitiesLoanAllocations)
    .where(
      and(
        sql`(${securitiesLoanAllocations.lenderUserId}, ${securitiesLoanAllocations.symbol}) in (${wanted})`,
        sql`${securitiesLoanAllocations.returnedMinor} < ${securitiesLoanAllocations.quantityMinor}`,
      ),
    );
  return new Set(rows.map((row) => `${row.userId}\0${row.symbol}`));
}
