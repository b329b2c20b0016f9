import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { priceAlertConditions, priceAlertStates } from '@beurs/contract';
import { users } from '../users/users.tables';

/**
 * A price alert: above/below a price (minor units at the instrument's price scale) or the day's
 * change up/down by basis points. It fires once: the state leaves 'active' in the transaction that
 * writes its message.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    condition: text({ enum: priceAlertConditions }).notNull(),
    priceMinor: bigint({ mode: 'bigint' }),
    changeBasisPoints: integer(),
    state: text({ enum: priceAlertStates }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    triggeredAt: timestamp({ withTimezone: true }),
    triggeredPriceMinor: bigint({ mode: 'bigint' }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('price_alerts_user_idx').on(table.userId, table.id),
    index('price_alerts_active_idx')
      .on(table.symbol)
      .where(sql`${table.state} = 'active'`),
    check(
      'price_alerts_one_level',
      sql`(${table.priceMinor} is not null and ${table.priceMinor} > 0) <> (${table.changeBasisPoints} is not null and ${table.changeBasisPoints} > 0)`,
    ),
  ],
);
