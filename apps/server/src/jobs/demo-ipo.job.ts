import type { DemoIpoService } from '../modules/offerings/demo-ipo.service';
import { defineJob, type JobRunner } from './job-runner';

// Demo mode's IPOs (issue 17): every minute, on one node, the simulator makes sure one offering is
// open or upcoming (demoIpo.ensureScheduled; a unique round number keeps it to one even if two
// nodes or a restart try at once). Also queued once at start (server.ts), so a newcomer on a fresh
// start finds one at once. Does nothing in live mode or with DEMO_IPO=off.

export const DEMO_IPO_PERIOD_MS = 60_000;

export const demoIpoJob = defineJob({
  name: 'offerings.demo-ipo',
  retry: { limit: 3, delaySeconds: 30, backoff: 'exponential', delayMaxSeconds: 600 },
  timeoutSeconds: 120,
});

export function registerDemoIpoJob(runner: JobRunner, deps: { demoIpo: DemoIpoService }) {
  runner.register(demoIpoJob, async () => {
    await deps.demoIpo.ensureScheduled();
  });
  if (deps.demoIpo.isScheduling()) runner.every(demoIpoJob, DEMO_IPO_PERIOD_MS);
}
