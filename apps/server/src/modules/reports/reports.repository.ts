import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { ledgerVerifyRuns } from './reports.tables';

export async function insertLedgerVerifyRun(db: Executor, values: typeof ledgerVerifyRuns.$inferInsert) {
  await db.insert(ledgerVerifyRuns).values(values);
}

/** The newest run of the scheduled ledger verification; undefined before the first. */
export async function selectLastLedgerVerifyRun(db: Executor) {
  const rows = await db
    .select()
    .from(ledgerVerifyRuns)
    .orderBy(desc(ledgerVerifyRuns.ranAt), desc(ledgerVerifyRuns.id))
    .limit(1);
  return rows[0];
}
