import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { currencies } from '@beurs/contract';
import { ledgerEntries } from '../../ledger/ledger.tables';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';

export const correctionStates = ['pending', 'applied', 'rejected'] as const;

/**
 * Staff balance corrections (DESIGN.md §1.3): a new journal entry with a reason the user sees,
 * never an edit. Above the threshold a second, different staff member must approve.
 */
export const balanceCorrections = pgTable(
  'balance_corrections',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    currency: text({ enum: currencies }).notNull(),
    /** Signed: positive credits the user's available balance. */
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    reason: text().notNull(),
    state: text({ enum: correctionStates }).notNull(),
    proposedByStaffId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => staffUsers.id),
    decidedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    entryId: bigint({ mode: 'bigint' }).references(() => ledgerEntries.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('balance_corrections_state_idx').on(table.state, table.createdAt),
    check('balance_corrections_amount_not_zero', sql`${table.amountMinor} <> 0`),
    check(
      'balance_corrections_four_eyes',
      sql`${table.decidedByStaffId} is null or ${table.state} <> 'applied' or ${table.decidedByStaffId} <> ${table.proposedByStaffId} or ${table.decidedAt} = ${table.createdAt}`,
    ),
  ],
);
