import type { OfferingsService } from '../modules/offerings/offerings.service';
import { defineJob, type JobRunner } from './job-runner';

// IPO draws (issue 17): every minute, on one node, every offering whose lottery date has passed
// is drawn (offeringsService.drawDue). Each offering's row is locked for update while it is drawn,
// so a second node running at the same time skips it and the draw runs once.

export const IPO_DRAW_PERIOD_MS = 60_000;

export const ipoDrawJob = defineJob({
  name: 'offerings.ipo-draw',
  retry: { limit: 5, delaySeconds: 30, backoff: 'exponential', delayMaxSeconds: 600 },
  timeoutSeconds: 600,
});

export function registerIpoDrawJob(
  runner: JobRunner,
  deps: { offerings: Pick<OfferingsService, 'drawDue'> },
) {
  runner.register(ipoDrawJob, async () => {
    await deps.offerings.drawDue();
  });
  runner.every(ipoDrawJob, IPO_DRAW_PERIOD_MS);
}
