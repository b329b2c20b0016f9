import { bigint, boolean, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Ledger health (issue 15): each run of the scheduled `ledger.verify` job (hourly and once at
 * start), the same checks as `npm run ledger:verify`, read-only; the back-office shows the last.
 */
export const ledgerVerifyRuns = pgTable(
  'ledger_verify_runs',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ranAt: timestamp({ withTimezone: true }).notNull(),
    isOk: boolean().notNull(),
    breachCount: integer().notNull(),
    /** The checks that found something, as `ledger:verify` names them. */
    checks: jsonb().$type<string[]>().notNull(),
    entryCount: bigint({ mode: 'bigint' }).notNull(),
    sealedCount: bigint({ mode: 'bigint' }).notNull(),
    unsealedCount: bigint({ mode: 'bigint' }).notNull(),
  },
  (table) => [index('ledger_verify_runs_ran_at_idx').on(table.ranAt)],
);
