import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/staff.tables';

/** Back-office sessions: a random token given once, stored only as its SHA-256; apart from users'. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text().notNull(),
    ipAddress: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('staff_sessions_token_hash_key').on(table.tokenHash),
    index('staff_sessions_staff_idx').on(table.staffId),
  ],
);
