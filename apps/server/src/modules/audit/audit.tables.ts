import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/staff.tables';

/**
 * Every staff action (DESIGN.md §1.10): who, when, what, why, before and after. Written in the
 * same transaction as the action; append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => staffUsers.id),
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
  ],
);
