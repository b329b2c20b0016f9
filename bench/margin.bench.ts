import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Clock } from '../apps/server/src/core/clock';
import { cryptoRandom } from '../apps/server/src/core/random';
import { openDatabase } from '../apps/server/src/db/database';
import { runFirstStart } from '../apps/server/src/first-start';
import { verifyLedger } from '../apps/server/src/ledger/ledger-verify';
import { queryRows } from '../apps/server/src/ledger/ledger.repository';
import { buildCatalogue } from '../apps/server/src/market/instruments';
import type { Quote } from '../apps/server/src/market/provider';
import { MarketSimulator } from '../apps/server/src/market/simulator';
import {
  seedMarginAccounts,
  type BulkHolding,
} from '../apps/server/src/modules/margin/margin-bulk-test-support';
import { marginClassOf } from '../apps/server/src/modules/margin/margin-classes';
import { isSmoke } from './lib/processes';

// Issue 16 targets: 10,000 margin accounts over 500 symbols; a tick recomputes only the accounts
// holding that symbol; p99 tick → margin level updated <= 50 ms; a 20 % shock on a symbol held by
// 2,000 accounts liquidates them all within 5 s. On a fresh PostgreSQL database, in this process.
//
// What is real: the app as the server builds it (buildApp: the margin level service with its index
// symbol → borrowers, the margin side, the liquidation through Trading's order engine, the ledger),
// on the simulator. What the bench supplies:
// - 500 Euronext shares M0.BR … M499.BR, listed in the simulator (its addListing, as IPO listings
//   are) as copies of a Brussels large cap (margin class large_cap: 30 % maintenance, 2.00× cap);
// - the accounts, seeded in bulk (margin-bulk-test-support.ts, as the PostgreSQL shock test does):
//   M0.BR is held by SHOCKED_HOLDERS accounts at 2.00×, bought when it stood 25 % higher (their
//   level is about 125 %); every other account holds two of the other symbols at 2.00× (about 167 %);
// - prices: the market service's currentQuote scaled for named symbols (the seeding price and the
//   shock), as the tests' priceScenario does;
// - the ticks: the bench calls marginLevel.onQuotes(symbols) as margin.routes.ts does on the quote
//   stream.
// Baseline, same run: one indexed read of what one account owes (the loan rows by user), the
// margin side of one account (margin.sideNow), and a symbol's holders' margin sides read one by one
// (as a tick did before 78b467d) against together (margin.sidesNow, as a tick reads them now).

const MARKET_TIME = new Date('2026-11-20T10:00:00Z'); // Friday, Brussels 11:00: Euronext open
const SYMBOLS = isSmoke ? 10 : Number(process.env.MARGIN_BENCH_SYMBOLS ?? 500);
const ACCOUNTS = isSmoke ? 200 : Number(process.env.MARGIN_BENCH_ACCOUNTS ?? 10_000);
const SHOCKED_HOLDERS = isSmoke ? 50 : Number(process.env.MARGIN_BENCH_SHOCKED ?? 2_000);
const SYMBOLS_PER_OTHER_ACCOUNT = 2;
const TIMED_TICKS = isSmoke ? 30 : 500;
const BASELINE_READS = isSmoke ? 50 : 500;
const HOLDER_READS = isSmoke ? 10 : 100;
const TARGET_P99_MS = 50;
const TARGET_SHOCK_MS = 5_000;

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

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
const symbolOf = (index: number) => `M${index}.BR`;

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
/** Starts counting CPU time: this process and the PostgreSQL backends serving the bench database. */
const cpuSince = async () => {
  const startBackends = new Map((await backendPids()).map((pid) => [pid, ticksOf(pid)]));
  const startProcess = process.cpuUsage();
  return async () => {
    const used = process.cpuUsage(startProcess);
    const backends = await backendPids();
    const backendTicks = backends.reduce((sum, pid) => sum + ticksOf(pid) - (startBackends.get(pid) ?? 0), 0);
    return { processMs: (used.user + used.system) / 1_000, databaseMs: backendTicks * 10 };
  };
};

await admin(`create database ${databaseName}`);
const clockOffsetMs = MARKET_TIME.getTime() - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) };
const setUp = async () => {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn' });
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl.toString() });
  const app = await buildApp({ config, db: database.db, clock, random: cryptoRandom, jobsMode: 'manual' });
  await app.ready();
  await runFirstStart({
    db: database.db,
    clock,
    random: cryptoRandom,
    config,
    ensureHouseAccounts: (db) => app.services.ledger.ensureHouseAccounts(db),
  });
  return { database, app };
};
const { database, app } = await setUp().catch(async (error: unknown) => {
  await admin(`drop database if exists ${databaseName} with (force)`);
  throw error;
});
const { db } = database;
const { market, margin, marginLevel } = app.services;

