import type { LedgerService } from '../ledger/ledger.service';
import type { MarginService } from '../modules/margin/margin.service';
import type { TradingService } from '../modules/trading/trading.service';
import { defineJob, type JobRunner } from './job-runner';

// Day trading's auto-close (issue 16 item 5): every minute, every position opened intraday and
// still open whose auto-close time (its venue's close minus the published minutes) has come is
// sold at market through Trading's engine (margin.dayTrading.closeDue): once per user, symbol and
// day however many nodes run it (a claimed group, a keyed sale), the rows recording the close. A
// close that could not be made (no quote) stays open, is tried again next minute, and fails the
// run so that the runner reports it.

export const MARGIN_DAY_TRADING_PERIOD_MS = 60_000;

export const marginDayTradingJob = defineJob({
  name: 'margin.day-trading-close',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential', delayMaxSeconds: 60 },
  timeoutSeconds: 300,
});

export function registerMarginDayTradingJob(
  runner: JobRunner,
  deps: {
    margin: Pick<MarginService, 'dayTrading'>;
    trading: Pick<TradingService, 'placeForRule'>;
    ledger: Pick<LedgerService, 'getUserBalances'>;
  },
): void {
  runner.register(marginDayTradingJob, async () => {
    const closes = await deps.margin.dayTrading.closeDue(deps.trading, deps.ledger);
    const failed = closes.filter((close) => close.outcome === 'failed');
    if (failed.length > 0) {
      throw new Error(
        `day-trade auto-close: ${failed.length} not closed (${failed.map((close) => `${close.userId}/${close.symbol}: ${close.error ?? ''}`).join(', ')}); tried again next run`,
      );
    }
  });
  runner.every(marginDayTradingJob, MARGIN_DAY_TRADING_PERIOD_MS);
}
