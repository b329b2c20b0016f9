import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { exchanges } from './exchange.tables';

export type ExchangeRow = typeof exchanges.$inferSelect;

export async function findByIdempotencyKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.userId, userId), eq(exchanges.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function insertExchange(db: Executor, values: typeof exchanges.$inferInsert) {
  const rows = await db.insert(exchanges).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into exchanges returned no row');
  return row;
}
