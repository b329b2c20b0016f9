import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uploadPurposes } from '@beurs/contract';
import { users } from '../users/users.tables';

/** Private images (ID photos, deposit proofs), re-encoded without metadata, stored under DATA_DIR. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Set when a submission or deposit first uses the file; null while unused. */
    purpose: text({ enum: uploadPurposes }),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('uploads_storage_key').on(table.storageKey),
    index('uploads_owner_idx').on(table.ownerUserId),
  ],
);