let failure: string | null = null;
try {
  // The 500 shares, copies of a Brussels large cap, listed a week before.
  const provider = market.provider;
  if (!(provider instanceof MarketSimulator)) throw new Error('the bench runs on the simulator');
  // The app's own quote stream stops: at real speed it would tick every open symbol each second and
  // evaluate them in the background (trading's resting orders, the margin levels) while the bench
  // times its own ticks. The bench is the quote stream here.
  await provider.close();
  const model = buildCatalogue().find(
    (entry) =>
      entry.instrument.market === 'frank' &&
      entry.instrument.kind === 'stock' &&
      marginClassOf(entry.instrument).marginClass === 'large_cap',
  );
  if (!model) throw new Error('no Brussels large cap in the catalogue');
  for (let index = 0; index < SYMBOLS; index += 1) {
    provider.addListing(
      {
        instrument: {
          ...model.instrument,
          symbol: symbolOf(index),
          code: `M${index}`,
          name: `Bench share ${index}`,
        },
        dividend: null,
      },
      MARKET_TIME.getTime() - 7 * 86_400_000,
    );
  }
  if (marginClassOf(market.instrumentOf(symbolOf(0))).marginClass !== 'large_cap')
    throw new Error('the bench shares are not large caps');

  // Prices: scaled by a percentage for named symbols (the service's other callers see the same).
  const factors = new Map<string, bigint>();
  const currentQuote = market.currentQuote.bind(market);
  market.currentQuote = async (symbol: string): Promise<Quote> => {
    const quote = await currentQuote(symbol);
    const percent = factors.get(symbol);
    if (percent === undefined) return quote;
    const scale = (minor: bigint) => (minor * percent) / 100n;
    return {
      ...quote,
      lastMinor: scale(quote.lastMinor),
      openMinor: scale(quote.openMinor),
      highMinor: scale(quote.highMinor),
      lowMinor: scale(quote.lowMinor),
      previousCloseMinor: scale(quote.previousCloseMinor),
      bidMinor: quote.bidMinor === null ? null : scale(quote.bidMinor),
      askMinor: quote.askMinor === null ? null : scale(quote.askMinor),
    };
  };

  // The accounts: SHOCKED_HOLDERS on M0.BR, bought at 125 % of today's price; the others on two of
  // M1.BR … M499.BR each, spread evenly, bought at today's price. About 3,000 EUR a holding.
  const shocked = symbolOf(0);
  factors.set(shocked, 125n);
  const quantityOf = async (symbol: string) =>
    3_000_0000n / (await market.currentQuote(symbol)).lastMinor + 1n;
  const quantities = new Map<string, bigint>();
  for (let index = 0; index < SYMBOLS; index += 1)
    quantities.set(symbolOf(index), await quantityOf(symbolOf(index)));
  const accounts: BulkHolding[][] = [];
  for (let index = 0; index < SHOCKED_HOLDERS; index += 1)
    accounts.push([{ symbol: shocked, quantity: quantities.get(shocked)!, leverageHundredths: 200 }]);
  for (let index = 0; accounts.length < ACCOUNTS; index += 1) {
    const holdings: BulkHolding[] = [];
    for (let k = 0; k < SYMBOLS_PER_OTHER_ACCOUNT; k += 1) {
      const symbol = symbolOf(1 + ((index * SYMBOLS_PER_OTHER_ACCOUNT + k) % (SYMBOLS - 1)));
      holdings.push({ symbol, quantity: quantities.get(symbol)!, leverageHundredths: 200 });
    }
    accounts.push(holdings);
  }
  const staff = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from staff_users order by id limit 1`,
  );
  const seedStarted = performance.now();
  const userIds = await seedMarginAccounts(app, db, {
    accounts,
    depositMinor: 2_000_000n,
    staffId: BigInt(staff[0]!.id),
    now: clock.now(),
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  factors.set(shocked, 100n);

  // The index symbol → borrowers, read from the database (also every 30 s on the tick path).
  let started = performance.now();
  await marginLevel.reload();
  const reloadMs = performance.now() - started;

  // Baselines: one indexed read of what one account owes; one account's margin side.
  const readTimes: number[] = [];
  const sideTimes: number[] = [];
  for (let index = 0; index < BASELINE_READS; index += 1) {
    const userId = userIds[(index * 7919) % userIds.length]!;
    started = performance.now();
    await queryRows(
      db,
      sql`select coalesce(sum(case when kind in ('borrow', 'interest') then amount_minor
                                   when kind = 'repay' then -amount_minor else 0 end), 0)::text as owed
          from margin_loan_movements where user_id = ${userId} and currency = 'EUR'`,
    );
    readTimes.push(performance.now() - started);
    started = performance.now();
    await margin.sideNow(userId);
    sideTimes.push(performance.now() - started);
  }

  // The read a tick makes (margin.sidesNow: a symbol's holders' margin sides together, a few
  // set-based statements) against the one it made before (each holder's margin.sideNow, four at a
  // time, about three statements each): the same holders, in alternating order, in this run.
  const sidesTogether: number[] = [];
  const sidesOneByOne: number[] = [];
  for (let index = 0; index < HOLDER_READS; index += 1) {
    const symbol = symbolOf(1 + ((index * 53) % (SYMBOLS - 1)));
    const holders = (
      await queryRows<{ id: string }>(
        db,
        sql`select distinct user_id::text as id from positions where symbol = ${symbol} and state = 'holding'`,
      )
    ).map((row) => BigInt(row.id));
    const together = async () => {
      const at = performance.now();
      await margin.sidesNow(holders);
      sidesTogether.push(performance.now() - at);
    };
    const oneByOne = async () => {
      const at = performance.now();
      let next = 0;
      const worker = async () => {
        for (let userId = holders[next++]; userId !== undefined; userId = holders[next++])
          await margin.sideNow(userId);
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      sidesOneByOne.push(performance.now() - at);
    };
    if (index % 2 === 0) {
      await together();
      await oneByOne();
    } else {
      await oneByOne();
      await together();
    }
  }

  // Every borrower's margin side in one sidesNow (what a node's evaluation covers when nearly every
  // symbol has ticked since the last, as on the real quote stream).
  started = performance.now();
  const everySide = await margin.sidesNow(userIds);
  const everySideMs = performance.now() - started;

  // Ticks on the other symbols, at unchanged prices (no call, no liquidation): the latency from the
  // tick to every holder's level recomputed, and how many accounts each tick touched.
  const tickTimes: number[] = [];
  const touched: number[] = [];
  const loadBeforeTicks = loadavg()[0]!;
  const ticksCpu = await cpuSince();
  for (let index = 0; index < TIMED_TICKS; index += 1) {
    const symbol = symbolOf(1 + ((index * 37) % (SYMBOLS - 1)));
    started = performance.now();
    const users = await marginLevel.onQuotes([symbol]);
    tickTimes.push(performance.now() - started);
    touched.push(users.length);
  }
  const loadAfterTicks = loadavg()[0]!;
  const ticksSpent = await ticksCpu();
  const evaluated = touched.reduce((sum, count) => sum + count, 0);
  const calls = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from margin_calls`);

  // The shock: M0.BR 20 % down, one tick; every holder is below the liquidation level.
  factors.set(shocked, 80n);
  const loadBeforeShock = loadavg()[0]!;
  const shockCpu = await cpuSince();
  started = performance.now();
  const shockTouched = await marginLevel.onQuotes([shocked]);
  const shockMs = performance.now() - started;
  const loadAfterShock = loadavg()[0]!;
  const shockSpent = await shockCpu();
  const liquidated = await queryRows<{ done: number; accounts: number; sales: number }>(
    db,
    sql`select count(*) filter (where state = 'done')::int as done, count(distinct user_id)::int as accounts,
          (select count(*)::int from margin_liquidation_sales) as sales
        from margin_liquidations`,
  );
  const ledgerReport = await verifyLedger(db);

  const baseline = { p50: percentile(readTimes, 50), p99: percentile(readTimes, 99) };
  const side = { p50: percentile(sideTimes, 50), p99: percentile(sideTimes, 99) };
  const together = { p50: percentile(sidesTogether, 50), p99: percentile(sidesTogether, 99) };
  const oneByOne = { p50: percentile(sidesOneByOne, 50), p99: percentile(sidesOneByOne, 99) };
  const tick = {
    p50: percentile(tickTimes, 50),
    p99: percentile(tickTimes, 99),
    max: Math.max(...tickTimes),
  };
  const result = liquidated[0]!;
  console.log(
    `\nMargin levels (PostgreSQL, ${ACCOUNTS} margin accounts over ${SYMBOLS} symbols${isSmoke ? ', smoke' : ''})`,
  );
  console.log(
    `seeded in ${seedSeconds.toFixed(0)} s; index reload (borrowers and what they hold) ${ms(reloadMs)} ms`,
  );
  console.log('| measure | p50 ms | p99 ms | ratio p50 / p99 to the baseline |');
  console.log('|---|---|---|---|');
  console.log(
    `| one indexed read of what an account owes (baseline) | ${ms(baseline.p50)} | ${ms(baseline.p99)} | 1 / 1 |`,
  );
  console.log(
    `| one account's margin side (margin.sideNow) | ${ms(side.p50)} | ${ms(side.p99)} | ${(side.p50 / baseline.p50).toFixed(1)} / ${(side.p99 / baseline.p99).toFixed(1)} |`,
  );
  console.log(
    `| a symbol's holders' margin sides, one by one, 4 at a time (the read before 78b467d; ${HOLDER_READS} symbols) | ${ms(oneByOne.p50)} | ${ms(oneByOne.p99)} | ${(oneByOne.p50 / baseline.p50).toFixed(1)} / ${(oneByOne.p99 / baseline.p99).toFixed(1)} |`,
  );
  console.log(
    `| the same holders' margin sides together (margin.sidesNow, a tick's read) | ${ms(together.p50)} | ${ms(together.p99)} | ${(together.p50 / baseline.p50).toFixed(1)} / ${(together.p99 / baseline.p99).toFixed(1)} |`,
  );
  console.log(
    `| tick → margin level updated (${TIMED_TICKS} ticks) | ${ms(tick.p50)} | ${ms(tick.p99)} | ${(tick.p50 / baseline.p50).toFixed(1)} / ${(tick.p99 / baseline.p99).toFixed(1)} |`,
  );
  console.log(
    `every account's margin side in one margin.sidesNow (${everySide.size} accounts): ${ms(everySideMs)} ms`,
  );
  console.log(
    `accounts touched per tick: p50 ${percentile(touched, 50)}, max ${Math.max(...touched)} of ${ACCOUNTS} (each of those symbols is held by ${(((ACCOUNTS - SHOCKED_HOLDERS) * SYMBOLS_PER_OTHER_ACCOUNT) / (SYMBOLS - 1)).toFixed(1)} accounts on average); tick max ${ms(tick.max)} ms; calls opened ${calls[0]!.count}; load average ${loadBeforeTicks.toFixed(2)} before, ${loadAfterTicks.toFixed(2)} after`,
  );
  console.log(
    `shock: ${shocked} −20 %, one tick touched ${shockTouched.length} accounts and liquidated ${result.done} (${result.accounts} accounts, ${result.sales} sales) in ${ms(shockMs)} ms (${ms(shockMs / Math.max(1, result.done))} ms an account, ${(shockMs / baseline.p50).toFixed(0)}× the baseline p50); load average ${loadBeforeShock.toFixed(2)} before, ${loadAfterShock.toFixed(2)} after`,
  );
  console.log(
    `CPU per account: recomputed on a tick ${(ticksSpent.processMs / evaluated).toFixed(2)} ms here + ${(ticksSpent.databaseMs / evaluated).toFixed(2)} ms PostgreSQL; liquidated ${(shockSpent.processMs / Math.max(1, result.done)).toFixed(2)} ms + ${(shockSpent.databaseMs / Math.max(1, result.done)).toFixed(2)} ms`,
  );
  console.log(
    `targets: tick → level p99 <= ${TARGET_P99_MS} ms; ${SHOCKED_HOLDERS} liquidated <= ${TARGET_SHOCK_MS} ms. Ledger verifies: ${ledgerReport.isOk}`,
  );
  if (
    result.done !== SHOCKED_HOLDERS ||
    result.sales !== SHOCKED_HOLDERS ||
    calls[0]!.count !== 0 ||
    !ledgerReport.isOk
  ) {
    failure =
      'margin levels are broken: liquidations missing or doubled, a call opened, or the ledger does not verify';
  } else if (!isSmoke && (tick.p99 > TARGET_P99_MS || shockMs > TARGET_SHOCK_MS)) {
    failure = 'target missed';
  }
} finally {
  await app.close();
  await database.close();
  await admin(`drop database if exists ${databaseName} with (force)`);
}
if (failure) {
  console.error(failure);
  process.exitCode = 1;
}
