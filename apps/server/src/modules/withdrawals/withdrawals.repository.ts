import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { withdrawals } from './withdrawals.tables';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalState = WithdrawalRow['state'];

export async function findByIdempotencyKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/** Whether the user has a withdrawal waiting for staff (one pending fund operation at a time). */
export async function hasPending(db: Executor, userId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')))
    .limit(1);
  return rows.length > 0;
}

export async function findWithdrawal(db: Executor, id: bigint) {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return rows[0];
}

/** The withdrawal under a row lock until the transaction ends (a staff decision). */
export async function lockWithdrawal(db: Executor, id: bigint) {
  const rows = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('no key update');
  return rows[0];
}

/**
 * Takes the next id before the row is written: the ledger entry written first names it as its source.
 */
export async function nextId(db: Executor): Promise<bigint> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('withdrawals', 'id'))::text as id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('nextval on withdrawals returned no row');
  return BigInt(id);
}

/** Inserts the row under the id taken by `nextId`. */
export async function insertWithdrawal(
  db: Executor,
  values: typeof withdrawals.$inferInsert & { id: bigint },
) {
  const rows = await db.insert(withdrawals).overridingSystemValue().values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into withdrawals returned no row');
  return row;
}

/** Decides a pending withdrawal (locked by the caller); answers the decided row. */
export async function decideWithdrawal(
  db: Executor,
  id: bigint,
  values: { state: WithdrawalState; reason: string; decidedByStaffId: bigint | null; decidedAt: Date },
) {
  const rows = await db
    .update(withdrawals)
    .set(values)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.state, 'pending')))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`withdrawal ${id} was not pending under its lock`);
  return row;
}

export async function listUserWithdrawals(db: Executor, userId: bigint, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A state's withdrawals, oldest first; `isEscalated`: only those the overdue job escalated. */
export async function listByState(
  db: Executor,
  state: WithdrawalState,
  offset: number,
  limit: number,
  isEscalated = false,
) {
  const where = and(
    eq(withdrawals.state, state),
    isEscalated ? isNotNull(withdrawals.escalatedAt) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The user's withdrawals among `ids` (the sources of a page of records). */
export async function findUserWithdrawalsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.id, [...ids])));
}

/**
 * Pending withdrawals past their decide-by time and not escalated yet, marked escalated at `now`
 * (once: a second pass finds none).
 */
export async function escalateOverdue(db: Executor, now: Date): Promise<WithdrawalRow[]> {
  return db
    .update(withdrawals)
    .set({ escalatedAt: now })
    .where(
      and(eq(withdrawals.state, 'pending'), lt(withdrawals.decideBy, now), isNull(withdrawals.escalatedAt)),
    )
    .returning();
}

/**
 * Withdrawals paid out (approved) per day in `timeZone` and currency, from `from` to `to`
 * (YYYY-MM-DD, both included): count, amount withdrawn and fee, in minor units.
 */
export async function paidPerDay(db: Executor, from: string, to: string, timeZone: string) {
  const day = sql<string>`to_char(${withdrawals.decidedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      currency: withdrawals.currency,
      count: count(),
      amountMinor: sql<string>`sum(${withdrawals.amountMinor})::text`,
      feeMinor: sql<string>`sum(${withdrawals.feeMinor})::text`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.state, 'approved'),
        sql`(${withdrawals.decidedAt} at time zone ${timeZone})::date between ${from}::date and ${to}::date`,
      ),
    )
    .groupBy(sql`1, 2`)
    .orderBy(sql`1, 2`);
}

/**
 * The ids (as the audit log's text target ids) of the user's withdrawals: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${withdrawals.id}::text` })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
}
