import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { isPostgres } from '../../../test/helpers/test-database';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// Killing the server between the fill's evaluation and its commit leaves the whole fill or none.
// A real server process on PostgreSQL takes a market sell; the test holds the position's row lock
// from another connection, so the process stops inside the fill's transaction after the order, the
// hold, the ledger entry and the fill row are written and before the position is. There it is killed
// (SIGKILL: no graceful close). PostgreSQL must roll the whole transaction back: no order, no hold,
// no entry, no fill, the shares still held; the same request sent again then fills exactly once.

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const NOW = '2026-11-20T15:45:17Z'; // a Friday, 16:45 in Brussels: Euronext is open

type User = { token: string; account: string };

function startServer(databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      DATA_DIR: dataDir,
      DEMO_DESK: 'off',
      CLOCK_START: NOW,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited, output: () => output };
}

async function baseUrlOf(server: { child: ChildProcess; output: () => string }) {
  const started = Date.now();
  for (;;) {
    const match = /Beurs is running at (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1]!;
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!isPostgres)('a fill cut off by a killed server (PostgreSQL)', () => {
  let testApp: TestApp;
  let locker: pg.Client;
  // pg_stat_activity is read once per transaction: polled inside the locker's open transaction it
  // would never show a backend that connected after the first poll. The watcher polls outside one.
  let watcher: pg.Client;
  const started: ChildProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'beurs-kill-'));

  beforeAll(async () => {
    testApp = await buildTestApp();
    testApp.clock.set(NOW);
    locker = new pg.Client({ connectionString: testApp.database.url! });
    await locker.connect();
    watcher = new pg.Client({ connectionString: testApp.database.url! });
    await watcher.connect();
  });
  afterAll(async () => {
    // A test that failed before its kill leaves no server running.
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await locker?.end();
    await watcher?.end();
    await testApp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const countRows = async (query: string, params: unknown[]) =>
    Number((await locker.query<{ count: string }>(query, params)).rows[0]!.count);

  it('leaves none of the fill, and the same request then fills once', async () => {
    const admin = await adminLogin(testApp);
    const user: User = await fundedUser(testApp, admin, '1000.00');
    const bought = await callWithKey(
      testApp,
      '/trade/place',
      { fundPassword: FUND_PASSWORD, symbol: 'PROX.BR', side: 'buy', quantity: '10' },
      user,
    );
    expect(bought.json().data.state).toBe('filled');
    const { rows } = await locker.query<{ id: string }>('select id from users where account = $1', [
      user.account,
    ]);
    const userId = rows[0]!.id;
    const ordersOf = () => countRows('select count(*) from orders where user_id = $1', [userId]);
    const fillsOf = () => countRows('select count(*) from fills where user_id = $1', [userId]);
    const entries = () => countRows('select count(*) from ledger_entries', []);
    const [ordersBefore, fillsBefore, entriesBefore] = [await ordersOf(), await fillsOf(), await entries()];
    const positionBefore = (await call(testApp.app, '/trade/positions', {}, user)).json().data.items[0];
    expect(positionBefore.quantity).toBe('10');

    const server = startServer(testApp.database.url!, dataDir);
    started.push(server.child);
    const baseUrl = await baseUrlOf(server);
    await locker.query('begin');
    await locker.query('select id from positions where user_id = $1 for update', [userId]);
    const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    const key = randomUUID();
    const sale = { fundPassword: FUND_PASSWORD, symbol: 'PROX.BR', side: 'sell', quantity: '4' };
    const request = fetch(`${baseUrl}/api/vue/trade/place`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        token: user.token,
        account: user.account,
        'idempotency-key': key,
      },
      body: JSON.stringify(sale),
    }).then(
      async (response) => `answered: ${await response.text()}`,
      () => 'connection lost',
    );
    let settled: string | undefined;
    void request.then((outcome) => (settled = outcome));

    // The server's transaction waits for the position's lock: everything before it is written,
    // uncommitted. Seen from the watcher: a backend is blocked by the locker.
    const waitingSince = Date.now();
    let blockedPid: number | undefined;
    while (blockedPid === undefined) {
      const blocked = await watcher.query<{ pid: number }>(
        'select pid from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))',
        [lockerPid],
      );
      blockedPid = blocked.rows[0]?.pid;
      if (blockedPid === undefined && settled !== undefined)
        throw new Error(`the sale ended without waiting for the position (${settled}):\n${server.output()}`);
      if (Date.now() - waitingSince > 60_000) throw new Error(`the fill never waited:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // It has written the order, the hold, the ledger entry and the fill row (it holds their tables'
    // write locks), none of it committed.
    const written = await watcher.query<{ relname: string }>(
      `select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = $1 and l.mode = 'RowExclusiveLock'
          and c.relname in ('orders', 'ledger_holds', 'ledger_entries', 'ledger_postings', 'fills')
        order by c.relname`,
      [blockedPid],
    );
    expect(written.rows.map((row) => row.relname)).toEqual([
      'fills',
      'ledger_entries',
      'ledger_holds',
      'ledger_postings',
      'orders',
    ]);
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    expect(await request).toBe('connection lost');
    await locker.query('rollback');
    // PostgreSQL ends the dead client's backend and rolls its transaction back.
    const goneSince = Date.now();
    while ((await countRows('select count(*) from pg_stat_activity where pid = $1', [blockedPid])) > 0) {
      if (Date.now() - goneSince > 30_000) throw new Error('the killed backend stayed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await ordersOf()).toBe(ordersBefore);
    expect(await fillsOf()).toBe(fillsBefore);
    expect(await entries()).toBe(entriesBefore);
    const positionAfterKill = (await call(testApp.app, '/trade/positions', {}, user)).json().data.items[0];
    expect(positionAfterKill).toMatchObject({ quantity: '10', availableQuantity: '10' });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);

    // The client retries with the same key: one order, one fill.
    const retried = (await callWithKey(testApp, '/trade/place', sale, user, key)).json();
    expect(retried.data.state).toBe('filled');
    const replayed = (await callWithKey(testApp, '/trade/place', sale, user, key)).json();
    expect(replayed.data.id).toBe(retried.data.id);
    expect(await ordersOf()).toBe(ordersBefore + 1);
    expect(await fillsOf()).toBe(fillsBefore + 1);
    const positionAfter = (await call(testApp.app, '/trade/positions', {}, user)).json().data.items[0];
    expect(positionAfter.quantity).toBe('6');
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  }, 120_000);
});
