import { formatCash } from '@beurs/contract';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../core/clock';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { sealPending } from './ledger-sealer';
import { verifyLedger, type LedgerVerification } from './ledger-verify';
import { selectHouseBalances } from './ledger.repository';

// `npm run ledger:verify`: opens the database the server would use (DATABASE_URL, else PGlite in
// DATA_DIR), seals what is pending, checks every ledger invariant and prints a report. Exit code 0
// when the ledger is sound, 1 on any breach, 2 when it could not run. PGlite is one process's
// database: with the server running on a PGlite data directory, it refuses (exit 2) and says so.

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    const where =
      config.database.engine === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${config.database.dataDir}`;
    console.log(`ledger:verify on ${where}`);
    const seal = await sealPending(handle.db, systemClock, { isFullScan: true });
    console.log(
      seal.isBusy
        ? '  sealing: another sealer is running; checking as is'
        : `  sealed now: ${seal.sealedCount} entries`,
    );
    const verification = await verifyLedger(handle.db);
    printHouseBalances(await selectHouseBalances(handle.db));
    printReport(verification);
    return verification.isOk ? 0 : 1;
  } finally {
    await handle.close();
  }
}

function printReport(verification: LedgerVerification): void {
  console.log(`  entries: ${verification.entryCount}, postings: ${verification.postingCount}`);
  console.log(`  sealed: ${verification.sealedCount}, unsealed lag: ${verification.unsealedCount}`);
  for (const total of verification.totalsByCurrency) {
    console.log(`  ${total.currency} postings sum: ${total.sumMinor}`);
  }
  if (verification.isOk) {
    console.log('OK: chain intact, every currency sums to zero, balance rows match postings, none negative.');
    return;
  }
  console.log(`BREACH: ${verification.breaches.length} problem(s)`);
  for (const breach of verification.breaches) console.log(`  [${breach.check}] ${breach.detail}`);
}

function printHouseBalances(balances: Awaited<ReturnType<typeof selectHouseBalances>>): void {
  const used = balances.filter((balance) => balance.balanceMinor !== 0n);
  if (used.length === 0) return;
  console.log('  house accounts (sum of postings: + collected by the house, − brought in from outside):');
  for (const balance of used) {
    console.log(`    ${balance.kind} ${balance.currency}: ${formatCash(balance.balanceMinor)}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
    process.exit(2);
  },
);
