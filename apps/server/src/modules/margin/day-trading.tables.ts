import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * Day trades (issue 16, item 5): each buy placed as a day trade, written in the transaction that
 * filled it (the order is Trading's order with its leverage; this row marks it intraday). The
 * auto-close time is its venue's regular close of that session minus the published minutes; the
 * day-trading job closes the position at market then and writes the closing order here, once
 * (the rows of a user, symbol and day claimed by one node with a lease, the sale keyed by them).
 */
export const marginDayTrades = pgTable(
  'margin_day_trades',
  {
    /** The buy order (Trading's orders.id). */
    orderId: bigint({ mode: 'bigint' }).primaryKey(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    /** The venue's trading day of the session it was opened in. */
    venueDate: date({ mode: 'string' }).notNull(),
    /** The quantity the buy filled, in the instrument's quantity scale. */
    quantityMinor: bigint({ mode: 'bigint' }).notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    autoCloseAt: timestamp({ withTimezone: true }).notNull(),
    /** A node closing it holds it until then (two nodes: one closes, another takes over after). */
    claimedUntil: timestamp({ withTimezone: true }),
    /** The auto-close: when it ran, the sale's order (null when nothing was left to sell). */
    closedAt: timestamp({ withTimezone: true }),
    closeOrderId: bigint({ mode: 'bigint' }),
    /** What the auto-close did: 'sold', 'nothing_held' (sold by the user before). */
    closeOutcome: text({ enum: ['sold', 'nothing_held'] }),
  },
  (table) => [
    index('margin_day_trades_open_idx')
      .on(table.autoCloseAt)
      .where(sql`${table.closedAt} is null`),
    index('margin_day_trades_user_idx').on(table.userId, table.venueDate),
    check('margin_day_trades_quantity_positive', sql`${table.quantityMinor} > 0`),
    check('margin_day_trades_closed', sql`(${table.closedAt} is null) = (${table.closeOutcome} is null)`),
  ],
);
