import type { ReportsService } from '../modules/reports/reports.service';
import { defineJob, type JobRunner } from './job-runner';

// Ledger health (issue 15): every hour, on one node, the checks of `npm run ledger:verify` run
// (read-only) and their result is kept; the back-office's reconciliation screen shows the last.
// The server also queues one run at start (server.ts), not one period after.

export const LEDGER_VERIFY_PERIOD_MS = 60 * 60 * 1000;

export const ledgerVerifyJob = defineJob({
  name: 'ledger.verify',
  retry: { limit: 3, delaySeconds: 60, backoff: 'exponential' },
  timeoutSeconds: 1_800,
});

export function registerLedgerVerifyJob(
  runner: JobRunner,
  deps: { reports: Pick<ReportsService, 'recordLedgerVerification'> },
): void {
  runner.register(ledgerVerifyJob, async () => {
    await deps.reports.recordLedgerVerification();
  });
  runner.every(ledgerVerifyJob, LEDGER_VERIFY_PERIOD_MS);
}
