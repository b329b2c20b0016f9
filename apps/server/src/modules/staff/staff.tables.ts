import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const staffRoles = ['admin', 'reviewer', 'finance', 'support'] as const;

/** Back-office staff sign in with their own accounts and roles; a client header grants nothing. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: staffRoles }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('staff_users_username_key').on(table.username)],
);
