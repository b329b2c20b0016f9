import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { systemClock } from '../core/clock';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase, isPostgres } from '../../test/helpers/test-database';
import { queryRows } from './ledger.repository';
import { sealPending } from './ledger-sealer';
import { verifyLedger } from './ledger-verify';

// Killing the process mid-burst (SIGKILL: no shutdown hook runs) loses no transfer it reported
// committed and leaves none half-written: after reopening, every reported entry is there with its
// postings, the payer's balance row matches the entries exactly, and the whole ledger verifies. PostgreSQL under test:pg, else a PGlite data directory.

const child = fileURLToPath(new URL('./ledger-burst.child.ts', import.meta.url));
const KILL_AFTER_COMMITS = 150;
const CHILD_APPLICATION_NAME = 'ledger-burst-child';
/** A child process starts tsx and opens a database: slow on a loaded machine. */
const CHILD_PROCESS_TIMEOUT_MS = 180_000;

/** Runs the burst child and kills it once it has reported enough commits; returns what it reported. */
async function burstThenKill(
  env: Record<string, string>,
): Promise<{ userId: bigint; committed: Map<string, bigint> }> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    process_.on('exit', (_, signal) => resolve(signal)),
  );
  const committed = new Map<string, bigint>();
  let userId = 0n;
  for await (const line of createInterface({ input: process_.stdout })) {
    const [word, first, second] = line.split(' ');
    if (word === 'ready') userId = BigInt(first ?? '0');
    if (word === 'committed' && first && second) committed.set(first, BigInt(second));
    if (committed.size === KILL_AFTER_COMMITS) process_.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
  return { userId, committed };
}

/**
 * A statement the child had already sent may still commit after the kill (PostgreSQL finishes an
 * autocommit statement even when its client is gone), so wait until every session of the child ended.
 */
async function waitForOtherSessionsToEnd(handle: DatabaseHandle) {
  if (handle.engine !== 'postgres') return;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await queryRows<{ others: string }>(
      handle.db,
      sql`select count(*)::text as others from pg_stat_activity
        where datname = current_database() and application_name = ${CHILD_APPLICATION_NAME}`,
    );
    if (rows[0]?.others === '0') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('a session of the killed child is still open');
}

async function expectIntact(handle: DatabaseHandle, userId: bigint, committed: Map<string, bigint>) {
  await waitForOtherSessionsToEnd(handle);
  const rows = await queryRows<{ key: string; id: string; postings: string }>(
    handle.db,
    sql`select entry.idempotency_key as key, entry.id::text, count(posting.id)::text as postings
      from ledger_entries entry join ledger_postings posting on posting.entry_id = entry.id
      where entry.idempotency_key like 'burst-%' group by entry.id`,
  );
  const stored = new Map(rows.map((row) => [row.key, row]));
  expect(committed.size).toBeGreaterThanOrEqual(KILL_AFTER_COMMITS);
  for (const [key, entryId] of committed) {
    expect(stored.get(key), key).toEqual({ key, id: entryId.toString(), postings: '3' });
  }
  // In one snapshot: the payer's balance row is debited exactly once per burst entry.
  const balance = await queryRows<{ balance: string; entries: string }>(
    handle.db,
    sql`select balance_minor::text as balance,
        (select count(*) from ledger_entries where idempotency_key like 'burst-%')::text as entries
      from ledger_accounts
      where owner_user_id = ${userId.toString()}::bigint and asset = 'EUR' and kind = 'available'`,
  );
  const entries = BigInt(balance[0]?.entries ?? '-1');
  expect(entries).toBeGreaterThanOrEqual(BigInt(rows.length));
  expect(BigInt(balance[0]?.balance ?? '-1')).toBe(1_000_000_00n - entries * 1_01n);
  await sealPending(handle.db, systemClock, { signer: null, deadlineMs: null }, { isFullScan: true });
  const verification = await verifyLedger(handle.db);
  expect(verification.breaches).toEqual([]);
}

it.runIf(isPostgres)(
  'PostgreSQL: a SIGKILL mid-burst loses no committed transfer',
  async () => {
    const database = await createTestDatabase();
    try {
      const { userId, committed } = await burstThenKill({
        BURST_DATABASE_URL: database.url ?? '',
        BURST_CONCURRENCY: '8',
      });
      await expectIntact(database, userId, committed);
    } finally {
      await database.close();
    }
  },
  CHILD_PROCESS_TIMEOUT_MS,
);

it.runIf(!isPostgres)(
  'PGlite data directory: a SIGKILL mid-burst loses no committed transfer',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'beurs-crash-'));
    try {
      const { userId, committed } = await burstThenKill({ BURST_DATA_DIR: dataDir, BURST_CONCURRENCY: '1' });
      const handle = await openDatabase({ engine: 'pglite', dataDir });
      try {
        await expectIntact(handle, userId, committed);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  CHILD_PROCESS_TIMEOUT_MS,
);
