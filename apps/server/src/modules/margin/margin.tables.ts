import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { currencies, languages } from '@beurs/contract';
import { users } from '../users/users.tables';

/**
 * Appropriateness tests for the margin account (issue 16, item 1): the answers as given and the
 * score the published rule gave them when taken. The score is kept for the record; whoever reads
 * it re-scores the answers by the rule (an edited score is not believed).
 */
export const marginTests = pgTable(
  'margin_tests',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Question id → option id, every question of the test. */
    answers: jsonb().$type<Record<string, string>>().notNull(),
    knowledgeCorrect: integer().notNull(),
    isExperienceMet: boolean().notNull(),
    isPassed: boolean().notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('margin_tests_user_idx').on(table.userId, table.id)],
);

/**
 * Open margin accounts: the user's explicit acceptance of the risk disclosure (its version,
 * language and SHA-256) after the passed test it names. One per user.
 */
export const marginAccounts = pgTable(
  'margin_accounts',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    testId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => marginTests.id),
    disclosureVersion: text().notNull(),
    disclosureLanguage: text({ enum: languages }).notNull(),
    disclosureHash: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('margin_accounts_user_key').on(table.userId)],
);

export const marginMovementKinds = ['borrow', 'repay', 'interest', 'to_margin', 'to_cash'] as const;
export type MarginMovementKind = (typeof marginMovementKinds)[number];

/**
 * The margin loan and the margin side's cash (issue 16, items 2 and 6), one row per ledger entry
 * that moved them, never updated. `borrow`: the borrowed part of a buy on margin (the fill's entry,
 * house `loan_book` → the market); `repay`: a sale's proceeds or a transfer paying it back (user
 * cash → `loan_book`); `interest`: one day's interest added to the loan (`loan_book` → `interest`);
 * `to_margin` / `to_cash`: a capital transfer between the user's available cash and their margin
 * account. What is owed is the sum of these rows, and `ledger:verify` checks each row against its
 * entry's postings and every margin entry against a row (margin.record-check.ts).
 */
export const marginLoanMovements = pgTable(
  'margin_loan_movements',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text({ enum: currencies }).notNull(),
    kind: text({ enum: marginMovementKinds }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    entryId: bigint({ mode: 'bigint' }).notNull(),
    /** borrow and a sale's repay: the order. */
    orderId: bigint({ mode: 'bigint' }),
    /** interest: the day (UTC) it is for; one per user, currency and day. */
    interestDay: date({ mode: 'string' }),
    /** A capital transfer or repayment asked by the user: their Idempotency-Key. */
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('margin_loan_movements_user_idx').on(table.userId, table.currency),
    uniqueIndex('margin_loan_movements_interest_day')
      .on(table.userId, table.currency, table.interestDay)
      .where(sql`${table.kind} = 'interest'`),
    uniqueIndex('margin_loan_movements_key').on(table.userId, table.idempotencyKey),
    check('margin_loan_movements_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'margin_loan_movements_interest_day',
      sql`(${table.kind} = 'interest') = (${table.interestDay} is not null)`,
    ),
  ],
);
