import type { TradingService } from '../modules/trading/trading.service';
import { defineJob, type JobRunner } from './job-runner';

// Dividends and splits from the market source, applied to holders once (each holder's payment row
// is unique), every 15 minutes on one node: a missed run is caught up by the next.

export const TRADING_CORPORATE_ACTIONS_PERIOD_MS = 15 * 60_000;

export const tradingCorporateActionsJob = defineJob({
  name: 'trading.corporate-actions',
  retry: { limit: 3, delaySeconds: 30, backoff: 'exponential' },
  timeoutSeconds: 600,
});

export function registerTradingCorporateActionsJob(
  runner: JobRunner,
  deps: { trading: TradingService },
): void {
  runner.register(tradingCorporateActionsJob, async ({ clock }) => {
    await deps.trading.processCorporateActions(clock.now());
  });
  runner.every(tradingCorporateActionsJob, TRADING_CORPORATE_ACTIONS_PERIOD_MS);
}
