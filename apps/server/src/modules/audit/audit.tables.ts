import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';

/**
 * Every staff action (DESIGN.md §1.10): who, when, what, why, before and after. Written in the
 * same transaction as the action; append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 * The actor is a staff member, or a user deciding their own item (cancelling their own pending
 * deposit or withdrawal): exactly one of `staffId` and `userId`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    userId: bigint({ mode: 'bigint' }).references(() => users.id),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    reason: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_staff_idx').on(table.staffId),
    check('audit_log_one_actor', sql`num_nonnulls(${table.staffId}, ${table.userId}) = 1`),
  ],
);
