import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database';
import { verifyLedger } from '../apps/server/src/ledger/ledger-verify';
import { load, type LoadResult } from './lib/autocannon';
import { api, isSmoke, startProcess } from './lib/processes';

// Issue 11 target: order placement (validated, reserved, journaled) on PostgreSQL with 50
// connections at >= 1,500 orders/s with p99 <= 50 ms, reported as a ratio to the authenticated
// read endpoint (/user/getUserinfo) measured in the same run, on the same server and users.
//
// The server (bench/order-placement.server.ts) is the real app on a fresh PostgreSQL database,
// its clock started at an hour when Euronext is open. Its users are verified, funded, and have a
// fund password, all through the real services. Each order is POST /api/vue/trade/place with a
// fresh idempotency-key header and the fund password: a limit buy of 1 share 5 % below the last
// price of one of several Brussels shares, good for the day. That runs the whole placement path
// (session, zod, trading bar, identity, fund password check, quote, collar, costs, the user's
// lock, the order row, the ledger hold, the resting index) but not a fill: these orders rest.
// Every answer must be `status: 1` with state `pending`, and the ledger must verify afterwards.

const connections = 50;
const durationSeconds = isSmoke ? 2 : 10;
const warmupSeconds = isSmoke ? 1 : 3;
const userCount = isSmoke ? 10 : 100;
const TARGET_PER_SECOND = 1_500;
const TARGET_P99_MS = 50;
const SYMBOLS = ['KBC.BR', 'UCB.BR', 'AGS.BR', 'SOLB.BR', 'UMI.BR', 'WDP.BR', 'PROX.BR', 'ABI.BR'];

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `beurs_bench_${randomBytes(4).toString('hex')}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
};
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

type Cpu = { serverMs: number; databaseMs: number; generatorMs: number };
/** CPU ticks (10 ms) of a process, from /proc (Linux); 0 when it has gone. */
const ticksOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};
const backendPids = async () => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const rows = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    databaseName,
  ]);
  await client.end();
  return rows.rows.map((row) => row.pid);
};
/**
 * Starts counting CPU time: the server process, the PostgreSQL backends serving the bench database
 * (a backend that appears meanwhile counts from its start) and this process (the load generator),
 * so the cost of a request can be read even while other work loads the machine.
 */
const cpuSince = async (serverPid: number): Promise<() => Promise<Cpu>> => {
  const startServer = ticksOf(serverPid);
  const startBackends = new Map((await backendPids()).map((pid) => [pid, ticksOf(pid)]));
  const startGenerator = process.cpuUsage();
  return async () => {
    const generator = process.cpuUsage(startGenerator);
    const backends = await backendPids();
    const backendTicks = backends.reduce((sum, pid) => sum + ticksOf(pid) - (startBackends.get(pid) ?? 0), 0);
    return {
      serverMs: (ticksOf(serverPid) - startServer) * 10,
      databaseMs: backendTicks * 10,
      generatorMs: (generator.user + generator.system) / 1_000,
    };
  };
};

await admin(`create database ${databaseName}`);
const scratch = mkdtempSync(join(tmpdir(), 'beurs-bench-orders-'));
const sessionsFile = join(scratch, 'sessions.json');
const setupStarted = performance.now();
const server = await startProcess('bench/order-placement.server.ts', {
  env: {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: scratch,
    BENCH_USERS: String(userCount),
    BENCH_SESSIONS_FILE: sessionsFile,
  },
  ready: /listening at (http:\/\/\S+)/,
  timeoutMs: 600_000,
}).catch(async (error: unknown) => {
  rmSync(scratch, { recursive: true, force: true });
  await admin(`drop database if exists ${databaseName} with (force)`);
  throw error;
});

try {
  const sessions = JSON.parse(readFileSync(sessionsFile, 'utf8')) as Array<{
    token: string;
    account: string;
  }>;
  console.log(
    `${sessions.length} verified, funded users ready in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
  );
  const first = sessions[0]!;
  // One limit per symbol, 5 % under the last price (inside the 10 % collar): the orders rest.
  const tickets = await Promise.all(
    SYMBOLS.map(async (symbol) => {
      const quote = await api<{ latest: string }>(server.url, '/market/quote', { symbol }, first);
      const limit = (Math.floor(Number(quote.latest) * 95) / 100).toFixed(2);
      return JSON.stringify({
        symbol,
        side: 'buy',
        type: 'limit',
        limitPrice: limit,
        quantity: '1',
        timeInForce: 'day',
        fundPassword: '314159',
      });
    }),
  );
  const runId = randomBytes(4).toString('hex');
  const answers = { placed: 0, refused: 0, samples: [] as string[] };
  const placeOrders = (label: string, seconds: number) =>
    load({
      url: `${server.url}/api/vue/trade/place`,
      connections,
      durationSeconds: seconds,
      perRequest: (sent) => {
        const session = sessions[sent % sessions.length]!;
        return {
          headers: { ...session, 'idempotency-key': `bench-${runId}-${label}-${sent}` },
          body: tickets[sent % tickets.length]!,
        };
      },
      onBody: (status, body) => {
        if (status === 200 && body.startsWith('{"status":1') && body.includes('"state":"pending"'))
          answers.placed += 1;
        else {
          answers.refused += 1;
          if (answers.samples.length < 5) answers.samples.push(`${status} ${body.slice(0, 300)}`);
        }
      },
    });
  const readUserInfo = (seconds: number) =>
    load({
      url: `${server.url}/api/vue/user/getUserinfo`,
      connections,
      durationSeconds: seconds,
      rotatingHeaders: sessions,
    });

  // Each measurement has an unmeasured warm-up (connections, JIT, caches). autocannon stops
  // sending at the end of a run but the server finishes what it was given: wait until it is idle
  // (an answer to a single request) and a little more before the next measurement.
  const settle = async () => {
    await api(server.url, '/user/getUserinfo', {}, first);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  const loadBefore = loadavg()[0]!;
  await readUserInfo(warmupSeconds);
  await settle();
  let cpu = await cpuSince(server.pid);
  const userInfo = await readUserInfo(durationSeconds);
  const userInfoCpu = await cpu();
  await settle();
  // Each user's first order has its fund password compared with argon2id; the next ones within 15
  // minutes by a keyed digest (fund-password.service.ts). Place every user's first order before
  // measuring, ten at a time, and report their cost apart.
  const firstStarted = performance.now();
  let firstIndex = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (firstIndex < sessions.length) {
        const index = firstIndex++;
        const response = await fetch(`${server.url}/api/vue/trade/place`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...sessions[index]!,
            'idempotency-key': `bench-${runId}-first-${index}`,
          },
          body: tickets[index % tickets.length]!,
        });
        const body = await response.text();
        if (!body.startsWith('{"status":1')) throw new Error(`a first order was refused: ${body}`);
      }
    }),
  );
  const firstOrdersSeconds = (performance.now() - firstStarted) / 1000;
  await placeOrders('warmup', warmupSeconds);
  await settle();
  const warmupPlaced = answers.placed;
  cpu = await cpuSince(server.pid);
  const placement = await placeOrders('measured', durationSeconds);
  const placementCpu = await cpu();
  const measuredPlaced = answers.placed - warmupPlaced;
  const loadAfter = loadavg()[0]!;
  await settle();

  // The orders are in the database with their holds, and the ledger verifies.
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl.toString(), poolSize: 2 });
  const counted = await database.db.execute(
    sql`select count(*)::int as orders, count(hold_id)::int as held from orders where state = 'pending'`,
  );
  const row = (counted as unknown as { rows: Array<{ orders: number; held: number }> }).rows[0]!;
  const ledger = await verifyLedger(database.db);
  await database.close();

  const line = (name: string, result: LoadResult) =>
    `| ${name} | ${Math.round(result.requestsPerSecond)} | ${result.latencyP50Ms} | ${result.latencyP99Ms} | ${result.errors + result.non2xx} |`;
  console.log(
    `\nOrder placement vs getUserinfo (PostgreSQL, ${connections} connections, ${durationSeconds} s, ${sessions.length} users${isSmoke ? ', smoke' : ''})`,
  );
  console.log('| endpoint | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
  console.log(line(`getUserinfo, ${sessions.length} users round robin (baseline)`, userInfo));
  console.log(line('trade/place, limit buy resting (pending)', placement));
  const ratio = placement.requestsPerSecond / userInfo.requestsPerSecond;
  console.log(`ratio orders/s to getUserinfo req/s: ${ratio.toFixed(3)}`);
  const perRequest = (spent: Cpu, result: LoadResult) => {
    const count = result.requestsPerSecond * durationSeconds;
    return `server ${(spent.serverMs / count).toFixed(2)} + PostgreSQL ${(spent.databaseMs / count).toFixed(2)} = ${((spent.serverMs + spent.databaseMs) / count).toFixed(2)} ms (load generator ${(spent.generatorMs / count).toFixed(2)} ms)`;
  };
  console.log(`CPU per getUserinfo: ${perRequest(userInfoCpu, userInfo)}`);
  console.log(`CPU per order: ${perRequest(placementCpu, placement)}`);
  console.log(
    `each user's first order (fund password checked with argon2id): ${sessions.length} in ${firstOrdersSeconds.toFixed(1)} s, 10 at a time (${Math.round(sessions.length / firstOrdersSeconds)}/s)`,
  );
  console.log(
    `answers status 1 and pending: ${measuredPlaced} measured (${warmupPlaced} in the warm-up); other answers: ${answers.refused}`,
  );
  console.log(`pending orders in the database: ${row.orders}, each with a hold: ${row.held}`);
  console.log(`ledger verifies: ${ledger.isOk} (${ledger.breaches.length} breaches)`);
  console.log(
    `targets: >= ${TARGET_PER_SECOND} orders/s and p99 <= ${TARGET_P99_MS} ms; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
  );
  for (const other of answers.samples) console.error(`  not placed: ${other}`);

  const broken =
    measuredPlaced === 0 ||
    answers.refused > 0 ||
    placement.errors + placement.non2xx + userInfo.errors + userInfo.non2xx > 0 ||
    row.orders !== row.held ||
    row.orders < answers.placed + sessions.length ||
    !ledger.isOk;
  if (broken) {
    console.error('order placement is broken: see above');
    process.exitCode = 1;
  } else if (
    !isSmoke &&
    (placement.requestsPerSecond < TARGET_PER_SECOND || placement.latencyP99Ms > TARGET_P99_MS)
  ) {
    console.error('target missed');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  await admin(`drop database if exists ${databaseName} with (force)`);
}
