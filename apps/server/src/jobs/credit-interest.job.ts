import type { CreditService } from '../modules/credit/credit.service';
import { defineJob, type JobRunner } from './job-runner';

// Loan interest accrues daily through the ledger: each hour this job posts, for every open loan,
// the interest of each day (UTC) through yesterday not yet posted — one entry per loan and day,
// keyed by both, so a day is posted once however often the job runs and a server that was down
// catches up. Draws and repayments post what is due first, under the same loan lock.

export const CREDIT_INTEREST_PERIOD_MS = 3_600_000;

export const creditInterestJob = defineJob({
  name: 'credit.accrue-interest',
  retry: { limit: 5, delaySeconds: 60, backoff: 'exponential' },
  timeoutSeconds: 600,
});

export function registerCreditInterestJob(runner: JobRunner, deps: { credit: CreditService }): void {
  runner.register(creditInterestJob, async ({ clock }) => {
    await deps.credit.accrueInterest(clock.now());
  });
  runner.every(creditInterestJob, CREDIT_INTEREST_PERIOD_MS);
}
