import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { loanMovements, loans } from './credit.tables';

export type LoanRow = typeof loans.$inferSelect;
export type LoanMovementRow = typeof loanMovements.$inferSelect;

export async function insertLoan(db: Executor, values: typeof loans.$inferInsert): Promise<LoanRow> {
  const rows = await db.insert(loans).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into loans returned no row');
  return row;
}

export async function insertMovement(
  db: Executor,
  values: typeof loanMovements.$inferInsert,
): Promise<LoanMovementRow> {
  const rows = await db.insert(loanMovements).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into loan_movements returned no row');
  return row;
}

export async function findMovementByKey(db: Executor, userId: bigint, idempotencyKey: string) {
  const rows = await db
    .select()
    .from(loanMovements)
    .where(and(eq(loanMovements.userId, userId), eq(loanMovements.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0];
}

export async function findUserLoan(db: Executor, userId: bigint, loanId: bigint) {
  const rows = await db
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function findLoan(db: Executor, loanId: bigint) {
  const rows = await db.select().from(loans).where(eq(loans.id, loanId)).limit(1);
  return rows[0];
}

export async function findOpenLoan(db: Executor, userId: bigint) {
  const rows = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'open')))
    .limit(1);
  return rows[0];
}

export async function listUserLoans(db: Executor, userId: bigint, page: { offset: number; limit: number }) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(loans)
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(loans)
      .where(eq(loans.userId, userId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The user's loans among `ids` (the sources of a page of records). */
export async function userLoansByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.id, [...ids])));
}

/** Every loan of the user (the score's repayment history). */
export async function allUserLoans(db: Executor, userId: bigint) {
  return db.select().from(loans).where(eq(loans.userId, userId));
}

export async function movementsOf(db: Executor, loanIds: readonly bigint[]) {
  if (loanIds.length === 0) return [];
  return db
    .select()
    .from(loanMovements)
    .where(inArray(loanMovements.loanId, [...loanIds]))
    .orderBy(loanMovements.id);
}

export async function openLoanIds(db: Executor, afterId: bigint, limit: number): Promise<bigint[]> {
  const rows = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.state, 'open'), sql`${loans.id} > ${afterId}`))
    .orderBy(loans.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Locks one loan row for the caller's transaction. */
export async function lockLoan(db: Executor, loanId: bigint) {
  const rows = await db.select().from(loans).where(eq(loans.id, loanId)).for('no key update').limit(1);
  return rows[0];
}

export async function setAccruedThrough(db: Executor, loanId: bigint, day: string) {
  await db.update(loans).set({ accruedThrough: day }).where(eq(loans.id, loanId));
}

export async function markRepaid(db: Executor, loanId: bigint, repaidAt: Date) {
  await db.update(loans).set({ state: 'repaid', repaidAt }).where(eq(loans.id, loanId));
}
