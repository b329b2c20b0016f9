import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentTypes, identityStates } from '@beurs/contract';
import { staffUsers } from '../staff/staff.tables';
import { uploads } from '../uploads/uploads.tables';
import { users } from '../users/users.tables';

/** Real-name submissions; one under review per user at a time; a failed one may be followed by another. */
export const identitySubmissions = pgTable(
  'identity_submissions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    realname: text().notNull(),
    documentType: text({ enum: documentTypes }).notNull(),
    documentNumber: text().notNull(),
    frontUploadId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => uploads.id),
    backUploadId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => uploads.id),
    state: text({ enum: identityStates }).notNull(),
    reason: text().notNull().default(''),
    reviewedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('identity_submissions_user_idx').on(table.userId),
    index('identity_submissions_state_idx').on(table.state, table.createdAt),
    uniqueIndex('identity_submissions_one_open_key')
      .on(table.userId)
      .where(sql`${table.state} in ('under_review', 'authenticated')`),
  ],
);
