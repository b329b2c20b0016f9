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
  (table) => [
    uniqueIndex('news_items_source_guid_key').on(table.source, table.guid),
    index('news_items_published_idx').on(table.publishedAt.desc(), table.id.desc()),
    index('news_items_category_published_idx').on(table.category, table.publishedAt.desc(), table.id.desc()),
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
    index('news_item_symbols_published_idx').on(table.symbol, table.publishedAt.desc(), table.itemId.desc()),
  ],
);
