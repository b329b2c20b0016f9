import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database';
import { withdrawalBars } from './restrictions.tables';

export type WithdrawalBarRow = typeof withdrawalBars.$inferSelect;

export async function insertWithdrawalBar(db: Executor, values: typeof withdrawalBars.$inferInsert) {
  const rows = await db.insert(withdrawalBars).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into withdrawal_bars returned no row');
  return row;
}

/** The request under a row lock, for deciding it once. */
export async function lockWithdrawalBar(tx: Transaction, id: bigint) {
  const rows = await tx.select().from(withdrawalBars).where(eq(withdrawalBars.id, id)).for('no key update');
  return rows[0];
}

export async function decideWithdrawalBar(
  db: Executor,
  id: bigint,
  values: Pick<WithdrawalBarRow, 'state' | 'decidedByStaffId' | 'decidedAt' | 'expiresAt' | 'restrictionId'>,
) {
  const rows = await db.update(withdrawalBars).set(values).where(eq(withdrawalBars.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error('update of withdrawal_bars returned no row');
  return row;
}

export async function listWithdrawalBars(
  db: Executor,
  state: WithdrawalBarRow['state'],
  offset: number,
  limit: number,
) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(withdrawalBars)
      .where(eq(withdrawalBars.state, state))
      .orderBy(asc(withdrawalBars.createdAt), asc(withdrawalBars.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(withdrawalBars).where(eq(withdrawalBars.state, state)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The approved requests behind these restrictions (the listed reason and expiry the user sees). */
export async function findByRestrictionIds(db: Executor, restrictionIds: readonly bigint[]) {
  if (restrictionIds.length === 0) return [];
  return db
    .select()
    .from(withdrawalBars)
    .where(
      and(inArray(withdrawalBars.restrictionId, [...restrictionIds]), eq(withdrawalBars.state, 'approved')),
    );
}

/**
 * The ids (as the audit log's text target ids) of the user's withdrawal bar requests: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${withdrawalBars.id}::text` })
    .from(withdrawalBars)
    .where(eq(withdrawalBars.userId, userId));
}
