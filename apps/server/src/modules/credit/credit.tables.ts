import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { loanMovementKinds, loanStates } from '@beurs/contract';
import { ledgerEntries } from '../../ledger/ledger.tables';
import { users } from '../users/users.tables';

// A loan is a ledger source: what was drawn, accrued and repaid are its entries (house `loan_book`
// against the user's EUR, `interest` for each day's accrual). These rows hold what the ledger does
// not: the rate fixed at opening, the due date, how far interest was accrued, and how each
// repayment was split between interest and principal.

export const loans = pgTable(
  'loans',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    state: text({ enum: loanStates }).notNull(),
    /** Fixed yearly borrowing rate from the score's band at opening, basis points. */
    rateBasisPoints: integer().notNull(),
    scoreAtOpening: integer().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    /** The last day whose interest is in the ledger; null before the first accrual. */
    accruedThrough: date({ mode: 'string' }),
    repaidAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('loans_one_open_per_user')
      .on(table.userId)
      .where(sql`${table.state} = 'open'`),
    index('loans_open')
      .on(table.id)
      .where(sql`${table.state} = 'open'`),
    check('loans_rate_sane', sql`${table.rateBasisPoints} between 0 and 10000`),
  ],
);

/** Draws and repayments of a loan, each with its ledger entry and the caller's idempotency key. */
export const loanMovements = pgTable(
  'loan_movements',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    loanId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => loans.id),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    kind: text({ enum: loanMovementKinds }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    /** For a repayment, the part that paid accrued interest (interest is paid first). */
    interestMinor: bigint({ mode: 'bigint' }).notNull(),
    principalMinor: bigint({ mode: 'bigint' }).notNull(),
    entryId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerEntries.id),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('loan_movements_idempotency_key').on(table.userId, table.idempotencyKey),
    index('loan_movements_loan').on(table.loanId),
    check(
      'loan_movements_split',
      sql`${table.amountMinor} > 0 and ${table.interestMinor} >= 0 and ${table.principalMinor} >= 0 and ${table.interestMinor} + ${table.principalMinor} = ${table.amountMinor}`,
    ),
  ],
);
