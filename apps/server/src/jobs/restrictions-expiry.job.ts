import type { RestrictionsService } from '../modules/restrictions/restrictions.service';
import { defineJob, type JobRunner } from './job-runner';

// A withdrawal bar lasts at most 30 days (issue 12, item 3): every minute, on one node, the
// restrictions past their expiry are lifted (the withdrawal check itself already ignores them).

export const RESTRICTIONS_EXPIRY_PERIOD_MS = 60_000;

export const restrictionsExpiryJob = defineJob({
  name: 'restrictions.lift-expired',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential' },
  timeoutSeconds: 60,
});

export function registerRestrictionsExpiryJob(
  runner: JobRunner,
  deps: { restrictions: RestrictionsService },
): void {
  runner.register(restrictionsExpiryJob, async ({ clock }) => {
    await deps.restrictions.liftExpired(clock.now());
  });
  runner.every(restrictionsExpiryJob, RESTRICTIONS_EXPIRY_PERIOD_MS);
}
