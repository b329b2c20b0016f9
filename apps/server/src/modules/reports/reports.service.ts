import { assetScale, formatDecimal } from '@beurs/contract';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import { verifyLedger } from '../../ledger/ledger-verify';
import type { TradingService } from '../trading/trading.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { insertLedgerVerifyRun, selectLastLedgerVerifyRun } from './reports.repository';

// Reconciliation figures for the back-office: withdrawals paid out per day, the TOB collected per
// month (the figures for the declaration), the ledger's health (the last scheduled verification,
// the chain's head and the house balances), and, when asked, a verification of the whole ledger
// run now (the same checks as `npm run ledger:verify`, read-only). Its one table keeps the runs of
// the scheduled verification (`ledger.verify` job).

export function createReportsService(deps: {
  db: Database;
  clock: { now(): Date };
  ledger: Pick<LedgerService, 'head' | 'getHouseBalances'>;
  withdrawals: Pick<WithdrawalsService, 'paidPerDay'>;
  trading: Pick<TradingService, 'tobCollected'>;
  timeZone: string;
}) {
  const { db, clock, ledger, withdrawals, trading, timeZone } = deps;
  return {
    async reconciliation(input: { from: string; to: string; verifyLedger: boolean }) {
      const [withdrawalsPaid, tobCollected, health] = await Promise.all([
        withdrawals.paidPerDay(input.from, input.to),
        trading.tobCollected(input.from, input.to, timeZone),
        ledgerHealth(),
      ]);
      const ledgerNow = input.verifyLedger ? await verifyNow() : null;
      return {
        from: input.from,
        to: input.to,
        timeZone,
        withdrawalsPaid,
        tobCollected,
        ledger: ledgerNow,
        ledgerHealth: health,
      };
    },

    /** The scheduled verification: runs the ledger checks now and keeps the result. */
    async recordLedgerVerification() {
      const result = await verifyNow();
      await insertLedgerVerifyRun(db, {
        ranAt: new Date(result.checkedAt),
        isOk: result.isOk,
        breachCount: result.breachCount,
        checks: result.checks,
        entryCount: BigInt(result.entryCount),
        sealedCount: BigInt(result.sealedCount),
        unsealedCount: BigInt(result.unsealedCount),
      });
      return result;
    },
  };

  async function verifyNow() {
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

  async function ledgerHealth() {
    const [run, head, balances] = await Promise.all([
      selectLastLedgerVerifyRun(db),
      ledger.head(db),
      ledger.getHouseBalances(db),
    ]);
    return {
      lastScheduledRun: run
        ? {
            isOk: run.isOk,
            breachCount: run.breachCount,
            checks: run.checks,
            entryCount: Number(run.entryCount),
            sealedCount: Number(run.sealedCount),
            unsealedCount: Number(run.unsealedCount),
            checkedAt: run.ranAt.toISOString(),
          }
        : null,
      headSequence: head.sequence,
      headSealedAt: head.sealedAt,
      houseBalances: balances.map((balance) => ({
        kind: balance.kind,
        asset: balance.asset,
        balance: formatDecimal(balance.balanceMinor, assetScale(balance.asset)),
      })),
    };
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;
