import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencies, depositChannelKinds, fundStates } from '@beurs/contract';
import { ledgerEntries } from '../../ledger/ledger.tables';
import { staffUsers } from '../staff/staff.tables';
import { uploads } from '../uploads/uploads.tables';
import { users } from '../users/users.tables';

/** Channels configured by staff, each naming the operator's own collection account. */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: depositChannelKinds }).notNull(),
    name: text().notNull(),
    currency: text({ enum: currencies }).notNull(),
    collectionAccount: text().notNull(),
    beneficiaryName: text().notNull(),
    bic: text().notNull().default(''),
    minimumMinor: bigint({ mode: 'bigint' }).notNull(),
    maximumMinor: bigint({ mode: 'bigint' }),
    isEnabled: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'deposit_channels_limits',
      sql`${table.minimumMinor} > 0 and (${table.maximumMinor} is null or ${table.maximumMinor} >= ${table.minimumMinor})`,
    ),
  ],
);

export const deposits = pgTable(
  'deposits',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    channelId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => depositChannels.id),
    currency: text({ enum: currencies }).notNull(),
    amountMinor: bigint({ mode: 'bigint' }).notNull(),
    reference: text().notNull(),
    proofUploadId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => uploads.id),
    state: text({ enum: fundStates }).notNull().default('pending'),
    reason: text().notNull().default(''),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    entryId: bigint({ mode: 'bigint' }).references(() => ledgerEntries.id),
    decidedByStaffId: bigint({ mode: 'bigint' }).references(() => staffUsers.id),
    decidedAt: timestamp({ withTimezone: true }),
    /** The latest time staff decide it (as withdrawals): past it, the overdue job escalates it. */
    decideBy: timestamp({ withTimezone: true }).notNull(),
    /** When the overdue job moved it to the supervisors' queue and told the user; null before. */
    escalatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('deposits_reference_key').on(table.reference),
    uniqueIndex('deposits_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('deposits_one_pending_key')
      .on(table.userId)
      .where(sql`${table.state} = 'pending'`),
    index('deposits_state_idx').on(table.state, table.createdAt),
    check('deposits_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);
