import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { defineJob, type JobRunner } from './job-runner';

// The ledger's hash chain is sealed after commit (ADR 0002) by this job, every second, on one node
// at a time. A failed pass is not retried: the next second's pass seals what it left.

export const LEDGER_SEAL_PERIOD_MS = 1_000;
/** Every this many periods (on the due-time grid, so on one node) a pass scans the whole journal. */
const FULL_SCAN_EVERY = 100;

export const ledgerSealJob = defineJob({
  name: 'ledger.seal',
  retry: { limit: 0, delaySeconds: 0, backoff: 'fixed' },
  timeoutSeconds: 60,
});

export function registerLedgerSealJob(
  runner: JobRunner,
  deps: { db: Database; ledger: LedgerService },
): void {
  runner.register(ledgerSealJob, async ({ dueAt }) => {
    const isFullScan = Math.floor(dueAt.getTime() / LEDGER_SEAL_PERIOD_MS) % FULL_SCAN_EVERY === 0;
    await deps.ledger.seal(deps.db, { isFullScan });
  });
  runner.every(ledgerSealJob, LEDGER_SEAL_PERIOD_MS);
}
