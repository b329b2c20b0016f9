import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';

/**
 * Every staff action (DESIGN.md §1.10): who, when, what, why, before and after. Written in the
 * same transaction as the action; append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
 * The actor is a staff member, or a user deciding their own item (cancelling their own pending
 * deposit or withdrawal): exactly one of `staffId` and `userId`. One row names no actor: a refused
 * staff sign-in with a username no account has (`staff.login_failed`, the username as target).
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
    check(
      'audit_log_one_actor',
      sql`num_nonnulls(${table.staffId}, ${table.userId}) = 1 or (${table.staffId} is null and ${table.userId} is null and ${table.action} = 'staff.login_failed' and ${table.targetType} = 'staff_username')`,
    ),
  ],
);

/**
 * The audit log's hash chain (ADR 0006): seal n covers one audit row and the hash of seal n−1,
 * `hash = sha256(previous_hash ‖ "\n" ‖ canonical JSON of the row)`. Written by the audit service
 * in the transaction of the row itself, under the lock of `audit_chain_head`, so a committed row
 * without its seal was not written by the service. Append-only (triggers).
 */
export const auditSeals = pgTable(
  'audit_seals',
  {
    sequence: bigint({ mode: 'bigint' }).primaryKey(),
    auditId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => auditLog.id),
    previousHash: text().notNull(),
    hash: text().notNull(),
    sealedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('audit_seals_audit_key').on(table.auditId),
    check('audit_seals_sequence_positive', sql`${table.sequence} > 0`),
  ],
);

/**
 * One row: the chain's head (its last sequence and hash), locked by every audit write, so the
 * chain is one line, and compared by the verifier with the last seal (a removed tail shows).
 * `legacyUntilId`: rows up to this id predate the chain (migration 0020); the first audit write
 * after it seals them, in id order, and sets `isLegacySealed`. Triggers refuse DELETE, TRUNCATE
 * and an UPDATE that moves the head back.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint().primaryKey(),
    sequence: bigint({ mode: 'bigint' }).notNull(),
    hash: text().notNull(),
    legacyUntilId: bigint({ mode: 'bigint' }).notNull(),
    isLegacySealed: boolean().notNull(),
  },
  (table) => [check('audit_chain_head_single_row', sql`${table.id} = 1`)],
);
