import type { Database } from '../db/database';
import { writeCheckpointFile } from '../ledger/ledger-publication';
import type { LedgerService } from '../ledger/ledger.service';
import { defineJob, type JobRunner } from './job-runner';

// Once a day (ADR 0007) the journal's head, signed over the Merkle root of every seal, is written
// to a file outside the database (LEDGER_CHECKPOINT_DIR). Copied elsewhere, such files let
// `ledger:verify --checkpoint FILE` prove later that the journal still extends each of them.

export const LEDGER_CHECKPOINT_PERIOD_MS = 24 * 60 * 60 * 1000;

export const ledgerCheckpointJob = defineJob({
  name: 'ledger.checkpoint',
  retry: { limit: 3, delaySeconds: 60, backoff: 'exponential' },
  timeoutSeconds: 600,
});

export function registerLedgerCheckpointJob(
  runner: JobRunner,
  deps: { db: Database; ledger: LedgerService; directory: string; log?: (path: string) => void },
): void {
  runner.register(ledgerCheckpointJob, async () => {
    const path = writeCheckpointFile(deps.directory, await deps.ledger.signedHead(deps.db));
    deps.log?.(path);
  });
  runner.every(ledgerCheckpointJob, LEDGER_CHECKPOINT_PERIOD_MS);
}
