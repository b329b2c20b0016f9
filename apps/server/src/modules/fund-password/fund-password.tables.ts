import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/** The six-digit fund password (argon2id); its wrong-entry lock is in attempt_counters. */
export const fundPasswords = pgTable('fund_passwords', {
  userId: bigint({ mode: 'bigint' })
    .primaryKey()
    .references(() => users.id),
  passwordHash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
