import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import type { Clock } from '../apps/server/src/core/clock';
import { createLocalBus } from '../apps/server/src/core/invalidation-bus';
import { cryptoRandom } from '../apps/server/src/core/random';
import { openDatabase } from '../apps/server/src/db/database';
import { createFundedUser } from '../apps/server/src/ledger/ledger-test-support';
import { verifyLedger } from '../apps/server/src/ledger/ledger-verify';
import { createLedgerService } from '../apps/server/src/ledger/ledger.service';
import { buildCatalogue, type CatalogueEntry } from '../apps/server/src/market/instruments';
import type { Quote, Tick } from '../apps/server/src/market/provider';
import { onTickedSymbols } from '../apps/server/src/market/ticked-symbols';
import { MarketSimulator } from '../apps/server/src/market/simulator';
import { createMarketService } from '../apps/server/src/modules/market/market.service';
import { createServices } from '../apps/server/src/services';
import { tradableInstrument } from '../apps/server/src/modules/trading/order-ticket';
import { computeTradeCosts } from '../apps/server/src/modules/trading/trade-costs';
import { orders } from '../apps/server/src/modules/trading/trading.tables';
import { createTradingService } from '../apps/server/src/modules/trading/trading.service';
import { tradingAsset } from '../apps/server/src/modules/trading/trading-asset';
import { isSmoke } from './lib/processes';

// Issue 11 target: 100,000 resting limit/stop orders over 500 symbols; a tick on one symbol finds
// its crossed orders without scanning the others; tick → fill committed p99 <= 50 ms with 1,000
// crossings per second. On a fresh PostgreSQL database, in this process.
//
// What is real: the trading service as the server builds it (its in-memory per-symbol index, its
// reload from the database, the claim with SKIP LOCKED, the fill through the ledger), the ledger,
// the users' funded cash accounts. What the bench supplies:
// - The market: the simulator's catalogue has 123 tradable symbols, so the bench builds 500
//   Euronext shares (B0.BR … B499.BR, copies of the Brussels shares with their calendar, fees and
//   TOB class) and scripts their quotes (it is the market: it sets each symbol's ask, bid and last
//   price at each tick). Quotes are read through the real market service.
// - The orders: inserted as placeInTransaction writes them (the order row, its ledger hold of
//   the cash the order would reserve, the hold's id on the order) in batches (see insertAll),
//   without the ticket checks of POST /trade/place (which the placement bench measures). All are buys: limit
//   buys below the price and stop buys above it (sells would need share holdings first).
// - The ticks: they reach trading.onQuotes(symbols) through onTickedSymbols, wired as
//   trading.routes.ts wires it on the quote stream (ticks that arrive while an evaluation runs are
//   coalesced into the next one).
//
// Latency of a fill: from the tick that crossed it to the end of the evaluation that filled it
// (onQuotes resolves after every fill of its batch has committed): an upper bound for each fill.

const MARKET_TIME = new Date('2026-11-20T10:00:00Z'); // Friday, Brussels 11:00: Euronext open
const SYMBOLS = isSmoke ? 20 : 500;
const ORDERS = isSmoke ? 2_000 : 100_000;
const USERS = isSmoke ? 50 : 2_000;
/**
 * Seconds of crossings at the target rate, twice: each symbol ticks once a second and each tick
 * crosses CROSSINGS_PER_TICK. The index reads every pending order every 5 minutes (beside the
 * ticks): the first round has no such read (as 29.7 s of every 30 s of a node), the second has one,
 * started halfway through (the worst 30 s of every 5 minutes).
 */
