import type { Database } from '../../db/database';
import { verifyLedger } from '../../ledger/ledger-verify';
import type { TradingService } from '../trading/trading.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';

// Reconciliation figures for the back-office (no tables of its own): withdrawals paid out per day,
// the TOB collected per month (the figures for the declaration), and, when asked, a verification
// of the whole ledger (the same checks as `npm run ledger:verify`, read-only).

export function createReportsService(deps: {
  db: Database;
  clock: { now(): Date };
  withdrawals: Pick<WithdrawalsService, 'paidPerDay'>;
  trading: Pick<TradingService, 'tobCollected'>;
  timeZone: string;
}) {
  const { db, clock, withdrawals, trading, timeZone } = deps;
  return {
    async reconciliation(input: { from: string; to: string; verifyLedger: boolean }) {
      const [withdrawalsPaid, tobCollected] = await Promise.all([
        withdrawals.paidPerDay(input.from, input.to),
        trading.tobCollected(input.from, input.to, timeZone),
      ]);
      const ledger = input.verifyLedger ? await ledgerHealth() : null;
      return { from: input.from, to: input.to, timeZone, withdrawalsPaid, tobCollected, ledger };
    },
  };

  async function ledgerHealth() {
    const report = await verifyLedger(db);
    return {
      isOk: report.isOk,
      breachCount: report.breaches.length,
      checks: [...new Set(report.breaches.map((breach) => breach.check))],
      entryCount: Number(report.entryCount),
      sealedCount: Number(report.sealedCount),
      unsealedCount: Number(report.unsealedCount),
      checkedAt: clock.now().toISOString(),
    };
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;
