import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { scamCheckTriggers, walletNetworks } from '@beurs/contract';
import { users } from '../users/users.tables';

/** Payout bank cards (IBAN). An IBAN may be registered once across all users while not deleted. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    holderName: text().notNull(),
    /** Electronic format: upper case, no spaces. */
    iban: text().notNull(),
    bic: text().notNull(),
    bankName: text().notNull(),
    branch: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bank_cards_iban_key')
      .on(table.iban)
      .where(sql`${table.deletedAt} is null`),
    index('bank_cards_user_idx').on(table.userId),
  ],
);

export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    network: text({ enum: walletNetworks }).notNull(),
    address: text().notNull(),
    label: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crypto_wallets_address_key')
      .on(table.network, table.address)
      .where(sql`${table.deletedAt} is null`),
    index('crypto_wallets_user_idx').on(table.userId),
  ],
);

/** Answers to the scam-friction question (DESIGN.md §1.12), kept as a record. */
export const scamChecks = pgTable(
  'scam_checks',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    trigger: text({ enum: scamCheckTriggers }).notNull(),
    wasToldByOnlineContact: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('scam_checks_user_idx').on(table.userId, table.trigger, table.createdAt)],
);
