import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyLedger } from '../../ledger/ledger-verify';
import { DEFAULT_PASSWORD, buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { NAV_FACTOR, managementFee, performanceFee, strike } from './strategy-math';

// NAV × units against the strategy account, as properties.
//
// Through the server: random days of follows and redemptions by three followers on both published
// strategies, each day run by the job (the rule's trades through the order engine, the fees, the
// NAV, the requests settled). After every strike, read back from the database and the ledger:
// - NAV = value ÷ units at the strike, to its last digit (nav × units ≤ value × F < (nav + 1) × units);
// - after the day's follows and redemptions, the account's value from the ledger (cash + shares at
//   the day's prices) equals the NAV row's value after them, and NAV × units never exceeds it, by
//   less than one unit's rounding per request settled;
// - the followers' units add up to the strategy's units;
// - each fee is at most its published rate (management: value × rate × days / 365; performance:
//   rate × gain per unit above the high-water mark × units).
// And on the arithmetic alone, many more runs of the same bounds.

let testApp: TestApp;
type User = { token: string; account: string };
const followers: User[] = [];
const DAY = 24 * 60 * 60 * 1000;
let day = Date.parse('2026-11-22T15:01:00Z'); // Sunday, 16:01 in Brussels: the first day run is Monday's

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-23T10:00:00Z');
  const admin = await adminLogin(testApp);
  for (let index = 0; index < 3; index += 1) followers.push(await fundedUser(testApp, admin, '40000.00'));
}, 120_000);
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const rows = (query: string) => queryRows<Record<string, unknown>>(testApp.database.db, sql.raw(query));
const big = (value: unknown) => BigInt(String(value));

type Action = {
  follower: number;
  strategy: number;
  kind: 'follow' | 'redeem';
  amount: number;
  share: number;
};

const action = fc.record({
  follower: fc.integer({ min: 0, max: 2 }),
  strategy: fc.integer({ min: 0, max: 1 }),
  kind: fc.constantFrom('follow' as const, 'follow' as const, 'redeem' as const),
  amount: fc.integer({ min: 100, max: 2_500 }),
  share: fc.integer({ min: 1, max: 100 }),
});

async function nextTradingDay() {
  do {
    day += DAY;
  } while ([0, 6].includes(new Date(day).getUTCDay()));
  // Sessions end as the days pass: each follower signs in again on the new day.
  testApp.clock.set(new Date(day - 4 * 60 * 60 * 1000).toISOString());
  for (const follower of followers) {
    const answer = (
      await call(testApp.app, '/user/login', { account: follower.account, password: DEFAULT_PASSWORD })
    ).json();
    follower.token = answer.data.token as string;
  }
}

async function act(ids: string[], item: Action) {
  const user = followers[item.follower]!;
  const id = ids[item.strategy]!;
  if (item.kind === 'follow') {
    const answer = (
      await callWithKey(testApp, '/strategy/follow', { id, amount: `${item.amount}.00` }, user)
    ).json();
    expect(answer.status, JSON.stringify(answer)).toBe(1);
    return;
  }
  const holding = (await post('/strategy/mine', {}, user)).data.holdings.find(
    (row: { strategyId: string }) => row.strategyId === id,
  );
  if (!holding) return;
  const free = big(holding.units.replace('.', '')) - big(holding.unitsRedeeming.replace('.', ''));
  const units = (free * BigInt(item.share)) / 100n;
  if (units <= 0n) return;
  const text = `${units / 10_000n}.${(units % 10_000n).toString().padStart(4, '0')}`;
  const answer = (await callWithKey(testApp, '/strategy/redeem', { id, units: text }, user)).json();
  expect(answer.status, JSON.stringify(answer)).toBe(1);
}