const ROUNDS = isSmoke ? 2 : 30;
/** Seconds of crossings at a tenth of the rate, first. */
const LOW_ROUNDS = isSmoke ? 2 : 10;
const CROSSINGS_PER_TICK = 2;
const INSERT_CONCURRENCY = 16;
const INSERT_BATCH = 1_000;
const TIMED_TICKS = isSmoke ? 50 : 500;
const SINGLE_BOOK_FILLS = isSmoke ? 5 : 20;
const TARGET_P99_MS = 50;
const CENT = 100n; // prices at scale 4
// The ask falls 0.02 a round: after the 70 rounds (10 + 30 + 30) it is 1.40 under the start, above
// every other limit buy (at least 7 % under, 1.41 for the cheapest share): only the ladder crosses.
const STEP = 2n * CENT;

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

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight. */
async function inParallel(count: number, concurrency: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
}

// 500 Euronext shares, each a copy of a Brussels share under its own symbol, with a starting price
// of 20.00 to 59.60 (whole cents) so that a share of each costs about the same to reserve.
const brussels = buildCatalogue().filter(
  (entry) => entry.instrument.market === 'frank' && entry.instrument.kind === 'stock',
);
const basePrice = (index: number) => 20_0000n + BigInt(index % 100) * 40n * CENT;
const catalogue: CatalogueEntry[] = Array.from({ length: SYMBOLS + 1 }, (_, index) => {
  const model = brussels[index % brussels.length]!;
  return {
    instrument: {
      ...model.instrument,
      symbol: `B${index}.BR`,
      code: `B${index}`,
      name: `Bench share ${index}`,
      startPriceMinor: basePrice(index),
    },
    dividend: null,
  };
});
/** B{SYMBOLS}.BR: a symbol outside the 500, for the single-order book baseline. */
const singleSymbol = `B${SYMBOLS}.BR`;

/** The simulator with the bench's prices: the bench sets the ask; bid and last sit just under it. */
class ScriptedMarket extends MarketSimulator {
  readonly asks = new Map<string, bigint>();
  private readonly now: () => Date;
  constructor(options: ConstructorParameters<typeof MarketSimulator>[0]) {
    super(options);
    this.now = () => options.clock.now();
  }
  override async quote(symbol: string): Promise<Quote> {
    const ask = this.asks.get(symbol);
    if (ask === undefined) return super.quote(symbol);
    const previousClose = basePrice(Number(symbol.slice(1, -3)));
    return {
      symbol,
      lastMinor: ask - CENT,
      openMinor: previousClose,
      highMinor: previousClose,
      lowMinor: ask - CENT,
      previousCloseMinor: previousClose,
      volume: 0n,
      turnoverMinor: 0n,
      bidMinor: ask - 2n * CENT,
      askMinor: ask,
      marketCapMinor: null,
      session: 'regular',
      source: 'Bench (scripted quotes)',
      delayMs: 0,
      timestamp: this.now(),
    };
  }
  override async quotes(symbols: readonly string[]): Promise<Quote[]> {
    return Promise.all(symbols.map((symbol) => this.quote(symbol)));
  }
}

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
// The server's injectable clock, at real speed from MARKET_TIME. The index reloads every pending
// order from the database every 30 s (beside the ticks, once the first load is done); the bench
// reloads it itself after inserting orders directly (`reloadRestingOrders`), and times that.
const clockOffsetMs = MARKET_TIME.getTime() - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + clockOffsetMs) };
/**
 * The services and the trading service on the bench database; the database is dropped if this
 * fails. The services are built as the server builds them (`createServices`) but without the app
 * around them: the app would wire its own trading service to its own quote stream, and that second
 * trading service would reload every pending order of the bench every 30 s too (a node runs one).
 */
