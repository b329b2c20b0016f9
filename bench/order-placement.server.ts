import { writeFileSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startedClock } from '../apps/server/src/core/clock';
import { cryptoRandom } from '../apps/server/src/core/random';
import { openDatabase } from '../apps/server/src/db/database';
import { runFirstStart } from '../apps/server/src/first-start';
import { createChannel } from '../apps/server/src/modules/deposits/deposit-test-support';
import { adminLogin } from '../apps/server/src/modules/staff-auth/admin-test-support';
import { fundedUser } from '../apps/server/src/modules/withdrawals/withdrawal-test-support';
import type { TestApp } from '../apps/server/test/helpers/build-app';

// The real Beurs app for the order placement benchmark, as server.ts builds it (PostgreSQL at
// DATABASE_URL, jobs running, Redis when REDIS_URL is set), with the server's injectable clock
// running at real speed from Friday 2026-11-20 10:00 UTC (Euronext and the US venues' calendars
// are then known; Euronext is open), so orders are placed in an open market whatever the day.
//
// Before listening it prepares BENCH_USERS users through the real services, in this process
// (the integration tests' helpers over `app.inject`): sign-up and sign-in, identity documents
// uploaded and approved by staff, the scam check, a bank card, the fund password, and a deposit
// approved by staff. Their sessions are written to BENCH_SESSIONS_FILE for the load generator.

const MARKET_TIME = new Date('2026-11-20T10:00:00Z');
const userCount = Number(process.env.BENCH_USERS ?? '100');
const sessionsFile = process.env.BENCH_SESSIONS_FILE;
if (!sessionsFile) throw new Error('BENCH_SESSIONS_FILE is required');

const clock = startedClock(MARKET_TIME);
const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'warn' }),
  rateLimits: { login: 100_000, register: 100_000, account: 100_000 },
  demoDesk: { isOn: false, delaySeconds: 10 },
};
if (config.database.engine !== 'postgres') throw new Error('the placement bench runs on PostgreSQL');
const database = await openDatabase({ engine: 'postgres', url: config.database.url });
const app = await buildApp({ config, db: database.db, clock, random: cryptoRandom });
await app.ready();
const firstStart = await runFirstStart({
  db: database.db,
  clock,
  random: cryptoRandom,
  config,
  ensureHouseAccounts: (db) => app.services.ledger.ensureHouseAccounts(db),
  prepareDemoDesk: () => app.services.demoDesk.prepareAtStart(),
});
await app.jobs.start();

// The test helpers take a TestApp; only `app`, `database` and `firstStart` are read by them.
const handle = { app, database, clock, firstStart } as unknown as TestApp;
const staff = await adminLogin(handle);
// Each user places a few hundred orders a run (about 500 each with the smoke's 10 users), each
// holding the price of one share: 200,000 EUR a user keeps every one of them covered.
const channelId = await createChannel(handle, staff, { maximum: '1000000.00' });
const sessions: Array<{ token: string; account: string }> = [];
for (let index = 0; index < userCount; index += 1) {
  const user = await fundedUser(handle, staff, '200000.00', channelId);
  sessions.push({ token: user.token, account: user.account });
}
writeFileSync(sessionsFile, JSON.stringify(sessions));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`order placement server listening at ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
