import { systemClock } from '../core/clock';
import { openDatabase } from '../db/database';
import { houseAccount, userAccount } from './ledger-accounts';
import { sealPending } from './ledger-sealer';
import { createFundedUser } from './ledger-test-support';
import { createLedgerService } from './ledger.service';

// A child process for the crash test: a burst of transfers against BURST_DATABASE_URL (PostgreSQL)
// or BURST_DATA_DIR (PGlite), printing `committed <key> <entryId>` after each commit, with the
// sealer running, until the parent kills it with SIGKILL.

const concurrency = Number(process.env.BURST_CONCURRENCY ?? '1');
const url = process.env.BURST_DATABASE_URL;
const handle = url
  ? await openDatabase({ engine: 'postgres', url, poolSize: concurrency + 2 })
  : await openDatabase({ engine: 'pglite', dataDir: process.env.BURST_DATA_DIR ?? null });
const ledger = createLedgerService({ clock: systemClock });
await ledger.ensureHouseAccounts(handle.db);
const userId = await createFundedUser(handle.db, ledger, { EUR: 1_000_000_00n });
void (async () => {
  // Sealing passes back to back (the server's job runs one a second), so the kill lands mid-pass.
  for (;;) {
    await sealPending(handle.db, systemClock, { signer: null, deadlineMs: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
process.stdout.write(`ready ${userId}\n`);

let next = 0;
async function worker(): Promise<never> {
  for (;;) {
    const key = `burst-${next++}`;
    const { entryId } = await ledger.transfer(handle.db, {
      idempotencyKey: key,
      kind: 'withdrawal',
      source: { type: 'withdrawal', id: key },
      memo: key,
      postings: [
        { account: userAccount(userId, 'EUR'), amountMinor: -1_01n },
        { account: houseAccount('bank_cash', 'EUR'), amountMinor: 1_00n },
        { account: houseAccount('fees', 'EUR'), amountMinor: 1n },
      ],
    });
    process.stdout.write(`committed ${key} ${entryId}\n`);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
