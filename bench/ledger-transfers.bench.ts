import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { systemClock } from '../apps/server/src/core/clock';
import { openDatabase, type Database, type DatabaseHandle } from '../apps/server/src/db/database';
import { houseAccount, userAccount } from '../apps/server/src/ledger/ledger-accounts';
import { createJobRunner } from '../apps/server/src/jobs/job-runner';
import { registerLedgerSealJob } from '../apps/server/src/jobs/ledger-seal.job';
import { sealPending } from '../apps/server/src/ledger/ledger-sealer';
import { createFundedUser } from '../apps/server/src/ledger/ledger-test-support';
import { verifyLedger } from '../apps/server/src/ledger/ledger-verify';
import { createLedgerService, type LedgerService } from '../apps/server/src/ledger/ledger.service';
import { isSmoke } from './lib/processes';
import { testKey, testSource } from '../apps/server/src/ledger/ledger-test-support';

// Issue 2 target: ledger transfers per second on PGlite (one connection) and on PostgreSQL (16
// concurrent clients), >= 1,500/s on PostgreSQL on the 2-core machine. Each engine is also measured
// doing a bare one-row INSERT per transaction through the same driver at the same concurrency (the
// baseline), and the ledger is reported as a ratio of it. The sealer runs throughout, as in the
// server, and the ledger must verify afterwards.
//
// A transfer is one SQL statement committed on its own (ADR 0002).
// A transfer: user A pays user B 1.00 plus a 0.01 fee to the house fee account (3 postings, two
// user balance rows locked, one house account credited), between random users of USERS.

const DURATION_MS = isSmoke ? 1_500 : 10_000;
/** Unmeasured run before each measurement: connections opened, caches warm. */
const WARMUP_MS = isSmoke ? 500 : 2_000;
const USERS = isSmoke ? 50 : 1_000;
const POSTGRES_CLIENTS = 16;
const TARGET_POSTGRES_PER_SECOND = 1_500;

type Measurement = {
  operations: number;
  seconds: number;
  perSecond: number;
  refused: number;
  /** CPU milliseconds per operation, this process plus the database's backends; null if unknown. */
  cpuMsPerOperation: number | null;
};

/** Starts counting CPU time; the returned function gives the milliseconds spent since. */
type CpuMeter = () => Promise<() => number | null>;

/** Runs `operation` from `clients` loops for DURATION_MS (after a warm-up) and counts completions. */
async function measure(
  clients: number,
  operation: () => Promise<'ok' | 'refused'>,
  cpuMeter: CpuMeter,
): Promise<Measurement> {
  await run(clients, operation, WARMUP_MS);
  const cpuSince = await cpuMeter();
  const result = await run(clients, operation, DURATION_MS);
  const cpuMs = cpuSince();
  return { ...result, cpuMsPerOperation: cpuMs === null ? null : cpuMs / result.operations };
}

async function run(
  clients: number,
  operation: () => Promise<'ok' | 'refused'>,
  durationMs: number,
): Promise<Omit<Measurement, 'cpuMsPerOperation'>> {
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  let operations = 0;
  let refused = 0;
  const loop = async () => {
    while (performance.now() < deadline) {
      if ((await operation()) === 'refused') refused += 1;
      operations += 1;
      // PGlite answers through microtasks only: yield to the event loop as a server between
      // requests would, or the sealer's timer never fires.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const seconds = (performance.now() - started) / 1_000;
  return { operations, seconds, perSecond: operations / seconds, refused };
}

async function prepare(db: Database, ledger: LedgerService): Promise<bigint[]> {
  await ledger.ensureHouseAccounts(db);
  await db.execute(
    sql`create table if not exists bench_baseline (id bigint generated always as identity primary key, value bigint not null)`,
  );
  const users: bigint[] = [];
  for (let index = 0; index < USERS; index += 1)
    users.push(await createFundedUser(db, ledger, { EUR: 1_000_000_00n }));
  return users;
}

/** Where the 0.01 fee goes: the house fee account (derived, no balance row) or one user's row. */
type FeeSink = { house: true } | { house: false; userId: bigint };

function randomTransfer(db: Database, ledger: LedgerService, users: readonly bigint[], fee: FeeSink) {
  const pick = () => users[Math.floor(Math.random() * users.length)] as bigint;
  const feeAccount = fee.house ? houseAccount('fees', 'EUR') : userAccount(fee.userId, 'EUR');
  return async (): Promise<'ok' | 'refused'> => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    await ledger.transfer(db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'correction', // a closed entry kind (ADR 0004); the bench measures the posting path, not the kind
      memo: 'bench',
      postings: [
        { account: userAccount(from, 'EUR'), amountMinor: -1_01n },
        { account: userAccount(to, 'EUR'), amountMinor: 1_00n },
        { account: feeAccount, amountMinor: 1n },
      ],
    });
    return 'ok';
  };
}

/**
 * The baseline: the cheapest durable write, one row INSERTed in its own transaction (autocommit),
 * through the same client the ledger uses on that engine (a named prepared statement on the pool).
 */
function bareInsert(db: Database): () => Promise<'ok'> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = {
      name: 'bench_baseline_insert',
      text: 'insert into bench_baseline (value) values ($1)',
      values: [1],
    };
    return async () => {
      await client.query(query);
      return 'ok';
    };
  }
  return async () => {
    await db.execute(sql`insert into bench_baseline (value) values (1)`);
    return 'ok';
  };
}

