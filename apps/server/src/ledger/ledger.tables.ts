import type { Asset, EntryKind, SourceType } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  smallint,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.tables';

// The double-entry ledger (ADR 0002, ADR 0004). Accounts hold one asset each (EUR, USD, `crypto:BTC`,
// `sec:ABI.BR`). Amounts are signed minor units of the asset's scale: a posting adds its amount to
// its account, every entry's postings sum to zero per asset. User accounts carry a balance row
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
  /** The other side of every crypto and security balance: users hold q ⇒ inventory holds −q. */
  'inventory',
] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

export const holdStates = ['pending', 'posted', 'voided'] as const;
export type HoldState = (typeof holdStates)[number];

const money = () => bigint({ mode: 'bigint' });
const asset = () => text().$type<Asset>().notNull();
/** The asset grammar of `parseAsset` (packages/contract/src/assets.ts), kept in step with it. */
const ASSET_GRAMMAR = sql.raw(`'^(EUR|USD|crypto:[A-Z0-9]{2,10}|sec:[A-Z0-9][A-Z0-9._-]{0,23})$'`);
const createdAt = () => timestamp({ withTimezone: true }).notNull();

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a house account. */
    ownerUserId: bigint({ mode: 'bigint' }).references(() => users.id),
    asset: asset(),
    kind: text().$type<UserAccountKind | HouseAccountKind>().notNull(),
    /** User accounts only: the locked, non-negative balance row. Null for house accounts (derived). */
    balanceMinor: money(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(table.ownerUserId, table.asset, table.kind)
      .where(sql`${table.ownerUserId} is not null`),
    uniqueIndex('ledger_accounts_house_key')
      .on(table.asset, table.kind)
      .where(sql`${table.ownerUserId} is null`),
    unique('ledger_accounts_id_asset_key').on(table.id, table.asset),
    check('ledger_accounts_asset', sql`${table.asset} ~ ${ASSET_GRAMMAR}`),
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
    asset: asset(),
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
    /** The record the hold serves (the withdrawal, the order, …); its entries carry the same source. */
    sourceType: text().$type<SourceType>().notNull(),
    sourceId: text().notNull(),
    /** When set, a pending hold is released after this instant (the `ledger.release-expired-holds` job). */
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    foreignKey({
      columns: [table.availableAccountId, table.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
    }),
    foreignKey({
      columns: [table.frozenAccountId, table.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
    }),
    index('ledger_holds_frozen_account_idx').on(table.frozenAccountId),
    index('ledger_holds_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} = 'pending' and ${table.expiresAt} is not null`),
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
    /** What moved the money: one of the contract's `entryKinds`. */
    kind: text().$type<EntryKind>().notNull(),
    /** Why, in words a user or auditor can read. */
    memo: text().notNull(),
    holdId: bigint({ mode: 'bigint' }).references(() => ledgerHolds.id),
    /** Required on every entry since ADR 0004 (check `ledger_entries_idempotency_key_required`,
     * NOT VALID in migration 0016: older entries without one stay as sealed). */
    idempotencyKey: text(),
    /** The record the entry belongs to: one of the contract's `sourceTypes`, and its id as text. */
    sourceType: text().$type<SourceType>().notNull(),
    sourceId: text().notNull(),
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
    index('ledger_entries_source_idx').on(table.sourceType, table.sourceId),
    check('ledger_entries_kind_format', sql`${table.kind} ~ '^[a-z][a-z0-9_]*$'`),
    check('ledger_entries_source_type_format', sql`${table.sourceType} ~ '^[a-z][a-z0-9_]*$'`),
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
    asset: asset(),
    /** Signed: added to the account's balance. */
    amountMinor: money().notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.accountId, table.asset],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.asset],
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
    /** 1: seals written before entries carried a source (the hash covers no source); 2: with it. */
    hashFormat: smallint().notNull().default(1),
    /** Ed25519 signature of the seal by the key in the configuration (ADR 0007); null before it. */
    signature: text(),
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
