import type { MarginService } from '../modules/margin/margin.service';
import { defineJob, type JobRunner } from './job-runner';

// Margin interest (issue 16) accrues daily through the ledger: each hour this job posts, for every
// user and currency with a margin loan, the interest of each day (UTC) through yesterday not yet
// posted — one entry per user, currency and day, keyed by all three (and a unique index on the
// movement row), under the user's margin account lock, so a day is posted once however often the
// job runs and on however many nodes, and a server that was down catches up.

export const MARGIN_INTEREST_PERIOD_MS = 3_600_000;

export const marginInterestJob = defineJob({
  name: 'margin.accrue-interest',
  retry: { limit: 5, delaySeconds: 60, backoff: 'exponential' },
  timeoutSeconds: 600,
});

export function registerMarginInterestJob(runner: JobRunner, deps: { margin: MarginService }): void {
  runner.register(marginInterestJob, async ({ clock }) => {
    await deps.margin.accrueInterest(clock.now());
  });
  runner.every(marginInterestJob, MARGIN_INTEREST_PERIOD_MS);
}