async function checkStrikes(date: string) {
  const navs = await rows(
    `select s.code, s.id::text as strategy_id, s.units_minor::text as strategy_units, s.management_basis_points as mbp,
            s.performance_basis_points as pbp, n.*
       from strategy_navs n join strategies s on s.id = n.strategy_id where n.date = '${date}'`,
  );
  expect(navs.length).toBe(3);
  for (const row of navs) {
    const nav = big(row.nav);
    const value = big(row.value_minor);
    const units = big(row.units_minor);
    if (units > 0n) {
      expect(nav * units).toBeLessThanOrEqual(value * NAV_FACTOR);
      expect(value * NAV_FACTOR).toBeLessThan((nav + 1n) * units);
    }
    const code = String(row.code);
    const prices = new Map(
      (
        await rows(
          `select symbol, price_minor::text as price from strategy_prices where strategy_id = ${String(row.strategy_id)} and date = '${date}'`,
        )
      ).map((price) => [String(price.symbol), big(price.price)]),
    );
    const account = await testApp.app.services.strategies.accountValue(code, prices);
    const valueAfter = big(row.value_after_minor);
    const unitsAfter = big(row.units_after_minor);
    expect(account.valueMinor).toBe(valueAfter);
    expect(unitsAfter).toBe(big(row.strategy_units));
    const settled = await rows(
      `select count(*)::int as n from strategy_requests where strategy_id = ${String(row.strategy_id)} and nav_date = '${date}'`,
    );
    const flows = BigInt(Number(settled[0]!.n));
    const behind = valueAfter * NAV_FACTOR - nav * unitsAfter;
    expect(behind).toBeGreaterThanOrEqual(0n);
    expect(behind).toBeLessThan(unitsAfter + 1n + flows * (nav + NAV_FACTOR));
    const held = await rows(
      `select coalesce(sum(units_minor), 0)::text as units from strategy_holdings where strategy_id = ${String(row.strategy_id)}`,
    );
    expect(big(held[0]!.units)).toBe(unitsAfter);
    // The fees against their published rates (the days since the previous NAV, on the value before them).
    const previous = await rows(
      `select struck_at, high_water_mark::text as hwm from strategy_navs where strategy_id = ${String(row.strategy_id)} and date < '${date}' order by date desc limit 1`,
    );
    const days = previous[0]
      ? Math.round(
          (new Date(String(row.struck_at)).getTime() - new Date(String(previous[0].struck_at)).getTime()) /
            DAY,
        )
      : 0;
    const management = big(row.management_fee_minor);
    const performance = big(row.performance_fee_minor);
    const before = value + management + performance;
    expect(management).toBeLessThanOrEqual(managementFee(before, Number(row.mbp), days));
    const hwm = previous[0] ? big(previous[0].hwm) : 10_000_000n;
    const grossNav = units > 0n ? ((before - management) * NAV_FACTOR) / units : nav;
    expect(performance).toBeLessThanOrEqual(performanceFee(grossNav, hwm, units, Number(row.pbp)));
  }
}

describe('NAV × units is the strategy account’s value', () => {
  it('after any days of follows, redemptions, trades and fee accruals, through the server', async () => {
    const ids = ((await post('/strategy/list', {}, followers[0]!)).data.items as { id: string }[]).map(
      (item) => item.id,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        async (days) => {
          for (const actions of days) {
            await nextTradingDay();
            testApp.clock.set(new Date(day - 4 * 60 * 60 * 1000).toISOString());
            for (const item of actions) await act(ids, item);
            testApp.clock.set(new Date(day).toISOString());
            const run = await testApp.app.services.strategies.runDue();
            expect(run.struck, new Date(day).toISOString()).toEqual(['BAL6040', 'TRENDBR', 'MOMBR']);
            await checkStrikes(new Date(day).toISOString().slice(0, 10));
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  }, 300_000);

  it('on the arithmetic: NAV is value ÷ units to its last digit and no fee passes its rate', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1_000_000n, max: 100_000_000n }),
        fc.bigInt({ min: 1_000_000n, max: 100_000_000n }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 0, max: 10 }),
        (invested, cash, units, lastNav, highWaterMark, management, performance, days) => {
          const value = invested + cash;
          const struck = strike({
            valueMinor: value,
            cashMinor: cash,
            unitsMinor: units,
            lastNav,
            highWaterMark,
            managementBasisPoints: management,
            performanceBasisPoints: performance,
            days,
          });
          expect(struck.managementFeeMinor).toBeGreaterThanOrEqual(0n);
          expect(struck.performanceFeeMinor).toBeGreaterThanOrEqual(0n);
          expect(struck.managementFeeMinor * 10_000n * 365n).toBeLessThanOrEqual(
            value * BigInt(management) * BigInt(days),
          );
          expect(struck.managementFeeMinor + struck.performanceFeeMinor).toBeLessThanOrEqual(cash);
          const gross = ((value - struck.managementFeeMinor) * NAV_FACTOR) / units;
          const gain = gross > highWaterMark ? gross - highWaterMark : 0n;
          expect(struck.performanceFeeMinor * NAV_FACTOR * 10_000n).toBeLessThanOrEqual(
            gain * units * BigInt(performance),
          );
          expect(struck.valueMinor).toBe(value - struck.managementFeeMinor - struck.performanceFeeMinor);
          expect(struck.nav * units).toBeLessThanOrEqual(struck.valueMinor * NAV_FACTOR);
          expect(struck.valueMinor * NAV_FACTOR).toBeLessThan((struck.nav + 1n) * units);
          expect(struck.highWaterMark).toBe(struck.nav > highWaterMark ? struck.nav : highWaterMark);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
