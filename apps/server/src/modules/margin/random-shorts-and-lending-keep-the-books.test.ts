import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LENDING_RULES, MARGIN_RULES } from '@beurs/contract';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { marginLevelOf } from './margin-level.service';
import {
  breaches,
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  priceScenario,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// Property (issue 16): random sequences of short sales, covers, lenders' buys and sales (which
// recall), opt-ins and opt-outs (an opt-out recalls too), margin buys and sales, borrow fee days,
// recall processing before and after the notice, interest days, capital transfers and random price
// moves (up and down, shocks included) ticked through the margin level keep the books. After every
// step, over every user of every run:
// - ledger:verify and every record check find nothing;
// - no user ledger balance is negative, and the house loan_book holds exactly what the users owe
//   (borrowed + interest − repaid in margin_loan_movements): a debt is never a hidden negative;
// - each user's open short equals their borrows not returned, and each borrow's shares not returned
//   equal its allocations not returned;
// - the pool is never over-lent: what a lender lends, apart from the allocations under recall
//   awaiting their buy-in, is at most their fully paid shares (Trading's `fullyPaidQuantities`);
//   an opted-out lender lends nothing but those; no one lends to themselves;
// - a liquidation is claimed only for an account whose margin level at the tick's quotes was below
//   the liquidation level (the row's level, and the level read just before the tick), and each of
//   its orders is placed while the account is still below its maintenance requirement (a spy on
//   Trading's `placeForRule` and `placeManyForRule` read the margin side just before each liquidation order).
// Prices move by a scenario injected into the market service (tests only). fast-check prints the
// seed and the shrunk sequence.

let testApp: TestApp;
let admin: StaffHeaders;
let scenario: ReturnType<typeof priceScenario>;
let symbols: [string, string];
/** Liquidation orders placed while the account was at or above maintenance (must stay empty). */
const liquidatedAbove: string[] = [];

const FIRST_SESSION = '2026-11-18T09:30:00Z';
const DAY_MS = 86_400_000;
const NOTICE_MS = LENDING_RULES.recallNoticeMinutes * 60_000;
let jobAt = new Date(FIRST_SESSION);

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FIRST_SESSION);
  admin = await adminLogin(testApp);
  const someone = await fundedUser(testApp, admin, '10.00');
  const { largeCaps, standard } = await marginSymbols(testApp, someone);
  symbols = [largeCaps[0]!, standard[0]!];
  for (const symbol of symbols) {
    const saved = await callAdmin(
      testApp,
      '/margin/instrumentSave',
      {
        symbol,
        notMarginable: false,
        initialBasisPoints: null,
        maintenanceBasisPoints: null,
        lendable: true,
        lendingPaused: false,
        reason: 'lending desk',
      },
      admin,
    );
    expect(saved.json().status).toBe(1);
  }
  scenario = priceScenario([testApp]);
  const trading = testApp.app.services.trading;
  const original = trading.placeForRule.bind(trading);
  vi.spyOn(trading, 'placeForRule').mockImplementation(async (userId, ticket, key) => {
    if (key.startsWith('margin-liquidation:')) {
      const side = await testApp.app.services.margin.sideNow(userId);
      const level = marginLevelOf(side.equityEur, side.maintenanceEur);
      if (!level.isBelowMaintenance) liquidatedAbove.push(`${key} at level ${level.levelBasisPoints}`);
    }
    return original(userId, ticket, key);
  });
  // A tick's liquidations place their orders together (margin-liquidation.ts, createBatchLiquidator).
  const originalMany = trading.placeManyForRule.bind(trading);
  vi.spyOn(trading, 'placeManyForRule').mockImplementation(async (placements) => {
    for (const { accountUserId, idempotencyKey } of placements) {
      if (!idempotencyKey.startsWith('margin-liquidation:')) continue;
      const side = await testApp.app.services.margin.sideNow(accountUserId);
      const level = marginLevelOf(side.equityEur, side.maintenanceEur);
      if (!level.isBelowMaintenance)
        liquidatedAbove.push(`${idempotencyKey} at level ${level.levelBasisPoints}`);
    }
    return originalMany(placements);
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await testApp.close();
});

