import { and, asc, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { balanceCorrections } from './corrections.tables';

export type CorrectionRow = typeof balanceCorrections.$inferSelect;
export type CorrectionState = CorrectionRow['state'];

export async function insertCorrection(db: Executor, values: typeof balanceCorrections.$inferInsert) {
  const rows = await db.insert(balanceCorrections).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into balance_corrections returned no row');
  return row;
}

export async function findCorrection(db: Executor, id: bigint) {
  const rows = await db.select().from(balanceCorrections).where(eq(balanceCorrections.id, id)).limit(1);
  return rows[0];
}

/** Loads the correction under a row lock (decide once). */
export async function lockCorrection(db: Executor, id: bigint) {
  const rows = await db
    .select()
    .from(balanceCorrections)
    .where(eq(balanceCorrections.id, id))
    .limit(1)
    .for('no key update');
  return rows[0];
}

/**
 * Serialises the daily-limit check of proposals until the transaction ends (a transaction-level
 * advisory lock): two proposals at once cannot both pass a limit that only one of them fits.
 */
export async function lockDailyLimits(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('balance_corrections.daily_limits'))`);
}

/**
 * Sum of the magnitudes of corrections in `currency` applied by one staff member alone (proposer
 * and decider the same) since `since`, narrowed by `who`: the proposer, or the user corrected.
 */
export async function sumAppliedAlone(
  db: Executor,
  who: { proposedByStaffId: bigint } | { userId: bigint },
  currency: CorrectionRow['currency'],
  since: Date,
): Promise<bigint> {
  const narrowed: SQL =
    'userId' in who
      ? eq(balanceCorrections.userId, who.userId)
      : eq(balanceCorrections.proposedByStaffId, who.proposedByStaffId);
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(abs(${balanceCorrections.amountMinor})), 0)::text` })
    .from(balanceCorrections)
    .where(
      and(
        narrowed,
        eq(balanceCorrections.currency, currency),
        eq(balanceCorrections.state, 'applied'),
        eq(balanceCorrections.decidedByStaffId, balanceCorrections.proposedByStaffId),
        gte(balanceCorrections.createdAt, since),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

export async function decideCorrection(
  db: Executor,
  id: bigint,
  values: { state: CorrectionState; decidedByStaffId: bigint; decidedAt: Date },
) {
  const rows = await db
    .update(balanceCorrections)
    .set(values)
    .where(and(eq(balanceCorrections.id, id), eq(balanceCorrections.state, 'pending')))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`correction ${id} was not pending under its lock`);
  return row;
}

export async function setEntry(db: Executor, id: bigint, entryId: bigint) {
  await db.update(balanceCorrections).set({ entryId }).where(eq(balanceCorrections.id, id));
}

export async function listByState(db: Executor, state: CorrectionState, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(balanceCorrections)
      .where(eq(balanceCorrections.state, state))
      .orderBy(asc(balanceCorrections.createdAt), asc(balanceCorrections.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(balanceCorrections).where(eq(balanceCorrections.state, state)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The user's corrections among `ids` (the sources of a page of records). */
export async function findUserCorrectionsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: balanceCorrections.id, reason: balanceCorrections.reason })
    .from(balanceCorrections)
    .where(and(eq(balanceCorrections.userId, userId), inArray(balanceCorrections.id, [...ids])));
}

/**
 * The ids (as the audit log's text target ids) of the user's balance corrections: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${balanceCorrections.id}::text` })
    .from(balanceCorrections)
    .where(eq(balanceCorrections.userId, userId));
}
