import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { defineJob, type JobRunner } from './job-runner';

// A hold may carry `expires_at` (ADR 0004): this job releases what remains of every pending hold
// past it, every minute, on one node, and the module that owns the hold's source follows (the
// ledger tells it in the same transaction). Safe to run twice: each release is decided once.

export const LEDGER_HOLD_EXPIRY_PERIOD_MS = 60_000;

export const ledgerHoldExpiryJob = defineJob({
  name: 'ledger.release-expired-holds',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential' },
  timeoutSeconds: 120,
});

export function registerLedgerHoldExpiryJob(
  runner: JobRunner,
  deps: { db: Database; ledger: LedgerService },
): void {
  runner.register(ledgerHoldExpiryJob, async ({ clock }) => {
    await deps.ledger.releaseExpiredHolds(deps.db, clock.now());
  });
  runner.every(ledgerHoldExpiryJob, LEDGER_HOLD_EXPIRY_PERIOD_MS);
}
