import { and, asc, count, eq } from 'drizzle-orm';
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
  return rows[0];
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
