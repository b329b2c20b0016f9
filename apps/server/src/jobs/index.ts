import type { Database } from '../db/database';
import type { Services } from '../services';
import type { JobRunner } from './job-runner';
import { registerDemoDeskJob } from './demo-desk.job';
import { registerFundsOverdueJob } from './funds-overdue.job';
import { registerLedgerCheckpointJob } from './ledger-checkpoint.job';
import { registerLedgerHoldExpiryJob } from './ledger-hold-expiry.job';
import { registerLedgerSealJob } from './ledger-seal.job';
import { registerLedgerVerifyJob } from './ledger-verify.job';
import { registerNewsFeedsJob } from './news-feeds.job';
import { registerRestrictionsExpiryJob } from './restrictions-expiry.job';
import { registerTradingCorporateActionsJob } from './trading-corporate-actions.job';
import { registerTradingExpiryJob } from './trading-expiry.job';
import { registerCreditInterestJob } from './credit-interest.job';
import { registerMarginInterestJob } from './margin-interest.job';
import { registerMarginLendingJob } from './margin-lending.job';
import { registerMarginDayTradingJob } from './margin-day-trading.job';
import { registerIpoDrawJob } from './ipo-draw.job';
import { registerDemoIpoJob } from './demo-ipo.job';
import { registerDemoPlacementJob } from './demo-placement.job';
import { registerPlacementAllocationJob } from './placement-allocation.job';
import { registerStrategiesJob } from './strategies.job';

// Every job of the server, registered in one place (one line per job).
export function registerJobs(
  runner: JobRunner,
  deps: { db: Database; services: Services; checkpointDir: string },
): void {
  registerLedgerSealJob(runner, { db: deps.db, ledger: deps.services.ledger });
  registerLedgerCheckpointJob(runner, {
    db: deps.db,
    ledger: deps.services.ledger,
    directory: deps.checkpointDir,
  });
  registerLedgerVerifyJob(runner, { reports: deps.services.reports });
  registerLedgerHoldExpiryJob(runner, { db: deps.db, ledger: deps.services.ledger });
  registerDemoDeskJob(runner, {
    demoDesk: deps.services.demoDesk,
    identity: deps.services.identity,
    deposits: deps.services.deposits,
    withdrawals: deps.services.withdrawals,
  });
  registerFundsOverdueJob(runner, {
    deposits: deps.services.deposits,
    withdrawals: deps.services.withdrawals,
  });
  registerRestrictionsExpiryJob(runner, { restrictions: deps.services.restrictions });
  registerTradingExpiryJob(runner, { trading: deps.services.trading });
  registerTradingCorporateActionsJob(runner, { trading: deps.services.trading });
  registerNewsFeedsJob(runner, { news: deps.services.news });
  registerCreditInterestJob(runner, { credit: deps.services.credit });
  registerMarginInterestJob(runner, { margin: deps.services.margin });
  registerMarginLendingJob(runner, { margin: deps.services.margin });
  registerMarginDayTradingJob(runner, {
    margin: deps.services.margin,
    trading: deps.services.trading,
    ledger: deps.services.ledger,
  });
  registerIpoDrawJob(runner, { offerings: deps.services.offerings });
  registerDemoIpoJob(runner, { demoIpo: deps.services.demoIpo });
  registerPlacementAllocationJob(runner, { placements: deps.services.placements });
  registerDemoPlacementJob(runner, { demoPlacement: deps.services.demoPlacement });
  registerStrategiesJob(runner, { strategies: deps.services.strategies });
}
