import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ownerKinds = ['user', 'staff'] as const;

/**
 * A user's or staff member's TOTP secret (RFC 6238: SHA-1, six digits, 30-second steps). Set up
 * first (`confirmedAt` null), on once a first code confirmed it. `lastStep` is the newest time step
 * whose code was accepted: a code is accepted once (RFC 6238 §5.2).
 */
export const twoFactorSecrets = pgTable(
  'two_factor_secrets',
  {
    ownerKind: text({ enum: ownerKinds }).notNull(),
    ownerId: bigint({ mode: 'bigint' }).notNull(),
    secretBase32: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    lastStep: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`-1`),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerKind, table.ownerId] })],
);

/** Ten single-use recovery codes per owner, stored only as their SHA-256. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: text({ enum: ownerKinds }).notNull(),
    ownerId: bigint({ mode: 'bigint' }).notNull(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('two_factor_recovery_codes_owner_idx').on(table.ownerKind, table.ownerId)],
);
