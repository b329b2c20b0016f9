import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Guesses at a secret (a login password, a staff password, a fund password), counted per subject:
 * the account name typed (existing or not), the staff username, the user id. `attemptCount` counts
 * attempts reserved since the last success — failed or still being checked — so parallel guesses
 * are counted before their hashes are; `lockedUntil` is set once the limit is passed.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text({ enum: ['login', 'staff_login', 'fund_password'] }).notNull(),
    subject: text().notNull(),
    attemptCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.subject] })],
);
