import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/** The six-digit fund password (argon2id) and its wrong-entry lock. */
export const fundPasswords = pgTable('fund_passwords', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  passwordHash: text().notNull(),
  failedCount: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
