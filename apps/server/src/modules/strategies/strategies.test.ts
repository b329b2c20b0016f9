import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyRecords } from '../../ledger/ledger-record-checks';
import { verifyLedger } from '../../ledger/ledger-verify';
import { recordChecks } from '../../record-checks';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { NAV_FACTOR, valueOfUnits } from './strategy-math';

// Copy-following strategies (issue 17 item 5) over HTTP on the injected clock: every refusal
// freezes nothing; a follow freezes its money at once and gets units only at the next NAV struck
// (forward pricing); the job trades the strategy's own account through the order engine and strikes
// the NAV from its ledger balances once a day; a redemption waits for its notice period and is paid
// at the NAV struck after it; a closed strategy refuses follows and still pays redemptions.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

// Monday 23 November 2026, 11:00 in Brussels (CET = UTC+1); the strategies strike at 16:00 Brussels.
const MONDAY_MORNING = '2026-11-23T10:00:00Z';
const at = (date: string, time: string) => `${date}T${time}:00Z`;

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(MONDAY_MORNING);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const withKey = async (path: string, body: Record<string, unknown>, user: User, key?: string) =>
  (await callWithKey(testApp, path, body, user, key)).json();
const cashOf = async (user: User) => {
  const { balances } = (await post('/user/getUserinfo', undefined, user)).data;
  return balances.find((balance: { currency: string }) => balance.currency === 'EUR') as {
    available: string;
    frozen: string;
  };
};
const service = () => testApp.app.services.strategies;
const strategyNamed = async (user: User, code: string) => {
  const list = (await post('/strategy/list', {}, user)).data.items as { id: string; code: string }[];
  return list.find((item) => item.code === code)!;
};

