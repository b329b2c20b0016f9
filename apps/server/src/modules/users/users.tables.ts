import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityStates, restrictionKinds } from '@beurs/contract';

export const users = pgTable(
  'users',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The phone number, digits only with country code. */
    account: text().notNull(),
    passwordHash: text().notNull(),
    invitedByCode: text().notNull(),
    realname: text().notNull().default(''),
    identityState: text({ enum: identityStates }).notNull().default('not_certified'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('users_account_key').on(table.account)],
);

/** Every user gets their own code; the first one belongs to the start-up staff account. */
export const invitationCodes = pgTable(
  'invitation_codes',
  {
    code: text().primaryKey(),
    ownerUserId: bigint({ mode: 'bigint' }).references(() => users.id),
    ownerStaffId: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('invitation_codes_owner_user_key').on(table.ownerUserId),
    check(
      'invitation_codes_one_owner',
      sql`(${table.ownerUserId} is null) <> (${table.ownerStaffId} is null)`,
    ),
  ],
);

/** Sessions: a random token, stored only as its SHA-256, with an absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    userAgent: text().notNull().default(''),
    ipAddress: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Staff restrictions on an account, each with the reason the user sees. Lifting sets lifted_at. */
export const userRestrictions = pgTable(
  'user_restrictions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    kind: text({ enum: restrictionKinds }).notNull(),
    reason: text().notNull(),
    staffId: bigint({ mode: 'bigint' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** A restriction that ends by itself (a withdrawal bar: at most 30 days); null: until lifted. */
    expiresAt: timestamp({ withTimezone: true }),
    liftedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_restrictions_active_key')
      .on(table.userId, table.kind)
      .where(sql`${table.liftedAt} is null`),
  ],
);
