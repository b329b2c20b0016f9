import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { newsItems, newsItemSymbols, type SimulatedEvent } from './news.tables';

export type { SimulatedEvent };
export type NewsRow = typeof newsItems.$inferSelect;
export type NewNewsItem = typeof newsItems.$inferInsert;

/** Inserts items not stored yet (by source and guid) with their symbols; answers how many were new. */
export async function insertItems(
  db: Executor,
  items: ReadonlyArray<{ item: NewNewsItem; symbols: readonly string[] }>,
): Promise<number> {
  let inserted = 0;
  for (const { item, symbols } of items) {
    const [row] = await db
      .insert(newsItems)
      .values(item)
      .onConflictDoNothing({ target: [newsItems.source, newsItems.guid] })
      .returning({ id: newsItems.id, publishedAt: newsItems.publishedAt });
    if (!row) continue;
    inserted += 1;
    if (symbols.length > 0) {
      await db
        .insert(newsItemSymbols)
        .values(symbols.map((symbol) => ({ symbol, itemId: row.id, publishedAt: row.publishedAt })));
    }
  }
  return inserted;
}

export type ListFilter = {
  tab: 'hot' | 'stock';
  language: string;
  query?: string | undefined;
  symbol?: string | undefined;
  before?: { publishedAt: Date; id: bigint } | undefined;
  limit: number;
};

/** Newest first, keyset-paged on (published_at, id): each page is an index range scan. */
export async function listItems(db: Executor, filter: ListFilter) {
  const conditions: SQL[] = [or(eq(newsItems.language, filter.language), eq(newsItems.language, '*'))!];
  if (filter.tab === 'stock') conditions.push(eq(newsItems.category, 'stock'));
  if (filter.query) conditions.push(ilike(newsItems.title, `%${filter.query.replace(/[\\%_]/g, '\\$&')}%`));
  if (filter.before) {
    conditions.push(
      sql`(${newsItems.publishedAt}, ${newsItems.id}) < (${filter.before.publishedAt.toISOString()}::timestamptz, ${filter.before.id})`,
    );
  }
  if (filter.symbol) {
    conditions.push(
      inArray(
        newsItems.id,
        db
          .select({ id: newsItemSymbols.itemId })
          .from(newsItemSymbols)
          .where(eq(newsItemSymbols.symbol, filter.symbol)),
      ),
    );
  }
  const rows = await db
    .select()
    .from(newsItems)
    .where(and(...conditions))
    .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
    .limit(filter.limit);
  return rows;
}

export async function symbolsOf(db: Executor, ids: readonly bigint[]): Promise<Map<bigint, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(newsItemSymbols)
    .where(inArray(newsItemSymbols.itemId, [...ids]));
  const bySymbol = new Map<bigint, string[]>();
  for (const row of rows) bySymbol.set(row.itemId, [...(bySymbol.get(row.itemId) ?? []), row.symbol]);
  return bySymbol;
}

export async function findItem(db: Executor, id: bigint) {
  const [row] = await db.select().from(newsItems).where(eq(newsItems.id, id));
  return row;
}
