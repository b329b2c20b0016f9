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

/**
 * Newest first, keyset-paged on (published_at, id). A page is read as two index range scans, the
 * reader's language and the '*' items (simulated notices), merged; an instrument's page walks its
 * symbol index. Nothing reads past the page, however many items are stored.
 */
export async function listItems(db: Executor, filter: ListFilter): Promise<NewsRow[]> {
  const common: SQL[] = [];
  if (filter.query) {
    common.push(ilike(newsItems.title, `%${filter.query.replace(/[\\%_]/g, '\\$&')}%`));
  }
  if (filter.symbol) {
    const conditions: SQL[] = [eq(newsItemSymbols.symbol, filter.symbol), ...common];
    conditions.push(or(eq(newsItems.language, filter.language), eq(newsItems.language, '*'))!);
    if (filter.before) {
      conditions.push(
        sql`(${newsItemSymbols.publishedAt}, ${newsItemSymbols.itemId}) < (${filter.before.publishedAt.toISOString()}::timestamptz, ${filter.before.id})`,
      );
    }
    const rows = await db
      .select({ item: newsItems })
      .from(newsItemSymbols)
      .innerJoin(newsItems, eq(newsItems.id, newsItemSymbols.itemId))
      .where(and(...conditions))
      .orderBy(desc(newsItemSymbols.publishedAt), desc(newsItemSymbols.itemId))
      .limit(filter.limit);
    return rows.map((row) => row.item);
  }
  const page = (language: string) => {
    const conditions: SQL[] = [eq(newsItems.language, language), ...common];
    if (filter.tab === 'stock') conditions.push(eq(newsItems.category, 'stock'));
    if (filter.before) {
      conditions.push(
        sql`(${newsItems.publishedAt}, ${newsItems.id}) < (${filter.before.publishedAt.toISOString()}::timestamptz, ${filter.before.id})`,
      );
    }
    return db
      .select()
      .from(newsItems)
      .where(and(...conditions))
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .limit(filter.limit);
  };
  const [own, everyone] = await Promise.all([page(filter.language), page('*')]);
  return [...own, ...everyone]
    .sort(
      (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0),
    )
    .slice(0, filter.limit);
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
