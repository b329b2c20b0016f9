import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const marginCallStates = ['open', 'met'] as const;
export type MarginCallState = (typeof marginCallStates)[number];

/**
 * Margin calls (issue 16, item 4): one row from the tick that finds the account's margin level
 * (equity / maintenance requirement) below the published call level until a tick finds it back at
 * or above it (`met`). At most one open call per user (a unique partial index): the row is inserted
 * with the user's message in one transaction, so however many nodes see the same tick, the user is
 * told once per call. The figures are those of the tick that made the call, in EUR cents.
 */
export const marginCalls = pgTable(
  'margin_calls',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    state: text({ enum: marginCallStates }).notNull(),
    levelBasisPoints: integer().notNull(),
    equityMinor: bigint({ mode: 'bigint' }).notNull(),
    maintenanceMinor: bigint({ mode: 'bigint' }).notNull(),
    neededMinor: bigint({ mode: 'bigint' }).notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    /** When a tick found the level back at or above the call level. */
    metAt: timestamp({ withTimezone: true }),
    metLevelBasisPoints: integer(),
  },
  (table) => [
    uniqueIndex('margin_calls_one_open')
      .on(table.userId)
      .where(sql`${table.state} = 'open'`),
    index('margin_calls_user_idx').on(table.userId, table.id),
    check(
      'margin_calls_state',
      sql`${table.state} in ('open', 'met') and (${table.state} = 'open') = (${table.metAt} is null)`,
    ),
  ],
);
