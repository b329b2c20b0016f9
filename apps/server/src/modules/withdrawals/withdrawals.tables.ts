import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencies, fundStates } from '@beurs/contract';
import { ledgerHolds } from '../../ledger/ledger.tables';
import { bankCards } from '../payment-methods/payment-methods.tables';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';

/** Withdrawals: the amount is held (available → frozen) until staff pay it out or release it. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    cardId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => bankCards.id),
    currency: text({ enum: currencies }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    feeMinor: bigint({ mode: 'bigint' }).notNull(),
    holdId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => ledgerHolds.id),
    state: text({ enum: fundStates }).notNull().default('pending'),
    reason: text().notNull().default(''),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    decideBy: timestamp({ withTimezone: true }).notNull(),
    /** When the overdue job moved it to the supervisors' queue and told the user; null before. */
    escalatedAt: timestamp({ withTimezone: true }),
    decidedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('withdrawals_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('withdrawals_one_pending_key')
      .on(table.userId)
      .where(sql`${table.state} = 'pending'`),
    index('withdrawals_state_idx').on(table.state, table.createdAt),
    check(
      'withdrawals_fee_within_amount',
      sql`${table.feeMinor} >= 0 and ${table.feeMinor} < ${table.amountMinor}`,
    ),
  ],
);
