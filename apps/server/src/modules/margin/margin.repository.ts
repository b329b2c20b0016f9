import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { marginAccounts, marginTests } from './margin.tables';

export type MarginTestRow = typeof marginTests.$inferSelect;
export type MarginAccountRow = typeof marginAccounts.$inferSelect;

export async function latestTest(db: Executor, userId: bigint): Promise<MarginTestRow | undefined> {
  const rows = await db
    .select()
    .from(marginTests)
    .where(eq(marginTests.userId, userId))
    .orderBy(desc(marginTests.id))
    .limit(1);
  return rows[0];
}

export async function testById(db: Executor, id: bigint): Promise<MarginTestRow | undefined> {
  const rows = await db.select().from(marginTests).where(eq(marginTests.id, id)).limit(1);
  return rows[0];
}

export async function insertTest(
  db: Executor,
  values: typeof marginTests.$inferInsert,
): Promise<MarginTestRow> {
  const rows = await db.insert(marginTests).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into margin_tests returned no row');
  return row;
}

export async function accountOfUser(db: Executor, userId: bigint): Promise<MarginAccountRow | undefined> {
  const rows = await db.select().from(marginAccounts).where(eq(marginAccounts.userId, userId)).limit(1);
  return rows[0];
}

export async function insertAccount(
  db: Executor,
  values: typeof marginAccounts.$inferInsert,
): Promise<MarginAccountRow> {
  const rows = await db.insert(marginAccounts).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into margin_accounts returned no row');
  return row;
}
