import { currencies } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.tables';

// The double-entry ledger (ADR 0002). Amounts are signed minor units: a posting adds its amount to
// its account, every entry's postings sum to zero per currency. User accounts carry a balance row
// that is locked and updated in the entry's transaction; house accounts have none (their balance is
// the sum of their postings), so no row is hot. Entries, postings and seals are append-only: a
// trigger refuses UPDATE, DELETE and TRUNCATE (migration `ledger_append_only`).

export const userAccountKinds = ['available', 'frozen', 'margin', 'loan', 'escrow'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];

export const houseAccountKinds = [
  'bank_cash',
  'fees',
  'taxes_payable',
  'fx',
  'market_settlement',
  'loan_book',
  'interest',
  'corrections',
] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

export const holdStates = ['pending', 'posted', 'voided'] as const;
export type HoldState = (typeof holdStates)[number];

const money = () => bigint({ mode: 'bigint' });
const createdAt = () => timestamp({ withTimezone: true }).notNull();

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a house account. */
    ownerUserId: bigint({ mode: 'bigint' }).references(() => users.id),
    currency: text({ enum: currencies }).notNull(),
    kind: text().$type<UserAccountKind | HouseAccountKind>().notNull(),
    /** User accounts only: the locked, non-negative balance row. Null for house accounts (derived). */
    balanceMinor: money(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(table.ownerUserId, table.currency, table.kind)
      .where(sql`${table.ownerUserId} is not null`),
    uniqueIndex('ledger_accounts_house_key')
      .on(table.currency, table.kind)
      .where(sql`${table.ownerUserId} is null`),
    unique('ledger_accounts_id_currency_key').on(table.id, table.currency),
    check('ledger_accounts_currency', sql`${table.currency} in ('EUR', 'USD')`),
    check(
      'ledger_accounts_user_balance_row',
      sql`(${table.ownerUserId} is null) = (${table.balanceMinor} is null)`,
    ),
    check('ledger_accounts_user_balance_not_negative', sql`${table.balanceMinor} >= 0`),
  ],
);

export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text({ enum: currencies }).notNull(),
    availableAccountId: bigint({ mode: 'bigint' }).notNull(),
    frozenAccountId: bigint({ mode: 'bigint' }).notNull(),
    amountMinor: money().notNull(),
    postedMinor: money()
      .notNull()
      .default(sql`0`),
    releasedMinor: money()
      .notNull()
      .default(sql`0`),
    state: text({ enum: holdStates }).notNull().default('pending'),
    memo: text().notNull(),
    createdAt: createdAt(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.availableAccountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      columns: [table.frozenAccountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_holds_frozen_account_idx').on(table.frozenAccountId),
    check('ledger_holds_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'ledger_holds_parts',
      sql`${table.postedMinor} >= 0 and ${table.releasedMinor} >= 0 and ${table.postedMinor} + ${table.releasedMinor} <= ${table.amountMinor}`,
    ),
    check(
      'ledger_holds_closed_when_spent',
      sql`(${table.state} = 'pending') = (${table.postedMinor} + ${table.releasedMinor} < ${table.amountMinor})`,
    ),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What moved the money, snake_case: `deposit`, `withdrawal`, `hold_reserve`, `correction`, … */
    kind: text().notNull(),
    /** Why, in words a user or auditor can read. */
    memo: text().notNull(),
    holdId: bigint({ mode: 'bigint' }).references(() => ledgerHolds.id),
    idempotencyKey: text(),
    createdAt: createdAt(),
  },
  (table) => [
    // Partial: most entries have neither, and every index entry is paid for on the hot path.
    uniqueIndex('ledger_entries_idempotency_key')
      .on(table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('ledger_entries_hold_idx')
      .on(table.holdId)
      .where(sql`${table.holdId} is not null`),
    check('ledger_entries_kind_format', sql`${table.kind} ~ '^[a-z][a-z0-9_]*$'`),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: bigint({ mode: 'bigint' }).notNull(),
    currency: text({ enum: currencies }).notNull(),
    /** Signed: added to the account's balance. */
    amountMinor: money().notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.accountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_postings_entry_idx').on(table.entryId),
    index('ledger_postings_account_idx').on(table.accountId),
    check('ledger_postings_amount_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * The hash chain, written after commit by one sealer at a time (ADR 0002): seal n covers one entry
 * and its postings and the hash of seal n−1. Writers never touch this table, so it serialises nobody.
 */
export const ledgerSeals = pgTable(
  'ledger_seals',
  {
    sequence: bigint({ mode: 'bigint' }).primaryKey(),
    entryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerEntries.id),
    previousHash: text().notNull(),
    hash: text().notNull(),
    sealedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_seals_entry_key').on(table.entryId),
    check('ledger_seals_sequence_positive', sql`${table.sequence} > 0`),
  ],
);

/** Idempotency keys of money-moving calls, with the SHA-256 of the request that first used them. */
export const ledgerIdempotencyKeys = pgTable('ledger_idempotency_keys', {
  key: text().primaryKey(),
  operation: text().notNull(),
  requestHash: text().notNull(),
  entryId: bigint({ mode: 'bigint' }).references(() => ledgerEntries.id),
  holdId: bigint({ mode: 'bigint' }).references(() => ledgerHolds.id),
  createdAt: createdAt(),
});
