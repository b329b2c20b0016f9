import type { DemoPlacementService } from '../modules/placements/demo-placement.service';
import { defineJob, type JobRunner } from './job-runner';

// Demo mode's placements (issue 17): every minute, on one node, the simulator makes sure one
// placement is open or upcoming (demoPlacement.ensureScheduled; a unique round number keeps it to
// one even if two nodes or a restart try at once). Also queued once at start (server.ts), so a
// newcomer on a fresh start finds one at once. Does nothing in live mode or with DEMO_PLACEMENT=off.

export const DEMO_PLACEMENT_PERIOD_MS = 60_000;

export const demoPlacementJob = defineJob({
  name: 'offerings.demo-placement',
  retry: { limit: 3, delaySeconds: 30, backoff: 'exponential', delayMaxSeconds: 600 },
  timeoutSeconds: 120,
});

export function registerDemoPlacementJob(runner: JobRunner, deps: { demoPlacement: DemoPlacementService }) {
  runner.register(demoPlacementJob, async () => {
    await deps.demoPlacement.ensureScheduled();
  });
  if (deps.demoPlacement.isScheduling()) runner.every(demoPlacementJob, DEMO_PLACEMENT_PERIOD_MS);
}
