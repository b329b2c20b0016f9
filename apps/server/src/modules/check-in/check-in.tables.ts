import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checkInBadges } from '@beurs/contract';
import { users } from '../users/users.tables';

/** One row per day a user checked in, that day being the date in the zone they checked in from. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    localDate: date({ mode: 'string' }).notNull(),
    timeZone: text().notNull(),
    /** Days in a row ending with this one. */
    streak: integer().notNull(),
    checkedInAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('check_ins_one_per_day').on(table.userId, table.localDate),
    check('check_ins_streak_positive', sql`${table.streak} >= 1`),
  ],
);

/** Badges a user claimed; a badge is claimed once. */
export const checkInBadgeClaims = pgTable(
  'check_in_badge_claims',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    badge: text({ enum: checkInBadges }).notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.badge] })],
);