describe('following and leaving the 60/40 strategy', () => {
  let alice: User;
  let bob: User;
  let poor: User;
  let balanced: { id: string };
  let trend: { id: string };
  let followId: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      fundedUser(testApp, admin, '5000.00'),
      fundedUser(testApp, admin, '5000.00'),
    ]);
    poor = await fundedUser(testApp, admin, '150.00');
    balanced = await strategyNamed(alice, 'BAL6040');
    trend = await strategyNamed(alice, 'TRENDBR');
  });

  it('lists the published strategies with their fees, notice period and next NAV time; no expected return', async () => {
    const list = (await post('/strategy/list', {}, alice)).data.items;
    expect(list.map((item: { code: string }) => item.code)).toEqual(['BAL6040', 'TRENDBR', 'MOMBR']);
    expect(list[0]).toMatchObject({
      rule: 'fixed_weights',
      ruleParameters: { weights: [6000, 4000], lookback: null, top: null },
      symbols: ['IWDA.AS', 'BEL.BR'],
      nav: '10.000000',
      navDate: null,
      size: '0.00',
      units: '0.0000',
      strikeTime: '16:00',
      nextStrikeAt: '2026-11-23T15:00:00.000Z',
      noticeDays: 2,
      minimumFollow: '100.00',
      fees: { managementBasisPoints: 100, performanceBasisPoints: 1000, highWaterMark: '10.000000' },
      closedAt: null,
      metrics: { observations: 0, riskClass: null, scenarios: null, returnPerYear: null },
    });
    expect(JSON.stringify(list)).not.toMatch(/expected/i);
  });

  it('refuses an unknown strategy, a too-small amount, no key, no identity and no money, freezing nothing', async () => {
    expect(await withKey('/strategy/follow', { id: '999999', amount: '500.00' }, alice)).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect(await withKey('/strategy/follow', { id: balanced.id, amount: '99.99' }, alice)).toMatchObject({
      msg: 'BELOW_PRODUCT_MINIMUM',
      params: { minimum: '100.00' },
    });
    expect(await post('/strategy/follow', { id: balanced.id, amount: '500.00' }, alice)).toMatchObject({
      msg: 'IDEMPOTENCY_KEY_REQUIRED',
    });
    const stranger = await signUp(testApp);
    expect(await withKey('/strategy/follow', { id: balanced.id, amount: '500.00' }, stranger)).toMatchObject({
      msg: 'IDENTITY_REQUIRED',
    });
    expect(await withKey('/strategy/follow', { id: balanced.id, amount: '500.00' }, poor)).toMatchObject({
      msg: 'INSUFFICIENT_BALANCE',
    });
    expect(await cashOf(poor)).toEqual(expect.objectContaining({ available: '150.00', frozen: '0.00' }));
    expect(await cashOf(alice)).toEqual(expect.objectContaining({ available: '5000.00', frozen: '0.00' }));
    expect((await post('/strategy/mine', {}, poor)).data).toEqual({
      holdings: [],
      requests: { total: 0, items: [] },
    });
  });

  it('one idempotency key sent five times at once makes one follow and freezes its money once', async () => {
    const key = 'follow-alice-0001';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        withKey('/strategy/follow', { id: balanced.id, amount: '1000.00' }, alice, key),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.data?.id));
    expect(answers.every((answer) => answer.status === 1)).toBe(true);
    expect(ids.size).toBe(1);
    followId = [...ids][0] as string;
    expect(answers[0].data).toMatchObject({
      kind: 'follow',
      state: 'pending',
      amount: '1000.00',
      units: null,
    });
    expect(await cashOf(alice)).toEqual(expect.objectContaining({ available: '4000.00', frozen: '1000.00' }));
    expect(
      await withKey('/strategy/follow', { id: balanced.id, amount: '900.00' }, alice, key),
    ).toMatchObject({
      msg: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect((await post('/strategy/mine', {}, alice)).data.requests.total).toBe(1);
  });

  it('strikes nothing before the published time; at it, units are issued at the NAV struck after the request', async () => {
    expect(await service().runDue()).toEqual({ struck: [], refused: [] });
    expect((await post('/strategy/mine', {}, alice)).data.requests.items[0].state).toBe('pending');
    testApp.clock.set(at('2026-11-23', '15:01'));
    const run = await service().runDue();
    expect(run.struck).toEqual(['BAL6040', 'TRENDBR', 'MOMBR']);
    // Twice on the same day strikes nothing more.
    expect((await service().runDue()).struck).toEqual([]);
    const mine = (await post('/strategy/mine', {}, alice)).data;
    expect(mine.requests.items[0]).toMatchObject({
      id: followId,
      state: 'settled',
      units: '100.0000',
      nav: '10.000000',
    });
    expect(mine.holdings).toEqual([
      expect.objectContaining({
        code: 'BAL6040',
        units: '100.0000',
        value: '1000.00',
        cost: '1000.00',
        pnl: '0.00',
      }),
    ]);
    expect(await cashOf(alice)).toEqual(expect.objectContaining({ available: '4000.00', frozen: '0.00' }));
    const detail = (await post('/strategy/detail', { id: balanced.id }, alice)).data;
    expect(detail.strategy).toMatchObject({ navDate: '2026-11-23', size: '1000.00', units: '100.0000' });
    expect(detail.navHistory).toEqual([{ date: '2026-11-23', nav: '10.000000' }]);
  });

  it('the next day the strategy has traded its own account through the order engine; NAV × units is its value', async () => {
    // Bob's follow comes in after Monday's NAV: it waits for Tuesday's.
    expect(
      (await withKey('/strategy/follow', { id: balanced.id, amount: '500.00' }, bob, 'follow-bob-00001')).data
        .state,
    ).toBe('pending');
    testApp.clock.set(at('2026-11-24', '15:01'));
    // The job run twice at once (two nodes): each strategy trades once and is struck once.
    const runs = await Promise.all([service().runDue(), service().runDue()]);
    expect(runs.flatMap((run) => run.struck).sort()).toEqual(['BAL6040', 'MOMBR', 'TRENDBR']);
    const { prices, account } = await accountNow('BAL6040');
    // The rule bought both ETFs (60/40 of what it could invest) through market orders.
    expect(account.holdings.get('IWDA.AS')).toBeGreaterThan(0n);
    expect(account.holdings.get('BEL.BR')).toBeGreaterThan(0n);
    const iwda = account.holdings.get('IWDA.AS')! * prices.get('IWDA.AS')!;
    const bel = account.holdings.get('BEL.BR')! * prices.get('BEL.BR')!;
    const weight = Number((iwda * 10_000n) / (iwda + bel));
    expect(weight).toBeGreaterThan(5_500);
    expect(weight).toBeLessThan(6_500);
    const orders = await rows(
      `select count(*)::int as n from orders where user_id = ${account.row.accountUserId} and state = 'filled'`,
    );
    expect(orders[0]!.n).toBe(2);
    // At the strike, before Bob's money came in: NAV = value / units, rounded down.
    const navRow = await navOf('BAL6040', '2026-11-24');
    expect(navRow.nav).toBe((navRow.valueMinor * NAV_FACTOR) / navRow.unitsMinor);
    expect(navRow.managementFeeMinor).toBe(2n); // 1,000.00 × 1 % × 1 day / 365, rounded down
    // After Bob's follow: NAV × units never exceeds the account's value, by less than a cent per flow.
    const behind = account.valueMinor - valueOfUnits(account.unitsMinor, navRow.nav);
    expect(behind).toBeGreaterThanOrEqual(0n);
    expect(behind).toBeLessThanOrEqual(2n);
    const bobs = (await post('/strategy/mine', {}, bob)).data.holdings[0];
    expect(bobs.units).toBe(formatUnitsFor(50_000n, navRow.nav));
  });

  it('redeems only units held and not already redeeming, and pays at the first NAV after the notice period', async () => {
    expect(await withKey('/strategy/redeem', { id: balanced.id, units: '100.0001' }, alice)).toMatchObject({
      msg: 'INSUFFICIENT_POSITION',
      params: { available: '100.0000' },
    });
    const redeem = await withKey(
      '/strategy/redeem',
      { id: balanced.id, units: '40' },
      alice,
      'redeem-alice-0001',
    );
    expect(redeem.data).toMatchObject({
      kind: 'redeem',
      state: 'pending',
      units: '40.0000',
      eligibleAt: '2026-11-26T15:01:00.000Z',
    });
    expect(await withKey('/strategy/redeem', { id: balanced.id, units: '60.0001' }, alice)).toMatchObject({
      msg: 'INSUFFICIENT_POSITION',
      params: { available: '60.0000' },
    });
    const before = await cashOf(alice);
    testApp.clock.set(at('2026-11-25', '15:01'));
    await service().runDue();
    expect((await post('/strategy/mine', {}, alice)).data.requests.items[0].state).toBe('pending');
    testApp.clock.set(at('2026-11-26', '15:02'));
    await service().runDue();
    const mine = (await post('/strategy/mine', {}, alice)).data;
    const settled = mine.requests.items.find((item: { id: string }) => item.id === redeem.data.id);
    const navRow = await navOf('BAL6040', '2026-11-26');
    expect(settled).toMatchObject({ state: 'settled', nav: formatNav(navRow.nav) });
    const paid = valueOfUnits(400_000n, navRow.nav);
    expect(settled.paid).toBe(formatCents(paid));
    const after = await cashOf(alice);
    expect(cents(after.available) - cents(before.available)).toBe(paid);
    expect(mine.holdings[0]).toMatchObject({ units: '60.0000', unitsRedeeming: '0.0000', cost: '600.00' });
    const records = (await post('/fundRecord/list', { tab: 'all' }, alice)).data.items as {
      kind: string;
      memo?: string;
      detail: unknown;
    }[];
    const kinds = records.map((record) => record.kind);
    expect(kinds).toContain('strategy_subscription');
    expect(kinds).toContain('strategy_redemption');
    // Each record names its request's step with the request's own figures, not the memo's.
    const detailOf = (kind: string) => records.find((record) => record.kind === kind)?.detail;
    expect(detailOf('strategy_redemption')).toEqual({
      type: 'strategy',
      code: 'BAL6040',
      event: 'units_redeemed',
      currency: 'EUR',
      units: '40.0000',
      nav: formatNav(navRow.nav),
      navDate: '2026-11-26',
    });
    expect(detailOf('strategy_subscription')).toMatchObject({
      type: 'strategy',
      code: 'BAL6040',
      event: 'units_issued',
      units: '100.0000',
    });
    expect(detailOf('hold_reserve')).toMatchObject({ event: 'follow_frozen', units: null, nav: null });
  });

  it('a closed strategy refuses new follows and still pays redemptions', async () => {
    await service().close('TRENDBR', new Date(at('2026-11-26', '15:30')));
    testApp.clock.set(at('2026-11-26', '15:31'));
    expect(await withKey('/strategy/follow', { id: trend.id, amount: '200.00' }, bob)).toMatchObject({
      msg: 'COPY_TRADING_CLOSED',
    });
    expect(await cashOf(bob)).toEqual(expect.objectContaining({ frozen: '0.00' }));
    const detail = (await post('/strategy/detail', { id: trend.id }, bob)).data.strategy;
    expect(detail.closedAt).toBe('2026-11-26T15:30:00.000Z');
    // Still struck daily for the redemptions (and follows made before the close).
    expect(detail.nextStrikeAt).toBe('2026-11-27T15:00:00.000Z');
    // Bob leaves the 60/40 one (open) without trouble; leaving is never refused for a closed one either.
    expect((await withKey('/strategy/redeem', { id: balanced.id, units: '1' }, bob)).data.state).toBe(
      'pending',
    );
  });

  it('fees go to the house fee account through the ledger, and the books balance', async () => {
    const navs = await allNavs('BAL6040');
    expect(navs.length).toBe(4);
    for (const row of navs) {
      // Never above 1 % a year of the value, per day accrued.
      expect(row.managementFeeMinor * 365n * 10_000n).toBeLessThanOrEqual(row.valueMinor * 100n * 2n);
    }
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
    expect(report.isOk).toBe(true);
    // Every strategy entry stands on its strategy and its followers' requests (ledger:verify's check).
    expect(await verifyRecords(testApp.database.db, recordChecks)).toEqual([]);
  });

  // Helpers reading the strategy's own books.
  async function accountNow(code: string) {
    const row = (await service().accountValue(code, new Map())).row;
    const prices = new Map<string, bigint>();
    const priceRows = await rows(
      `select symbol, price_minor::text as price from strategy_prices where strategy_id = ${row.id} and date = (select max(date) from strategy_prices where strategy_id = ${row.id})`,
    );
    for (const price of priceRows) {
      prices.set(String(price.symbol), BigInt(String(price.price)));
    }
    return { prices, account: await service().accountValue(code, prices) };
  }
});