const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1_000;
};

/** PGlite runs inside this process: its CPU time is this process's. */
const processCpuMeter: CpuMeter = async () => {
  const start = processCpuMs();
  return () => processCpuMs() - start;
};

/**
 * PostgreSQL: this process plus the backends serving this database (from /proc on Linux, in clock
 * ticks of 10 ms). On a shared, loaded machine this says what a transfer costs, whatever the load.
 */
function postgresCpuMeter(db: Database): CpuMeter {
  const backendTicks = (pids: readonly number[]) =>
    pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return sum + Number(fields[11]) + Number(fields[12]);
    }, 0);
  return async () => {
    const rows = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
    const pids = (rows as unknown as { rows: Array<{ pid: number }> }).rows.map((row) => Number(row.pid));
    if (!existsSync('/proc/self/stat')) return () => null;
    const start = { process: processCpuMs(), backends: backendTicks(pids) };
    return () => processCpuMs() - start.process + (backendTicks(pids) - start.backends) * 10;
  };
}

type EngineResult = {
  engine: string;
  clients: number;
  baseline: Measurement;
  ledger: Measurement;
  /** The same transfers with the fee credited to one locked balance row (the design we avoid). */
  hotRow: Measurement | null;
  sealLag: bigint;
};

async function runEngine(
  engine: string,
  handle: DatabaseHandle,
  clients: number,
  options: { withHotRow: boolean; cpuMeter: CpuMeter },
): Promise<EngineResult> {
  const ledger = createLedgerService({ clock: systemClock });
  const users = await prepare(handle.db, ledger);
  const baseline = await measure(clients, bareInsert(handle.db), options.cpuMeter);
  // The sealer as the server runs it: the ledger.seal job, every second, on the jobs runner.
  const sealer = createJobRunner({ db: handle.db, clock: systemClock, mode: 'background', log: console });
  registerLedgerSealJob(sealer, { db: handle.db, ledger });
  await sealer.start();
  const transfer = randomTransfer(handle.db, ledger, users, { house: true });
  const transfers = await measure(clients, transfer, options.cpuMeter);
  const hotUser = options.withHotRow ? await createFundedUser(handle.db, ledger, {}) : null;
  const hotRow =
    hotUser === null
      ? null
      : await measure(
          clients,
          randomTransfer(handle.db, ledger, users, { house: false, userId: hotUser }),
          options.cpuMeter,
        );
  await sealer.stop();
  const lag = await verifyLedger(handle.db);
  await sealPending(handle.db, systemClock, { signer: null, deadlineMs: null });
  const verification = await verifyLedger(handle.db);
  if (!verification.isOk)
    throw new Error(
      `ledger does not verify after the ${engine} run: ${JSON.stringify(verification.breaches)}`,
    );
  return { engine, clients, baseline, ledger: transfers, hotRow, sealLag: lag.unsealedCount };
}

async function runPglite(): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'beurs-bench-'));
  const handle = await openDatabase({ engine: 'pglite', dataDir });
  try {
    return await runEngine('PGlite (data dir)', handle, 1, { withHotRow: false, cpuMeter: processCpuMeter });
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<EngineResult> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `beurs_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: POSTGRES_CLIENTS });
  try {
    return await runEngine('PostgreSQL', handle, POSTGRES_CLIENTS, {
      withHotRow: true,
      cpuMeter: postgresCpuMeter(handle.db),
    });
  } finally {
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const cpu = (measurement: Measurement) =>
  measurement.cpuMsPerOperation === null ? '?' : measurement.cpuMsPerOperation.toFixed(3);

function report(results: readonly EngineResult[]): void {
  console.log(
    `\nLedger transfers (${DURATION_MS / 1_000} s per measurement, ${USERS} users${isSmoke ? ', smoke' : ''})`,
  );
  console.log(
    '| engine | clients | bare INSERT tx/s (baseline) | transfers/s | ratio | CPU ms per INSERT / transfer | seal lag at end |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const result of results) {
    const ratio = result.ledger.perSecond / result.baseline.perSecond;
    console.log(
      `| ${result.engine} | ${result.clients} | ${Math.round(result.baseline.perSecond)} | ${Math.round(result.ledger.perSecond)} | ${ratio.toFixed(2)} | ${cpu(result.baseline)} / ${cpu(result.ledger)} | ${result.sealLag} entries |`,
    );
  }
  for (const result of results) {
    if (!result.hotRow) continue;
    const ratio = result.hotRow.perSecond / result.ledger.perSecond;
    console.log(
      `${result.engine}, fee credited to one locked balance row instead: ${Math.round(result.hotRow.perSecond)} transfers/s (${ratio.toFixed(2)} of the derived house account), CPU ms per transfer ${cpu(result.hotRow)}`,
    );
  }
}

const results = [await runPglite(), await runPostgres()];
report(results);
const postgres = results[1];
if (postgres) {
  console.log(`PostgreSQL target: >= ${TARGET_POSTGRES_PER_SECOND} transfers/s`);
  if (!isSmoke && postgres.ledger.perSecond < TARGET_POSTGRES_PER_SECOND) process.exitCode = 1;
}
