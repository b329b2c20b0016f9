import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { queryRows } from '../../ledger/ledger.repository';
import { marginCalls } from './margin-level.tables';

export type MarginCallRow = typeof marginCalls.$inferSelect;

/** Users who owe something on their margin loan in some currency (borrowed + interest − repaid > 0). */
export async function borrowingUsers(db: Executor): Promise<bigint[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id::text as user_id from (
          select user_id, currency
          from margin_loan_movements
          group by user_id, currency
          having sum(case when kind in ('borrow', 'interest') then amount_minor
                          when kind = 'repay' then -amount_minor else 0 end) > 0
        ) owing`,
  );
  return rows.map((row) => BigInt(row.user_id));
}

export async function openCall(db: Executor, userId: bigint): Promise<MarginCallRow | undefined> {
  const rows = await db
    .select()
    .from(marginCalls)
    .where(and(eq(marginCalls.userId, userId), eq(marginCalls.state, 'open')))
    .limit(1);
  return rows[0];
}

/** Opens a call unless one is open (the unique partial index): the new row, or undefined. */
export async function insertCall(
  db: Executor,
  values: Omit<typeof marginCalls.$inferInsert, 'state' | 'metAt' | 'metLevelBasisPoints'>,
): Promise<MarginCallRow | undefined> {
  const rows = await db
    .insert(marginCalls)
    .values({ ...values, state: 'open' })
    .onConflictDoNothing({ target: marginCalls.userId, where: sql`${marginCalls.state} = 'open'` })
    .returning();
  return rows[0];
}

/** Closes the user's open call (the level is back at or above the call level): the row, or undefined. */
export async function meetCall(
  db: Executor,
  userId: bigint,
  at: Date,
  levelBasisPoints: number,
): Promise<MarginCallRow | undefined> {
  const rows = await db
    .update(marginCalls)
    .set({ state: 'met', metAt: at, metLevelBasisPoints: levelBasisPoints })
    .where(and(eq(marginCalls.userId, userId), eq(marginCalls.state, 'open')))
    .returning();
  return rows[0];
}

export async function callsOf(db: Executor, userId: bigint): Promise<MarginCallRow[]> {
  return db.select().from(marginCalls).where(eq(marginCalls.userId, userId)).orderBy(desc(marginCalls.id));
}
