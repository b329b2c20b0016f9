import type { TradingService } from '../modules/trading/trading.service';
import { defineJob, type JobRunner } from './job-runner';

// Day orders expire at the venue's close, good-till-cancelled orders at the close of their last
// day: this job ends them every minute, on one node, releasing their holds.

export const TRADING_EXPIRY_PERIOD_MS = 60_000;

export const tradingExpiryJob = defineJob({
  name: 'trading.expire-orders',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential' },
  timeoutSeconds: 120,
});

export function registerTradingExpiryJob(runner: JobRunner, deps: { trading: TradingService }): void {
  runner.register(tradingExpiryJob, async ({ clock }) => {
    await deps.trading.expireDue(clock.now());
  });
  runner.every(tradingExpiryJob, TRADING_EXPIRY_PERIOD_MS);
}
