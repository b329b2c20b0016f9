import { and, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Takes the next id before the row is written: the ledger entry written first names it as its source.
 */
export async function nextId(db: Executor): Promise<bigint> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('exchanges', 'id'))::text as id`,
  )) as unknown as { rows: Array<{ id: string }> };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('nextval on exchanges returned no row');
  return BigInt(id);
}

/** Inserts the row under the id taken by `nextId`. */
export async function insertExchange(db: Executor, values: typeof exchanges.$inferInsert & { id: bigint }) {
  const rows = await db.insert(exchanges).overridingSystemValue().values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into exchanges returned no row');
  return row;
}

/** The user's exchanges among `ids` (the sources of a page of records). */
export async function findUserExchangesByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(exchanges)
    .where(and(eq(exchanges.userId, userId), inArray(exchanges.id, [...ids])));
}