type Who = 'shorter' | 'lenderA' | 'lenderB';
type Step =
  | { kind: 'short'; symbol: 0 | 1; quantity: number }
  | { kind: 'cover'; symbol: 0 | 1; quantity: number }
  | {
      kind: 'lenderTrade';
      lender: 'lenderA' | 'lenderB';
      side: 'buy' | 'sell';
      symbol: 0 | 1;
      quantity: number;
    }
  | { kind: 'optIn'; lender: 'lenderA' | 'lenderB'; lend: boolean }
  | { kind: 'marginBuy'; who: 'shorter' | 'lenderB'; symbol: 0 | 1; quantity: number; leverage: string }
  | { kind: 'feeDays'; days: number }
  | { kind: 'recalls'; afterNotice: boolean }
  | { kind: 'interestDays'; days: number }
  | { kind: 'transfer'; who: 'shorter' | 'lenderB'; toMargin: boolean; euros: number }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'prices'; percents: [number, number] };

const symbolIndex = fc.constantFrom<0 | 1>(0, 1);
const lender = fc.constantFrom<'lenderA' | 'lenderB'>('lenderA', 'lenderB');
// A price move of each symbol: mostly around the levels (a 2× long is liquidated near 66 %, a
// short near +20 %), sometimes a shock either way.
const percent = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 80, max: 125 }) },
  { weight: 1, arbitrary: fc.integer({ min: 40, max: 180 }) },
);

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('short' as const),
      symbol: symbolIndex,
      quantity: fc.integer({ min: 1, max: 25 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cover' as const),
      symbol: symbolIndex,
      quantity: fc.integer({ min: 1, max: 15 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('lenderTrade' as const),
      lender,
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell', 'sell'),
      symbol: symbolIndex,
      quantity: fc.integer({ min: 1, max: 15 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('optIn' as const), lender, lend: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('marginBuy' as const),
      who: fc.constantFrom<'shorter' | 'lenderB'>('shorter', 'lenderB'),
      symbol: symbolIndex,
      quantity: fc.integer({ min: 1, max: 20 }),
      leverage: fc.constantFrom('1.50', '1.66', '2.00'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('feeDays' as const), days: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recalls' as const), afterNotice: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('interestDays' as const),
      days: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      who: fc.constantFrom<'shorter' | 'lenderB'>('shorter', 'lenderB'),
      toMargin: fc.boolean(),
      euros: fc.integer({ min: 1, max: 2_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('minutes' as const), minutes: fc.integer({ min: 1, max: 20 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('prices' as const), percents: fc.tuple(percent, percent) }),
  },
);

type Cast = Record<Who, MarginUser & { id: bigint }>;
/** Every user with a margin account, of every run: the ones a tick may liquidate. */
const marginUsers: bigint[] = [];

async function castForRun(): Promise<Cast> {
  const shorter = await fundedUser(testApp, admin, '6000.00');
  const lenderA = await fundedUser(testApp, admin, '6000.00');
  const lenderB = await fundedUser(testApp, admin, '6000.00');
  await openMargin(testApp, shorter);
  await openMargin(testApp, lenderB);
  // Both lenders hold shares of both symbols paid in cash; A opts in first, B a second later.
  for (const user of [lenderA, lenderB]) {
    for (const symbol of symbols) {
      const bought = await placeOrder(testApp, user, { symbol, side: 'buy', type: 'market', quantity: '12' });
      expect(bought.status).toBe(1);
    }
  }
  expect((await postData(testApp, '/margin/lendingOptIn', { lend: true }, lenderA)).status).toBe(1);
  testApp.clock.advance(1_000);
  expect((await postData(testApp, '/margin/lendingOptIn', { lend: true }, lenderB)).status).toBe(1);
  const cast = {
    shorter: { ...shorter, id: await userIdOf(testApp, shorter) },
    lenderA: { ...lenderA, id: await userIdOf(testApp, lenderA) },
    lenderB: { ...lenderB, id: await userIdOf(testApp, lenderB) },
  };
  marginUsers.push(cast.shorter.id, cast.lenderB.id);
  return cast;
}

const latestLiquidationId = async () =>
  BigInt(
    (
      await queryRows<{ id: string }>(
        testApp.database.db,
        sql`select coalesce(max(id), 0)::text as id from margin_liquidations`,
      )
    )[0]!.id,
  );

async function tick(percents: [number, number]) {
  symbols.forEach((symbol, index) => scenario.set(symbol, BigInt(percents[index]!)));
  const marginLevel = testApp.app.services.marginLevel;
  await marginLevel.reload();
  // The level of every margin account at the quotes the tick uses.
  const below = new Set<bigint>();
  for (const userId of marginUsers) {
    const side = await testApp.app.services.margin.sideNow(userId);
    if (marginLevelOf(side.equityEur, side.maintenanceEur).isBelowLiquidation) below.add(userId);
  }
  const before = await latestLiquidationId();
  await marginLevel.onQuotes(symbols);
  const started = await queryRows<{ user: string; level: number }>(
    testApp.database.db,
    sql`select user_id::text as user, level_basis_points as level from margin_liquidations where id > ${before}`,
  );
  for (const row of started) {
    // Claimed only for an account below the liquidation level at these quotes.
    expect({ user: row.user, wasBelow: below.has(BigInt(row.user)) }).toEqual({
      user: row.user,
      wasBelow: true,
    });
  }
}

async function run(cast: Cast, step: Step) {
  const lending = testApp.app.services.margin.lending;
  switch (step.kind) {
    case 'short':
    case 'cover':
      await placeOrder(testApp, cast.shorter, {
        symbol: symbols[step.symbol],
        side: step.kind === 'short' ? 'sell' : 'buy',
        direction: 'short',
        type: 'market',
        quantity: String(step.quantity),
      });
      return;
    case 'lenderTrade':
      await placeOrder(testApp, cast[step.lender], {
        symbol: symbols[step.symbol],
        side: step.side,
        type: 'market',
        quantity: String(step.quantity),
      });
      return;
    case 'optIn':
      await postData(testApp, '/margin/lendingOptIn', { lend: step.lend }, cast[step.lender]);
      return;
    case 'marginBuy':
      await placeOrder(testApp, cast[step.who], {
        symbol: symbols[step.symbol],
        side: 'buy',
        type: 'market',
        quantity: String(step.quantity),
        leverage: step.leverage,
      });
      return;
    case 'feeDays':
      jobAt = new Date(Math.max(jobAt.getTime(), testApp.clock.now().getTime()) + step.days * DAY_MS);
      await lending.accrueFees(jobAt);
      return;
    case 'interestDays':
      jobAt = new Date(Math.max(jobAt.getTime(), testApp.clock.now().getTime()) + step.days * DAY_MS);
      await testApp.app.services.margin.accrueInterest(jobAt);
      return;
    case 'recalls':
      // The job runs now (before any notice has passed) or once the notice of every recall so far
      // has passed; a buy-in is placed at the clock's time (the venue open).
      if (step.afterNotice) {
        jobAt = new Date(Math.max(jobAt.getTime(), testApp.clock.now().getTime() + NOTICE_MS));
        await lending.processRecalls(jobAt);
      } else {
        await lending.processRecalls(testApp.clock.now());
      }
      return;
    case 'transfer':
      await callWithKey(
        testApp,
        '/margin/transfer',
        { direction: step.toMargin ? 'to_margin' : 'to_cash', currency: 'EUR', amount: `${step.euros}.00` },
        cast[step.who],
      );
      return;
    case 'minutes':
      testApp.clock.advance(step.minutes * 60_000);
      return;
    case 'prices':
      await tick(step.percents);
      return;
  }
}

const rowsOf = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(testApp.database.db, query);

/**
 * What a run must not change: the breaches found before it (none, unless an earlier run failed) and
 * the gap between the house loan_book and what the users owe (zero likewise). A run is judged on
 * what it adds, so that fast-check's shrinking replays a failure of its own rather than an earlier
 * run's leftovers.
 */
type Baseline = { breaches: unknown[]; loanGap: Record<string, bigint>; liquidationsFrom: bigint };

async function loanGap() {
  // What the users owe per currency (borrowed + interest − repaid) against the house loan_book.
  const owed = await rowsOf<{ asset: string; owed: string }>(
    sql`select currency as asset, sum(case kind when 'repay' then -amount_minor
                                              when 'borrow' then amount_minor
                                              when 'interest' then amount_minor else 0 end)::text as owed
        from margin_loan_movements group by currency`,
  );
  const house = await testApp.app.services.ledger.getHouseBalances(testApp.database.db);
  const gap: Record<string, bigint> = {};
  for (const asset of ['EUR', 'USD']) {
    const loanBook = house.find((row) => row.kind === 'loan_book' && row.asset === asset)?.balanceMinor ?? 0n;
    const users = BigInt(owed.find((row) => row.asset === asset)?.owed ?? '0');
    expect(users).toBeGreaterThanOrEqual(0n);
    gap[asset] = -loanBook - users;
  }
  return gap;
}

const baseline = async (): Promise<Baseline> => ({
  breaches: await breaches(testApp),
  loanGap: await loanGap(),
  liquidationsFrom: await latestLiquidationId(),
});

async function expectBooksKept(cast: Cast, before: Baseline) {
  expect(await breaches(testApp)).toEqual(before.breaches);
  // No user balance below zero (the schema forbids it; a debt lives on the house's books), and the
  // house loan_book is exactly what the users owe.
  expect(
    await rowsOf(
      sql`select owner_user_id::text as user, kind, asset from ledger_accounts
          where owner_user_id is not null and balance_minor < 0`,
    ),
  ).toEqual([]);
  expect(await loanGap()).toEqual(before.loanGap);
  const users = [cast.shorter.id, cast.lenderA.id, cast.lenderB.id];
  const ids = sql.join(
    users.map((id) => sql`${id}`),
    sql`, `,
  );
  // Each user's open short = their borrows not returned (per symbol).
  expect(
    await rowsOf(
      sql`with shorts as (
            select user_id, symbol, sum(quantity_minor) as quantity from positions
            where direction = 'short' and state = 'holding' and user_id in (${ids}) group by user_id, symbol),
          borrowed as (
            select user_id, symbol, sum(quantity_minor - returned_minor) as quantity
            from securities_borrows where user_id in (${ids}) group by user_id, symbol)
          select coalesce(s.user_id, b.user_id)::text as user, coalesce(s.symbol, b.symbol) as symbol,
                 coalesce(s.quantity, 0)::text as short, coalesce(b.quantity, 0)::text as borrowed
          from shorts s full join borrowed b on b.user_id = s.user_id and b.symbol = s.symbol
          where coalesce(s.quantity, 0) <> coalesce(b.quantity, 0)`,
    ),
  ).toEqual([]);
  // Each borrow's shares not returned = its allocations not returned; no one lends to themselves.
  expect(
    await rowsOf(
      sql`select b.id::text as borrow, (b.quantity_minor - b.returned_minor)::text as open,
                 coalesce(sum(a.quantity_minor - a.returned_minor), 0)::text as allocated
          from securities_borrows b left join securities_loan_allocations a on a.borrow_id = b.id
          where b.user_id in (${ids})
          group by b.id
          having b.quantity_minor - b.returned_minor <> coalesce(sum(a.quantity_minor - a.returned_minor), 0)`,
    ),
  ).toEqual([]);
  expect(
    await rowsOf(
      sql`select a.id::text as allocation from securities_loan_allocations a
          join securities_borrows b on b.id = a.borrow_id
          where a.lender_user_id = b.user_id and a.returned_minor < a.quantity_minor and b.user_id in (${ids})`,
    ),
  ).toEqual([]);
  // The pool is never over-lent: what a lender lends, apart from the allocations under recall
  // awaiting their buy-in, is at most their fully paid shares; an opted-out lender lends nothing else.
  const lent = await rowsOf<{ lender: string; symbol: string; lent: string; optedIn: boolean }>(
    sql`select a.lender_user_id::text as lender, a.symbol,
               sum(a.quantity_minor - a.returned_minor)::text as lent,
               coalesce(p.opted_out_at is null and p.user_id is not null, false) as "optedIn"
        from securities_loan_allocations a
        left join lending_participants p on p.user_id = a.lender_user_id
        where a.returned_minor < a.quantity_minor and a.lender_user_id in (${ids})
          and not (a.recalled_at is not null and a.recall_outcome is null)
        group by a.lender_user_id, a.symbol, p.user_id, p.opted_out_at`,
  );
  for (const row of lent) {
    const paid = await testApp.app.services.trading.fullyPaidQuantities(testApp.database.db, row.symbol, [
      BigInt(row.lender),
    ]);
    const fullyPaid = paid.get(BigInt(row.lender)) ?? 0n;
    expect({ ...row, fullyPaid, isWithin: BigInt(row.lent) <= fullyPaid && row.optedIn }).toEqual({
      ...row,
      fullyPaid,
      isWithin: true,
    });
  }
  // Every liquidation of the run was claimed below the liquidation level, and sold only below
  // the maintenance requirement.
  expect(
    await rowsOf(sql`select id::text as id, level_basis_points as level from margin_liquidations
                     where id > ${before.liquidationsFrom} and level_basis_points >= ${MARGIN_RULES.liquidationLevelBasisPoints}`),
  ).toEqual([]);
  expect(liquidatedAbove).toEqual([]);
}

describe('random shorts, lending, recalls, prices and liquidations', () => {
  it('keep the ledger balanced, the pool within what is fully paid, and liquidate only below the level', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 16 }), async (steps) => {
        // Each run: the same session (Wednesday 09:30 UTC; the jobs run as on later days), a new
        // cast, prices back at the simulator's.
        testApp.clock.set(FIRST_SESSION);
        jobAt = new Date(FIRST_SESSION);
        for (const symbol of symbols) scenario.clear(symbol);
        liquidatedAbove.length = 0;
        const before = await baseline();
        const cast = await castForRun();
        let isDone = false;
        try {
          for (const step of steps) {
            await run(cast, step);
            await expectBooksKept(cast, before);
          }
          isDone = true;
        } finally {
          // The run's lenders leave the pool (recalling what they lend) and the recalls are bought
          // in once the notice has passed, so a later run (a shrunk replay too) borrows from its
          // own lenders only.
          for (const who of ['lenderA', 'lenderB'] as const) {
            await postData(testApp, '/margin/lendingOptIn', { lend: false }, cast[who]);
          }
          if (isDone) await expectBooksKept(cast, before);
          jobAt = new Date(Math.max(jobAt.getTime(), testApp.clock.now().getTime() + NOTICE_MS));
          await testApp.app.services.margin.lending.processRecalls(jobAt);
        }
        await expectBooksKept(cast, before);
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 10),
        verbose: true,
        // Always among the runs: a lender's sale and an opt-out recalling, with a buy-in after the
        // notice, then a short and a long shocked; a short called but not liquidated (17 % up: a
        // level near 92 %); a short and a 1.50× long where covering the short (the largest loss)
        // brings the account back above maintenance, so the long is not sold.
        examples: [
          [
            [
              { kind: 'short', symbol: 0, quantity: 20 },
              { kind: 'prices', percents: [117, 100] },
              { kind: 'prices', percents: [100, 100] },
            ],
          ],
          [
            [
              { kind: 'short', symbol: 0, quantity: 20 },
              { kind: 'marginBuy', who: 'shorter', symbol: 1, quantity: 2, leverage: '1.50' },
              { kind: 'prices', percents: [140, 100] },
            ],
          ],
          [
            [
              { kind: 'short', symbol: 0, quantity: 20 },
              { kind: 'marginBuy', who: 'lenderB', symbol: 1, quantity: 15, leverage: '1.66' },
              { kind: 'lenderTrade', lender: 'lenderA', side: 'sell', symbol: 0, quantity: 10 },
              { kind: 'optIn', lender: 'lenderB', lend: false },
              { kind: 'feeDays', days: 2 },
              { kind: 'recalls', afterNotice: false },
              { kind: 'prices', percents: [110, 90] },
              { kind: 'recalls', afterNotice: true },
              { kind: 'prices', percents: [135, 55] },
            ],
          ],
        ],
      },
    );
  }, 600_000);
});
