import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencies } from '@beurs/contract';
import { ledgerEntries } from '../../ledger/ledger.tables';
import { users } from '../users/users.tables';

/** Currency exchanges with the rate they used, so a retried call answers exactly the first result. */
export const exchanges = pgTable(
  'exchanges',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    fromCurrency: text({ enum: currencies }).notNull(),
    toCurrency: text({ enum: currencies }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    receivedMinor: bigint({ mode: 'bigint' }).notNull(),
    /** EUR/USD mid rate at 6 decimals, as the market-data source gave it. */
    marketRateMinor: bigint({ mode: 'bigint' }).notNull(),
    /** Units of `to` per unit of `from` after the spread, 6 decimals. */
    appliedRateMinor: bigint({ mode: 'bigint' }).notNull(),
    spreadBasisPoints: integer().notNull(),
    rateSource: text().notNull(),
    rateTimestamp: timestamp({ withTimezone: true }).notNull(),
    entryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerEntries.id),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('exchanges_idempotency_key').on(table.userId, table.idempotencyKey),
    check('exchanges_currencies_differ', sql`${table.fromCurrency} <> ${table.toCurrency}`),
    check('exchanges_amounts_positive', sql`${table.amountMinor} > 0 and ${table.receivedMinor} > 0`),
  ],
);
