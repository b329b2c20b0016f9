import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/** A user's watchlist (favorites): one row per followed symbol. */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.symbol] }),
    index('watchlist_items_user_added_idx').on(table.userId, table.addedAt),
  ],
);
