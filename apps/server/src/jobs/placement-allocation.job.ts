import type { PlacementsService } from '../modules/placements/placements.service';
import { defineJob, type JobRunner } from './job-runner';

// Placement allocations (issue 17 item 4): every minute, every placement whose window has closed
// is settled (placementsService.allocateDue). Each placement's row is claimed FOR UPDATE SKIP
// LOCKED while it is settled, so a second node running at the same time skips it: it runs once.

export const PLACEMENT_ALLOCATION_PERIOD_MS = 60_000;

export const placementAllocationJob = defineJob({
  name: 'offerings.placement-allocation',
  retry: { limit: 5, delaySeconds: 30, backoff: 'exponential', delayMaxSeconds: 600 },
  timeoutSeconds: 600,
});

export function registerPlacementAllocationJob(
  runner: JobRunner,
  deps: { placements: Pick<PlacementsService, 'allocateDue'> },
) {
  runner.register(placementAllocationJob, async () => {
    await deps.placements.allocateDue();
  });
  runner.every(placementAllocationJob, PLACEMENT_ALLOCATION_PERIOD_MS);
}
