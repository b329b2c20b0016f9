import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';
import { balanceCorrections } from './corrections.tables';

export type CorrectionRow = typeof balanceCorrections.$inferSelect;
export type CorrectionState = CorrectionRow['state'];

export async function findUserByAccount(db: Executor, account: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.account, account)).limit(1);
  return rows[0];
}

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

/** Account and staff names for display. */
export async function namesOf(db: Executor, row: CorrectionRow) {
  const [user, proposer, decider] = await Promise.all([
    db.select({ account: users.account }).from(users).where(eq(users.id, row.userId)).limit(1),
    db
      .select({ username: staffUsers.username })
      .from(staffUsers)
      .where(eq(staffUsers.id, row.proposedByStaffId)),
    row.decidedByStaffId === null
      ? Promise.resolve([])
      : db
          .select({ username: staffUsers.username })
          .from(staffUsers)
          .where(eq(staffUsers.id, row.decidedByStaffId)),
  ]);
  return {
    account: user[0]?.account ?? '',
    proposedBy: proposer[0]?.username ?? '',
    decidedBy: decider[0]?.username ?? null,
  };
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
