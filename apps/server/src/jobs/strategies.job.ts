import type { StrategiesService } from '../modules/strategies/strategies.service';
import { defineJob, type JobRunner } from './job-runner';

// Copy-following strategies (issue 17 item 5): every minute, each strategy whose published time
// has come on a trading day and whose day is not struck yet trades to its rule and strikes its NAV
// (strategiesService.runDue). The day's NAV row is unique and the strike locks the strategy row,
// so a second node running at the same time strikes nothing twice.

export const STRATEGIES_PERIOD_MS = 60_000;

export const strategiesJob = defineJob({
  name: 'strategies.run',
  retry: { limit: 5, delaySeconds: 30, backoff: 'exponential', delayMaxSeconds: 600 },
  timeoutSeconds: 600,
});

export function registerStrategiesJob(
  runner: JobRunner,
  deps: { strategies: Pick<StrategiesService, 'runDue'> },
) {
  runner.register(strategiesJob, async () => {
    await deps.strategies.runDue();
  });
  runner.every(strategiesJob, STRATEGIES_PERIOD_MS);
}
