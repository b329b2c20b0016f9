import type { NewsService } from '../modules/news/news.service';
import { defineJob, type JobRunner } from './job-runner';

// The news centre's feeds, read every 15 minutes on one node, and in demo mode the simulator's
// corporate events recorded as notices. A feed that fails is skipped until the next run; the job
// itself does not fail for it (the news service logs it).

export const NEWS_FEEDS_PERIOD_MS = 15 * 60_000;

export const newsFeedsJob = defineJob({
  name: 'news.feeds',
  retry: { limit: 2, delaySeconds: 60, backoff: 'exponential' },
  timeoutSeconds: 300,
});

export function registerNewsFeedsJob(runner: JobRunner, deps: { news: NewsService }): void {
  runner.register(newsFeedsJob, async () => {
    await deps.news.recordSimulatedEvents();
    await deps.news.refreshFeeds();
  });
  runner.every(newsFeedsJob, NEWS_FEEDS_PERIOD_MS);
}
