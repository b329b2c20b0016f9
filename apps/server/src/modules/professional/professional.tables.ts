import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { professionalCriteria, professionalStates } from '@beurs/contract';
import { staffUsers } from '../staff/staff.tables';
import { users } from '../users/users.tables';

/** Applications to be treated as a professional client (MiFID II opt-up), decided by staff. */
export const professionalApplications = pgTable(
  'professional_applications',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    state: text({ enum: professionalStates }).notNull(),
    criteria: text({ enum: professionalCriteria }).array().notNull(),
    /** Significant trades per quarter, oldest first, counted from the user's fills when applying. */
    tradesPerQuarter: integer().array().notNull(),
    evidenceUploadIds: bigint({ mode: 'bigint' }).array().notNull(),
    statement: text().notNull(),
    reason: text(),
    decidedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('professional_applications_one_live')
      .on(table.userId)
      .where(sql`${table.state} in ('pending', 'approved')`),
    index('professional_applications_state').on(table.state, table.id),
  ],
);
