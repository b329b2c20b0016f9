import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a simulated corporate event says, rendered in the reader's language (never stored as text). */
export type SimulatedEvent =
  | { kind: 'dividend'; symbol: string; name: string; exDate: string; amount: string; currency: string }
  | { kind: 'split'; symbol: string; name: string; exDate: string; ratioFrom: number; ratioTo: number };

/**
 * News items: from a configured feed (its language, title and sanitised HTML as fetched) or, in
 * demo mode, a simulated corporate event (language '*', text rendered from `simulatedEvent`).
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The feed's name as configured, or 'simulator'. */
    source: text().notNull(),
    /** The feed's language, or '*' for every language (simulated events). */
    language: text().notNull(),
    /** 'hot' (general) or 'stock' (about listed instruments). */
    category: text({ enum: ['hot', 'stock'] }).notNull(),
    /** The item's id in its feed (guid, Atom id, or its link). */
    guid: text().notNull(),
    title: text().notNull(),
    html: text().notNull(),
    excerpt: text().notNull(),
    link: text(),
    simulatedEvent: jsonb().$type<SimulatedEvent>(),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // Descending with nulls first, as ORDER BY … DESC reads them, so a page is an ordered index scan.
  (table) => [
    uniqueIndex('news_items_source_guid_key').on(table.source, table.guid),
    // A page of one language (or of the '*' items) is one index range scan, newest first.
    index('news_items_language_published_idx').on(
      table.language,
      table.publishedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('news_items_language_category_published_idx').on(
      table.language,
      table.category,
      table.publishedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** The instruments an item is about (per-instrument news on the stock detail). */
export const newsItemSymbols = pgTable(
  'news_item_symbols',
  {
    symbol: text().notNull(),
    itemId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => newsItems.id),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.symbol, table.itemId] }),
    index('news_item_symbols_published_idx').on(
      table.symbol,
      table.publishedAt.desc().nullsFirst(),
      table.itemId.desc().nullsFirst(),
    ),
  ],
);
