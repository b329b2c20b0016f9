import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_BAR_MAX_DAYS, withdrawalBarReasons, withdrawalBarStates } from '@beurs/contract';
import { staffUsers } from '../staff/staff.tables';
import { userRestrictions, users } from '../users/users.tables';

/**
 * Withdrawal bar requests (issue 12, item 3): one staff member asks, with a reason from the
 * published list, a note for staff and 1 to 30 days; another approves, and only then is the
 * user's withdrawal bar (a user restriction with its expiry) imposed. Renewing is a new request.
 */
export const withdrawalBars = pgTable(
  'withdrawal_bars',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    barReason: text({ enum: withdrawalBarReasons }).notNull(),
    note: text().notNull(),
    days: integer().notNull(),
    state: text({ enum: withdrawalBarStates }).notNull().default('pending'),
    proposedByStaffId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => staffUsers.id),
    decidedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    decidedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    restrictionId: bigint({ mode: 'bigint' }).references(() => userRestrictions.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('withdrawal_bars_state_idx').on(table.state, table.createdAt),
    check(
      'withdrawal_bars_days',
      sql`${table.days} between 1 and ${sql.raw(String(WITHDRAWAL_BAR_MAX_DAYS))}`,
    ),
    check(
      'withdrawal_bars_second_staff',
      sql`${table.state} <> 'approved' or ${table.decidedByStaffId} <> ${table.proposedByStaffId}`,
    ),
  ],
);
