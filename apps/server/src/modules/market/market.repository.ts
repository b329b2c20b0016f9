import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { watchlistItems } from './market.tables';

export type WatchlistRow = typeof watchlistItems.$inferSelect;

export async function listWatchlist(db: Executor, userId: bigint): Promise<WatchlistRow[]> {
  return db
    .select()
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(desc(watchlistItems.addedAt), watchlistItems.symbol);
}

export async function countWatchlist(db: Executor, userId: bigint): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId));
  return rows[0]?.total ?? 0;
}

export async function isInWatchlist(db: Executor, userId: bigint, symbol: string): Promise<boolean> {
  const rows = await db
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)))
    .limit(1);
  return rows.length > 0;
}

/** Adds a symbol; adding one already present changes nothing. */
export async function addToWatchlist(db: Executor, row: WatchlistRow): Promise<void> {
  await db.insert(watchlistItems).values(row).onConflictDoNothing();
}

export async function removeFromWatchlist(
  db: Executor,
  userId: bigint,
  symbols: readonly string[],
): Promise<number> {
  const removed = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.userId, userId), inArray(watchlistItems.symbol, [...symbols])))
    .returning({ symbol: watchlistItems.symbol });
  return removed.length;
}
