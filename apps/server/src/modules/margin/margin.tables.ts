import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages } from '@beurs/contract';
import { users } from '../users/users.tables';

/**
 * Appropriateness tests for the margin account (issue 16, item 1): the answers as given and the
 * score the published rule gave them when taken. The score is kept for the record; whoever reads
 * it re-scores the answers by the rule (an edited score is not believed).
 */
export const marginTests = pgTable(
  'margin_tests',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    /** Question id → option id, every question of the test. */
    answers: jsonb().$type<Record<string, string>>().notNull(),
    knowledgeCorrect: integer().notNull(),
    isExperienceMet: boolean().notNull(),
    isPassed: boolean().notNull(),
    takenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('margin_tests_user_idx').on(table.userId, table.id)],
);

/**
 * Open margin accounts: the user's explicit acceptance of the risk disclosure (its version,
 * language and SHA-256) after the passed test it names. One per user.
 */
export const marginAccounts = pgTable(
  'margin_accounts',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    testId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => marginTests.id),
    disclosureVersion: text().notNull(),
    disclosureLanguage: text({ enum: languages }).notNull(),
    disclosureHash: text().notNull(),
    acceptedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('margin_accounts_user_key').on(table.userId)],
);