type NavRow = {
  nav: bigint;
  valueMinor: bigint;
  unitsMinor: bigint;
  managementFeeMinor: bigint;
};

async function allNavs(code: string): Promise<NavRow[]> {
  const result = await rows(
    `select n.nav::text, n.value_minor::text, n.units_minor::text, n.management_fee_minor::text
       from strategy_navs n join strategies s on s.id = n.strategy_id where s.code = '${code}' order by n.date`,
  );
  return result.map((row) => ({
    nav: BigInt(String(row.nav)),
    valueMinor: BigInt(String(row.value_minor)),
    unitsMinor: BigInt(String(row.units_minor)),
    managementFeeMinor: BigInt(String(row.management_fee_minor)),
  }));
}

async function navOf(code: string, date: string): Promise<NavRow> {
  const result = await rows(
    `select n.nav::text, n.value_minor::text, n.units_minor::text, n.management_fee_minor::text
       from strategy_navs n join strategies s on s.id = n.strategy_id where s.code = '${code}' and n.date = '${date}'`,
  );
  const row = result[0]!;
  return {
    nav: BigInt(String(row.nav)),
    valueMinor: BigInt(String(row.value_minor)),
    unitsMinor: BigInt(String(row.units_minor)),
    managementFeeMinor: BigInt(String(row.management_fee_minor)),
  };
}

const rows = (query: string) => queryRows<Record<string, unknown>>(testApp.database.db, sql.raw(query));
const cents = (text: string) => BigInt(text.replace('.', ''));
const formatCents = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
const formatNav = (nav: bigint) => `${nav / 1_000_000n}.${(nav % 1_000_000n).toString().padStart(6, '0')}`;
const formatUnitsFor = (amountMinor: bigint, nav: bigint) => {
  const units = (amountMinor * NAV_FACTOR) / nav;
  return `${units / 10_000n}.${(units % 10_000n).toString().padStart(4, '0')}`;
};
