import type { MarginService } from '../modules/margin/margin.service';
import { defineJob, type JobRunner } from './job-runner';

// Securities lending (issue 16 item 3): every minute, each borrow's daily fee for the days (UTC)
// through yesterday not yet posted (one entry per borrow and day, the lenders' share paid to them),
// then the recalls whose notice has passed — re-supplied from the pool if it can, else bought in at
// market through Trading's engine (keyed by the recall, so placed once however many nodes run it).

export const MARGIN_LENDING_PERIOD_MS = 60_000;

export const marginLendingJob = defineJob({
  name: 'margin.securities-lending',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential', delayMaxSeconds: 60 },
  timeoutSeconds: 300,
});

export function registerMarginLendingJob(
  runner: JobRunner,
  deps: { margin: Pick<MarginService, 'lending'> },
) {
  runner.register(marginLendingJob, async ({ clock }) => {
    const now = clock.now();
    await deps.margin.lending.accrueFees(now);
    await deps.margin.lending.processRecalls(now);
  });
  runner.every(marginLendingJob, MARGIN_LENDING_PERIOD_MS);
}