const setUp = async () => {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'warn' });
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl.toString() });
  const { db } = database;
  const bus = createLocalBus();
  const services = createServices({ config, db, clock, random: cryptoRandom, bus });
  // The trading service's own ledger service (the services' one already has the trading module as
  // the follower of its expired holds); the same code on the same database.
  const ledger = createLedgerService({ clock });
  const { identity, restrictions, fundPassword, users, messages } = services;
  await ledger.ensureHouseAccounts(db);
  const scripted = new ScriptedMarket({ clock, seed: 1, catalogue });
  const market = createMarketService({ db, clock, provider: scripted });
  const trading = createTradingService({
    db,
    clock,
    ledger,
    market,
    identity,
    restrictions,
    fundPassword,
    users,
    messages,
    trading: config.trading,
    fxSpreadBasisPoints: config.funds.fxSpreadBasisPoints,
  });
  return { config, database, db, bus, ledger, scripted, market, trading };
};
const { config, database, db, bus, ledger, scripted, market, trading } = await setUp().catch(
  async (error: unknown) => {
    await admin(`drop database if exists ${databaseName} with (force)`);
    throw error;
  },
);
for (let index = 0; index <= SYMBOLS; index += 1) scripted.asks.set(`B${index}.BR`, basePrice(index));

let failure: string | null = null;
try {
  const setupStarted = performance.now();
  const userIds: bigint[] = [];
  await inParallel(USERS, INSERT_CONCURRENCY, async () => {
    userIds.push(await createFundedUser(db, ledger, { EUR: 1_000_000_00n }));
  });
  const closesAt = new Date('2026-11-20T16:30:00Z');

  type Spec = { symbolIndex: number; type: 'limit' | 'stop'; priceMinor: bigint; userId: bigint };
  /** The order row of one resting buy of 1 share, as placeInTransaction writes it (hold id after). */
  const orderValues = (spec: Spec) => {
    const instrument = market.instrumentOf(`B${spec.symbolIndex}.BR`);
    const tradable = tradableInstrument(instrument, config.trading);
    const costs = computeTradeCosts({
      side: 'buy',
      quantityMinor: 1n,
      quantityScale: 0,
      priceMinor: spec.priceMinor,
      tradeCurrency: 'EUR',
      payCurrency: 'EUR',
      fee: tradable.fee,
      tob: { class: instrument.tobClass, ...config.trading.tob[instrument.tobClass] },
      eurUsd: null,
      fxSpreadBasisPoints: config.funds.fxSpreadBasisPoints,
    });
    // As reserveOf: a limit freezes the total at its limit; a stop adds the market-buy buffer.
    const reservedMinor =
      spec.type === 'limit'
        ? costs.totalPayMinor
        : costs.totalPayMinor +
          (costs.totalPayMinor * BigInt(config.trading.marketBuyBufferBasisPoints) + 9_999n) / 10_000n;
    const now = clock.now();
    return {
      userId: spec.userId,
      symbol: instrument.symbol,
      asset: tradingAsset(instrument),
      market: tradable.market,
      currency: tradable.currency,
      payCurrency: 'EUR' as const,
      side: 'buy' as const,
      type: spec.type,
      timeInForce: 'day' as const,
      quantityMinor: 1n,
      quantityScale: 0,
      limitPriceMinor: spec.type === 'limit' ? spec.priceMinor : null,
      stopPriceMinor: spec.type === 'stop' ? spec.priceMinor : null,
      isQueuedForOpen: false,
      state: 'pending' as const,
      reservedMinor,
      expiresAt: closesAt,
      idempotencyKey: `bench:${randomBytes(8).toString('hex')}`,
      requestHash: 'bench',
      createdAt: now,
      updatedAt: now,
    };
  };
  /**
   * Inserts resting orders in batches: the order rows in one INSERT per batch, then each order's
   * ledger hold through the ledger service (INSERT_CONCURRENCY at a time, each its own transaction),
   * then the hold ids onto the orders in one UPDATE per batch. The same rows and holds as a
   * placement, without its ticket checks and without one transaction around the three.
   */
  const insertAll = async (specs: readonly Spec[]) => {
    for (let offset = 0; offset < specs.length; offset += INSERT_BATCH) {
      const batch = specs.slice(offset, offset + INSERT_BATCH).map(orderValues);
      const inserted = await db.insert(orders).values(batch).returning({ id: orders.id });
      const holdIds: bigint[] = [];
      await inParallel(inserted.length, INSERT_CONCURRENCY, async (index) => {
        const order = inserted[index]!;
        const values = batch[index]!;
        const { holdId } = await ledger.hold(db, {
          idempotencyKey: `order:${order.id}:hold`,
          userId: values.userId,
          asset: 'EUR',
          amountMinor: values.reservedMinor,
          source: { type: 'order', id: order.id.toString() },
          memo: `Buy order ${order.id}: 1 ${values.symbol} (${values.type})`,
        });
        holdIds[index] = holdId;
      });
      const pairs = inserted.map((order, index) => sql`(${order.id}::bigint, ${holdIds[index]!}::bigint)`);
      await db.execute(
        sql`update orders set hold_id = pairs.hold_id from (values ${sql.join(pairs, sql`, `)}) as pairs (order_id, hold_id) where orders.id = pairs.order_id`,
      );
    }
  };

  // Per symbol: the ladder (CROSSINGS_PER_TICK limit buys at each of price − k × 0.02 for the k-th
  // round: round k's tick crosses exactly them), the rest limit buys 7–10 % under the price and
  // stop buys 3–8 % above it (never crossed in this run).
  const perSymbol = Math.floor(ORDERS / SYMBOLS);
  const ladderSize = (LOW_ROUNDS + 2 * ROUNDS) * CROSSINGS_PER_TICK;
  let ladderUser = 0;
  const specsOf = (symbolIndex: number): Spec[] => {
    const price = basePrice(symbolIndex);
    const specs: Spec[] = [];
    for (let index = 0; index < perSymbol; index += 1) {
      if (index < ladderSize) {
        const round = BigInt(Math.floor(index / CROSSINGS_PER_TICK) + 1);
        // Consecutive crossings belong to different users (a user's fills take turns on their cash).
        specs.push({
          symbolIndex,
          type: 'limit',
          priceMinor: price - round * STEP,
          userId: userIds[ladderUser++ % USERS]!,
        });
        continue;
      }
      const fraction = BigInt(index % 100);
      const userId = userIds[(symbolIndex * perSymbol + index) % USERS]!;
      specs.push(
        index % 2 === 0
          ? {
              symbolIndex,
              type: 'limit',
              priceMinor: ((price * (9_000n + 3n * fraction)) / 10_000n / CENT) * CENT,
              userId,
            }
          : {
              symbolIndex,
              type: 'stop',
              priceMinor: ((price * (10_300n + 5n * fraction)) / 10_000n / CENT) * CENT,
              userId,
            },
      );
    }
    return specs;
  };

  /** Times `count` evaluations of a tick on `symbol` that crosses nothing (ms per tick). */
  const timeTicks = async (symbol: string, count: number) => {
    const times: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const started = performance.now();
      const filled = await trading.onQuotes([symbol]);
      times.push(performance.now() - started);
      if (filled !== 0) throw new Error(`a tick that crosses nothing filled ${filled} on ${symbol}`);
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };

  // 1. Baselines, before the book is loaded. (a) A tick on a symbol with no orders. (b) A single-order
  // book: one crossing limit at a time on its own symbol, tick → fill committed.
  const firstLoad = performance.now();
  await trading.onQuotes(['B0.BR']); // the first evaluation reads the (empty) book
  const emptyReloadMs = performance.now() - firstLoad;
  const emptyTick = await timeTicks('B0.BR', TIMED_TICKS);
  // The single-order book: a ladder of limits on its own symbol; round k's ask crosses the k-th only.
  const singlePrice = basePrice(SYMBOLS);
  await insertAll(
    Array.from({ length: SINGLE_BOOK_FILLS }, (_, index) => ({
      symbolIndex: SYMBOLS,
      type: 'limit' as const,
      priceMinor: singlePrice - BigInt(index + 1) * STEP,
      userId: userIds[index % USERS]!,
    })),
  );
  await trading.reloadRestingOrders();
  const singleLatencies: number[] = [];
  for (let round = 1; round <= SINGLE_BOOK_FILLS; round += 1) {
    scripted.asks.set(singleSymbol, singlePrice - BigInt(round) * STEP);
    const tickAt = performance.now();
    const count = await trading.onQuotes([singleSymbol]);
    singleLatencies.push(performance.now() - tickAt);
    if (count !== 1) throw new Error(`the single-order book filled ${count} at round ${round}, not 1`);
  }

  // 2. One symbol's book alone, then with every other symbol's: time a tick on B0.BR each time.
  const b0 = specsOf(0);
  await insertAll(b0);
  let started = performance.now();
  await trading.reloadRestingOrders();
  const aloneReloadMs = performance.now() - started;
  const aloneTick = await timeTicks('B0.BR', TIMED_TICKS);

  const insertStarted = performance.now();
  const rest: Spec[] = [];
  for (let symbolIndex = 1; symbolIndex < SYMBOLS; symbolIndex += 1) rest.push(...specsOf(symbolIndex));
  await insertAll(rest);
  const insertSeconds = (performance.now() - insertStarted) / 1000;
  const restingTotal = b0.length + rest.length;
  started = performance.now();
  await trading.reloadRestingOrders();
  const fullReloadMs = performance.now() - started;
  const fullTick = await timeTicks('B0.BR', TIMED_TICKS);
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // 3. Crossings. The ticking symbols each tick once a second, spread evenly over the second; at
  // its k-th tick a symbol's ask falls to price − k × 0.02 and crosses its CROSSINGS_PER_TICK
  // ladder orders of that level. First a tenth of the symbols (a tenth of the rate, which the
  // node can keep up with), then all of them (the target's 1,000 crossings a second).
  const level = new Map<number, number>();
  const crossFor = async (
    tickingSymbols: number,
    seconds: number,
    options: { wholeReadAtS?: number } = {},
  ) => {
    const schedule: Array<{ atMs: number; symbolIndex: number }> = [];
    for (let second = 0; second < seconds; second += 1)
      for (let symbolIndex = 0; symbolIndex < tickingSymbols; symbolIndex += 1)
        schedule.push({ atMs: second * 1000 + (symbolIndex * 1000) / tickingSymbols, symbolIndex });
    const tickedAt = new Map<string, number[]>();
    const latencies: number[] = [];
    /** Each fill's latency under the second of the round its tick came in (where the tail is). */
    const bySecond: number[][] = Array.from({ length: seconds }, () => []);
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    const batchSizes: number[] = [];
    let filled = 0;
    // The ticks reach trading.onQuotes through onTickedSymbols, as trading.routes.ts wires it
    // (coalesced per turn, one evaluation at a time).
    const tickListeners = new Set<(tick: Tick) => void>();
    const evaluationTimes: number[] = [];
    const failures: unknown[] = [];
    let running = 0;
    const stopTicks = onTickedSymbols(
      {
        onTick: (listener) => {
          tickListeners.add(listener);
          return () => tickListeners.delete(listener);
        },
      },
      async (symbols) => {
        running += 1;
        const ticks = symbols.map((symbol) => {
          const times = tickedAt.get(symbol) ?? [];
          tickedAt.set(symbol, []);
          return times;
        });
        batchSizes.push(symbols.length);
        try {
          const evaluationStarted = performance.now();
          const count = await trading.onQuotes(symbols);
          const endedAt = performance.now();
          evaluationTimes.push(endedAt - evaluationStarted);
          filled += count;
          for (const times of ticks)
            for (const at of times)
              for (let cross = 0; cross < CROSSINGS_PER_TICK; cross += 1) {
                latencies.push(endedAt - at);
                bySecond[Math.min(seconds - 1, Math.floor((at - crossingStart) / 1000))]?.push(endedAt - at);
              }
        } finally {
          running -= 1;
        }
      },
      (error) => failures.push(error),
    );
    const reloadsBefore = trading.restingReloads();
    const loadBefore = loadavg()[0]!;
    const cpu = await cpuSince();
    const crossingStart = performance.now();
    const startedAt = new Date();
    loopDelay.enable();
    let wholeRead: Promise<void> | null = null;
    let next = 0;
    while (next < schedule.length) {
      const elapsed = performance.now() - crossingStart;
      if (options.wholeReadAtS !== undefined && !wholeRead && elapsed >= options.wholeReadAtS * 1000) {
        // The same read the index starts on its own every 5 minutes, beside the ticks.
        wholeRead = trading.reloadRestingOrders();
      }
      while (next < schedule.length && schedule[next]!.atMs <= elapsed) {
        const { symbolIndex } = schedule[next]!;
        const symbol = `B${symbolIndex}.BR`;
        const reached = (level.get(symbolIndex) ?? 0) + 1;
        level.set(symbolIndex, reached);
        scripted.asks.set(symbol, basePrice(symbolIndex) - BigInt(reached) * STEP);
        tickedAt.set(symbol, [...(tickedAt.get(symbol) ?? []), performance.now()]);
        for (const listener of tickListeners) listener({ symbol } as Tick);
        next += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    while (running > 0 || [...tickedAt.values()].some((times) => times.length > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    stopTicks();
    loopDelay.disable();
    await wholeRead;
    if (failures.length > 0) throw failures[0];
    const crossingSeconds = (performance.now() - crossingStart) / 1000;
    const spent = await cpu();
    return {
      planned: schedule.length * CROSSINGS_PER_TICK,
      perSecond: tickingSymbols * CROSSINGS_PER_TICK,
      seconds,
      filled,
      crossingSeconds,
      latencies,
      bySecond,
      startedAt,
      loopDelayMaxMs: loopDelay.max / 1e6,
      batchSizes,
      evaluationTimes,
      reloads: trading.restingReloads() - reloadsBefore,
      spent,
      loadBefore,
      loadAfter: loadavg()[0]!,
    };
  };
  const low = await crossFor(Math.max(1, Math.floor(SYMBOLS / 10)), LOW_ROUNDS);
  const full = await crossFor(SYMBOLS, ROUNDS);
  const fullWithRead = await crossFor(SYMBOLS, ROUNDS, { wholeReadAtS: ROUNDS / 2 });

  const expectedFills = low.planned + full.planned + fullWithRead.planned;
  const filled = low.filled + full.filled + fullWithRead.filled;
  const counted = await db.execute(
    sql`select count(*) filter (where state = 'filled')::int as filled, count(*) filter (where state = 'pending')::int as pending from orders`,
  );
  const states = (counted as unknown as { rows: Array<{ filled: number; pending: number }> }).rows[0]!;
  const ledgerReport = await verifyLedger(db);

  const p99 = percentile(full.latencies, 99);
  const singleP99 = percentile(singleLatencies, 99);
  console.log(
    `\nResting orders (PostgreSQL, ${restingTotal} resting buys over ${SYMBOLS} symbols, ${USERS} users${isSmoke ? ', smoke' : ''})`,
  );
  console.log(
    `setup ${setupSeconds.toFixed(0)} s; ${rest.length} orders with their holds inserted at ${Math.round(rest.length / insertSeconds)}/s`,
  );
  console.log(
    '| tick on B0.BR, crossing nothing | orders on B0.BR | orders on other symbols | p50 ms | p99 ms |',
  );
  console.log('|---|---|---|---|---|');
  console.log(`| empty book (baseline) | 0 | 0 | ${ms(emptyTick.p50)} | ${ms(emptyTick.p99)} |`);
  console.log(`| one symbol's book | ${b0.length} | 0 | ${ms(aloneTick.p50)} | ${ms(aloneTick.p99)} |`);
  console.log(`| full book | ${b0.length} | ${rest.length} | ${ms(fullTick.p50)} | ${ms(fullTick.p99)} |`);
  console.log(
    `ratio full / one symbol (p50): ${(fullTick.p50 / aloneTick.p50).toFixed(2)}; ratio of orders on the tick's symbol to all: ${(b0.length / restingTotal).toFixed(4)}`,
  );
  console.log(
    `the read of every pending order (every 5 minutes, beside the ticks; timed alone): ${ms(emptyReloadMs)} ms (empty), ${ms(aloneReloadMs)} ms (${b0.length}), ${ms(fullReloadMs)} ms (${restingTotal})`,
  );
  console.log(
    `single-order book, tick → fill committed: p50 ${ms(percentile(singleLatencies, 50))} ms, p99 ${ms(singleP99)} ms (${singleLatencies.length} fills; baseline)`,
  );
  for (const [name, run] of [
    ['a tenth of the symbols', low],
    ['every symbol (target)', full],
    ['every symbol, with a read of every pending order halfway', fullWithRead],
  ] as const) {
    const runP99 = percentile(run.latencies, 99);
    console.log(
      `crossings, ${name}: ${run.planned} planned over ${run.seconds} s (${run.perSecond}/s), ${run.filled} filled in ${run.crossingSeconds.toFixed(1)} s (${Math.round(run.filled / run.crossingSeconds)}/s); evaluations ${run.batchSizes.length}, symbols per evaluation p50 ${percentile(run.batchSizes, 50)} max ${Math.max(...run.batchSizes)}, an evaluation took p50 ${ms(percentile(run.evaluationTimes, 50))} ms p99 ${ms(percentile(run.evaluationTimes, 99))} ms; reads of every pending order during the round: ${run.reloads}`,
    );
    console.log(
      `  tick → fill committed (upper bound): p50 ${ms(percentile(run.latencies, 50))} ms, p99 ${ms(runP99)} ms, max ${ms(Math.max(...run.latencies))} ms; p99 ratio to the single-order book: ${(runP99 / singleP99).toFixed(1)}`,
    );
    const worstSeconds = run.bySecond
      .map((values, second) => ({ second, p99: percentile(values, 99), max: Math.max(...values) }))
      .sort((a, b) => b.p99 - a.p99)
      .slice(0, 3);
    console.log(
      `  the round's seconds (from ${run.startedAt.toISOString().slice(11, 19)} UTC) by p99: median second ${ms(
        percentile(
          run.bySecond.map((values) => percentile(values, 99)),
          50,
        ),
      )} ms; worst ${worstSeconds.map(({ second, p99, max }) => `second ${second}: p99 ${ms(p99)}, max ${ms(max)}`).join('; ')} ms; the event loop's longest delay ${ms(run.loopDelayMaxMs)} ms`,
    );
    console.log(
      `  CPU per fill: this process ${(run.spent.processMs / run.filled).toFixed(2)} ms + PostgreSQL ${(run.spent.databaseMs / run.filled).toFixed(2)} ms (the process also feeds the ticks); load average ${run.loadBefore.toFixed(2)} before, ${run.loadAfter.toFixed(2)} after`,
    );
  }
  console.log(
    `target: tick → fill committed p99 <= ${TARGET_P99_MS} ms at ${SYMBOLS * CROSSINGS_PER_TICK} crossings/s (the round without a read of every pending order)`,
  );
  console.log(
    `orders filled in the database ${states.filled} (expected ${expectedFills + SINGLE_BOOK_FILLS}), pending ${states.pending}; ledger verifies: ${ledgerReport.isOk}`,
  );
  if (filled !== expectedFills || states.filled !== expectedFills + SINGLE_BOOK_FILLS || !ledgerReport.isOk) {
    failure = 'resting orders are broken: fills missing or the ledger does not verify';
  } else if (!isSmoke && p99 > TARGET_P99_MS) {
    failure = 'target missed';
  }
} finally {
  await bus.close();
  await database.close();
  await admin(`drop database if exists ${databaseName} with (force)`);
}
if (failure) {
  console.error(failure);
  process.exitCode = 1;
}
