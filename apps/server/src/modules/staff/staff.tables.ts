import {
  bigint,
  boolean,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const staffRoles = [
  'admin',
  'reviewer',
  'finance',
  'support',
  'product',
  'auditor',
  'demo_desk',
] as const;

/**
 * Back-office staff sign in with their own accounts and roles; a client header grants nothing.
 * Five failed sign-ins lock the username for 15 minutes (attempt-limits); a disabled account
 * (`disabledAt` set by an admin, with the reason in the audit log) cannot sign in. Who created or
 * re-enabled an account is kept on it: four-eyes never takes that staff member's approval for
 * their own proposal within 30 days (the corrections module asks `staff.isSponsoredBy`).
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: staffRoles }).notNull(),
    disabledAt: timestamp({ withTimezone: true }),
    /** Set for the first-start account, whose password was printed: changed at first sign-in. */
    mustChangePassword: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Who created the account (null for the first-start account). */
    createdByStaffId: bigint({ mode: 'bigint' }).references((): AnyPgColumn => staffUsers.id),
    /** Who last re-enabled the account, and when: four-eyes refuses them as each other's second. */
    enabledByStaffId: bigint({ mode: 'bigint' }).references((): AnyPgColumn => staffUsers.id),
    enabledAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_users_username_key').on(table.username)],
);
