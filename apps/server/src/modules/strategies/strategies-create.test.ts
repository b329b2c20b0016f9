import { adminStrategyPaths } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { queryRows } from '../../ledger/ledger.repository';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { definitionOf } from './strategies.service';
import { momentumHolds, trendHolds } from './strategy-math';

// Staff-defined strategies (issue 17 item 5): product staff and administrators publish a strategy
// of one of the published rule kinds (fixed weights, moving-average trend, momentum top K) with
// its instruments, parameters, fees and terms. Every refusal is catalogued and writes nothing;
// the creation is audited with its definition; the daily job runs it like the published ones.
// Nothing edits a strategy's rule afterwards. The three published strategies keep their rules.

let testApp: TestApp;
let admin: StaffHeaders;
let product: StaffHeaders;

// Monday 23 November 2026, 11:00 in Brussels; the strategies strike at 16:00 Brussels (15:00 UTC).
beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-23T10:00:00Z');
  admin = await adminLogin(testApp);
  product = await createStaff(testApp, admin, 'product');
});
afterAll(() => testApp.close());

const fixedWeights = {
  code: 'KBUCB73',
  name: 'KBC and UCB, 70/30',
  rule: 'fixed_weights',
  symbols: ['KBC.BR', 'UCB.BR'],
  weights: [7_000, 3_000],
  managementBasisPoints: 100,
  performanceBasisPoints: 1_000,
  noticeDays: 2,
  minimumFollow: '50.00',
  reason: 'approved by the product committee',
};
const momentum = {
  ...fixedWeights,
  code: 'MOM3',
  name: 'Three Brussels names, the strongest one',
  rule: 'momentum_top',
  symbols: ['ABI.BR', 'KBC.BR', 'UCB.BR'],
  weights: undefined,
  lookback: 2,
  top: 1,
};
const create = async (staff: StaffHeaders, body: Record<string, unknown>) =>
  (await callAdmin(testApp, '/strategy/create', body, staff)).json();
const rows = <T>(query: string) =>
  queryRows<T & Record<string, unknown>>(testApp.database.db, sql.raw(query));
const strategyCount = async () =>
  Number((await rows<{ n: number }>('select count(*)::int as n from strategies'))[0]!.n);
const auditOf = async (targetId: string) =>
  (await callAdmin(testApp, '/audit/list', { targetType: 'strategy', targetId }, admin)).json().data
    .items as {
    action: string;
    reason: string;
    before: unknown;
    after: unknown;
  }[];

describe('staff create a strategy', () => {
  it('the three published strategies keep their definitions (rule kind, parameters, fees, terms)', async () => {
    await testApp.app.services.strategies.ensurePublished();
    const published = await rows<{ code: string }>(
      "select code from strategies where code in ('BAL6040', 'TRENDBR', 'MOMBR') order by id",
    );
    expect(published.map((row) => row.code)).toEqual(['BAL6040', 'TRENDBR', 'MOMBR']);
    const definitions = await Promise.all(
      published.map(async (row) => {
        const found = await testApp.app.services.strategies.accountValue(row.code, new Map());
        return definitionOf(found.row);
      }),
    );
    const terms = (management: number, performance: number, noticeDays: number) => ({
      managementBasisPoints: management,
      performanceBasisPoints: performance,
      noticeDays,
      strikeTime: '16:00',
      minimumFollowMinor: 100_00n,
    });
    expect(definitions).toEqual([
      {
        code: 'BAL6040',
        name: '60/40 world and Belgium ETF rebalance',
        rule: 'fixed_weights',
        symbols: ['IWDA.AS', 'BEL.BR'],
        weights: [6_000, 4_000],
        lookback: null,
        top: null,
        ...terms(100, 1_000, 2),
      },
      {
        code: 'TRENDBR',
        name: 'Brussels moving-average trend',
        rule: 'trend_moving_average',
        symbols: ['ABI.BR', 'KBC.BR', 'UCB.BR', 'SOLB.BR', 'ELI.BR'],
        weights: null,
        lookback: 10,
        top: null,
        ...terms(150, 1_500, 3),
      },
      {
        code: 'MOMBR',
        name: 'Brussels momentum, the two strongest of six',
        rule: 'momentum_top',
        symbols: ['AGS.BR', 'ARGX.BR', 'DIE.BR', 'GBLB.BR', 'SYENS.BR', 'UMI.BR'],
        weights: null,
        lookback: 20,
        top: 2,
        ...terms(150, 1_500, 3),
      },
    ]);
  });

  it('the table keeps each rule kind with its own parameters only (a missing one is refused, not unknown)', async () => {
    const insert = (rule: string, weights: string | null, lookback: number | null, top: number | null) =>
      rows(
        `insert into strategies (code, name, rule, weights, lookback, top, symbols, currency, account_user_id,
           management_basis_points, performance_basis_points, notice_days, strike_time, minimum_follow_minor,
           units_minor, high_water_mark, last_nav, inception_date, created_at)
         select 'BAD${rule.length}', 'x', '${rule}', ${weights === null ? 'null' : `'${weights}'`}, ${lookback}, ${top},
           'KBC.BR', 'EUR', account_user_id, 0, 0, 0, '16:00', 100, 0, 1, 1, '2026-11-23', now()
         from strategies where code = 'BAL6040'`,
      );
    for (const [rule, weights, lookback, top] of [
      ['fixed_weights', null, null, null],
      ['fixed_weights', '10000', 5, null],
      ['trend_moving_average', null, null, null],
      ['trend_moving_average', '10000', 5, null],
      ['momentum_top', null, 5, null],
      ['momentum_top', null, null, 1],
      ['rebalance_60_40', '6000,4000', null, null],
    ] as const) {
      const refused = await insert(rule, weights, lookback, top).then(
        () => 'inserted',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
      expect(refused, rule).toMatch(/strategies_rule_parameters/);
    }
  });

  it('no call edits a strategy: the back office may list, create and close, nothing else', () => {
    expect(Object.keys(adminStrategyPaths).sort()).toEqual([
      'strategyClose',
      'strategyCreate',
      'strategyList',
    ]);
  });

  it('refuses each definition that breaks a rule with its catalogued code, writing nothing', async () => {
    const before = await strategyCount();
    const refusals: [Record<string, unknown>, string, Record<string, string>?][] = [
      [{ code: 'BAL6040' }, 'STRATEGY_CODE_TAKEN', { code: 'BAL6040' }],
      [{ symbols: ['KBC.BR', 'NOPE'] }, 'UNKNOWN_SYMBOL', { symbol: 'NOPE' }],
      [{ symbols: ['KBC.BR', '^BEL20'] }, 'INSTRUMENT_NOT_TRADABLE', { symbol: '^BEL20' }],
      [{ symbols: ['KBC.BR', 'EURUSD'] }, 'INSTRUMENT_NOT_TRADABLE', { symbol: 'EURUSD' }],
      [{ symbols: ['KBC.BR', 'BTCUSD'] }, 'INSTRUMENT_NOT_TRADABLE', { symbol: 'BTCUSD' }],
      [{ symbols: ['KBC.BR', 'KBC.BR'] }, 'STRATEGY_INSTRUMENT_REPEATED', { symbol: 'KBC.BR' }],
      [{ symbols: ['KBC.BR', 'AAPL'] }, 'STRATEGY_CURRENCIES_MIXED', { symbol: 'AAPL', currency: 'USD' }],
      [{ weights: [7_000, 2_999] }, 'STRATEGY_WEIGHTS_INVALID', { total: '9999' }],
      [{ weights: [10_000, 0] }, 'STRATEGY_WEIGHTS_INVALID', { total: '10000' }],
      [{ weights: [10_000] }, 'STRATEGY_WEIGHTS_INVALID', { total: '10000' }],
      [{ weights: undefined }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ lookback: 10 }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ rule: 'trend_moving_average', weights: undefined }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ rule: 'trend_moving_average', lookback: 10 }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ rule: 'trend_moving_average', weights: undefined, lookback: 1 }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [
        { rule: 'trend_moving_average', weights: undefined, lookback: 251 },
        'STRATEGY_RULE_PARAMETERS_INVALID',
      ],
      [
        { rule: 'trend_moving_average', weights: undefined, lookback: 10, top: 1 },
        'STRATEGY_RULE_PARAMETERS_INVALID',
      ],
      [{ ...momentum, top: 3 }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ ...momentum, top: undefined }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ ...momentum, weights: [3_000, 3_000, 4_000] }, 'STRATEGY_RULE_PARAMETERS_INVALID'],
      [{ managementBasisPoints: 301 }, 'STRATEGY_MANAGEMENT_FEE_ABOVE_CAP', { cap: '3.00' }],
      [{ performanceBasisPoints: 2_501 }, 'STRATEGY_PERFORMANCE_FEE_ABOVE_CAP', { cap: '25.00' }],
    ];
    for (const [change, code, params] of refusals) {
      const answer = await create(product, { ...fixedWeights, ...change });
      expect(answer, JSON.stringify(change)).toMatchObject({
        status: 0,
        msg: code,
        ...(params ? { params } : {}),
      });
    }
    // The shapes the contract checks: the code's form, a reason, the notice period's bounds.
    for (const change of [
      { code: 'ab1' },
      { code: 'AB' },
      { code: 'ABCDEFGHI' },
      { reason: '' },
      { noticeDays: 31 },
    ]) {
      expect(await create(product, { ...fixedWeights, ...change }), JSON.stringify(change)).toMatchObject({
        msg: 'VALIDATION_FAILED',
      });
    }
    expect(await strategyCount()).toBe(before);
  });

  it('only product and admin create; support and the auditor are refused', async () => {
    const [support, auditor] = await Promise.all([
      createStaff(testApp, admin, 'support'),
      createStaff(testApp, admin, 'auditor'),
    ]);
    const before = await strategyCount();
    expect(await create(support, fixedWeights)).toMatchObject({ msg: 'FORBIDDEN' });
    expect(await create(auditor, fixedWeights)).toMatchObject({ msg: 'FORBIDDEN' });
    expect(await strategyCount()).toBe(before);
  });

  it('creates it once from two submits at once, audited with its definition; listed in the app and the back office', async () => {
    const answers = await Promise.all([create(product, fixedWeights), create(product, fixedWeights)]);
    const created = answers.find((answer) => answer.status === 1);
    expect(created, JSON.stringify(answers)).toBeDefined();
    expect(answers.filter((answer) => answer.status === 1)).toHaveLength(1);
    expect(answers.find((answer) => answer.status !== 1)).toMatchObject({
      msg: 'STRATEGY_CODE_TAKEN',
      params: { code: 'KBUCB73' },
    });
    expect(created.data).toMatchObject({
      code: 'KBUCB73',
      name: 'KBC and UCB, 70/30',
      rule: 'fixed_weights',
      ruleParameters: { weights: [7_000, 3_000], lookback: null, top: null },
      symbols: ['KBC.BR', 'UCB.BR'],
      currency: 'EUR',
      nav: '10.000000',
      navDate: null,
      units: '0.0000',
      strikeTime: '16:00',
      nextStrikeAt: '2026-11-23T15:00:00.000Z',
      noticeDays: 2,
      minimumFollow: '50.00',
      fees: { managementBasisPoints: 100, performanceBasisPoints: 1_000, highWaterMark: '10.000000' },
      closedAt: null,
      followers: 0,
    });
    // A second submit later is refused the same way; nothing else was written.
    expect(await create(admin, fixedWeights)).toMatchObject({ msg: 'STRATEGY_CODE_TAKEN' });
    expect(await auditOf(created.data.id)).toEqual([
      expect.objectContaining({
        action: 'strategy.created',
        reason: 'approved by the product committee',
        before: null,
        after: {
          code: 'KBUCB73',
          name: 'KBC and UCB, 70/30',
          rule: 'fixed_weights',
          symbols: ['KBC.BR', 'UCB.BR'],
          weights: [7_000, 3_000],
          lookback: null,
          top: null,
          managementBasisPoints: 100,
          performanceBasisPoints: 1_000,
          noticeDays: 2,
          strikeTime: '16:00',
          currency: 'EUR',
          minimumFollow: '50.00',
        },
      }),
    ]);
    const staffList = (await callAdmin(testApp, '/strategy/list', {}, product)).json().data.items;
    expect(staffList.map((item: { code: string }) => item.code)).toEqual([
      'BAL6040',
      'TRENDBR',
      'MOMBR',
      'KBUCB73',
    ]);
    const admins = await create(admin, momentum);
    expect(admins.status, JSON.stringify(admins)).toBe(1);
    expect(admins.data).toMatchObject({
      rule: 'momentum_top',
      ruleParameters: { weights: null, lookback: 2, top: 1 },
    });
  });

  it('the daily job runs a created strategy like the others: NAV rows, follows settled, trades to its weights', async () => {
    const trend = await create(product, {
      ...momentum,
      code: 'TRD2',
      name: 'Three Brussels names above their last price',
      rule: 'trend_moving_average',
      top: undefined,
    });
    expect(trend.data, JSON.stringify(trend)).toMatchObject({ ruleParameters: { lookback: 2, top: null } });
    const alice = await fundedUser(testApp, admin, '3000.00');
    const list = (await call(testApp.app, '/strategy/list', {}, alice)).json().data.items as {
      id: string;
      code: string;
    }[];
    expect(list.map((item) => item.code)).toEqual(['BAL6040', 'TRENDBR', 'MOMBR', 'KBUCB73', 'MOM3', 'TRD2']);
    const mine = list.find((item) => item.code === 'KBUCB73')!;
    const followed = (
      await callWithKey(
        testApp,
        '/strategy/follow',
        { id: mine.id, amount: '2000.00' },
        alice,
        'create-follow-1',
      )
    ).json();
    expect(followed.status, JSON.stringify(followed)).toBe(1);
    const strongest = list.find((item) => item.code === 'MOM3')!;
    const bob = await fundedUser(testApp, admin, '3000.00');
    const followedToo = (
      await callWithKey(
        testApp,
        '/strategy/follow',
        { id: strongest.id, amount: '2000.00' },
        bob,
        'create-follow-2',
      )
    ).json();
    expect(followedToo.status, JSON.stringify(followedToo)).toBe(1);
    const trendId = list.find((item) => item.code === 'TRD2')!.id;
    const carol = await fundedUser(testApp, admin, '3000.00');
    const followedTrend = (
      await callWithKey(
        testApp,
        '/strategy/follow',
        { id: trendId, amount: '2000.00' },
        carol,
        'create-follow-3',
      )
    ).json();
    expect(followedTrend.status, JSON.stringify(followedTrend)).toBe(1);

    const service = testApp.app.services.strategies;
    testApp.clock.set('2026-11-23T15:01:00Z');
    expect((await service.runDue()).struck).toEqual([
      'BAL6040',
      'TRENDBR',
      'MOMBR',
      'KBUCB73',
      'MOM3',
      'TRD2',
    ]);
    testApp.clock.set('2026-11-24T15:01:00Z');
    expect((await service.runDue()).struck).toEqual([
      'BAL6040',
      'TRENDBR',
      'MOMBR',
      'KBUCB73',
      'MOM3',
      'TRD2',
    ]);

    const navs = await rows<{ code: string; date: string; units_after_minor: string }>(
      `select s.code, n.date, n.units_after_minor::text from strategy_navs n join strategies s on s.id = n.strategy_id
       where s.code in ('KBUCB73', 'MOM3', 'TRD2') order by s.code, n.date`,
    );
    expect(navs).toEqual([
      { code: 'KBUCB73', date: '2026-11-23', units_after_minor: '2000000' },
      { code: 'KBUCB73', date: '2026-11-24', units_after_minor: '2000000' },
      { code: 'MOM3', date: '2026-11-23', units_after_minor: '2000000' },
      { code: 'MOM3', date: '2026-11-24', units_after_minor: '2000000' },
      { code: 'TRD2', date: '2026-11-23', units_after_minor: '2000000' },
      { code: 'TRD2', date: '2026-11-24', units_after_minor: '2000000' },
    ]);
    // MOM3 ranks its names over its own lookback (2 recorded prices) and holds its own top 1: on
    // Tuesday, the one of the three that rose most since Monday (a rule with MOMBR's 20 would hold none).
    const recordedOf = async (strategyId: bigint) => {
      const recorded = new Map<string, bigint[]>();
      for (const price of await rows<{ symbol: string; price: string }>(
        `select symbol, price_minor::text as price from strategy_prices where strategy_id = ${strategyId} order by date`,
      )) {
        recorded.set(price.symbol, [...(recorded.get(price.symbol) ?? []), BigInt(price.price)]);
      }
      return recorded;
    };
    const strongestNow = await service.accountValue('MOM3', new Map());
    const expected = momentumHolds(await recordedOf(strongestNow.row.id), 2, 1);
    expect(expected).toHaveLength(1);
    expect([...strongestNow.holdings.keys()]).toEqual(expected);
    // TRD2 holds each name at or above the mean of its own last 2 prices (TRENDBR's 10 would hold none yet).
    const trendNow = await service.accountValue('TRD2', new Map());
    const expectedTrend = trendHolds(await recordedOf(trendNow.row.id), 2);
    expect(expectedTrend.length).toBeGreaterThan(0);
    expect([...trendNow.holdings.keys()].sort()).toEqual(expectedTrend);
    // On Tuesday it bought both shares through the order engine, at about 70/30 of what it invested.
    const { holdings, row } = await service.accountValue('KBUCB73', new Map());
    const prices = new Map(
      (
        await rows<{ symbol: string; price: string }>(
          `select symbol, price_minor::text as price from strategy_prices where strategy_id = ${row.id} and date = '2026-11-24'`,
        )
      ).map((price) => [price.symbol, BigInt(price.price)]),
    );
    const kbc = (holdings.get('KBC.BR') ?? 0n) * prices.get('KBC.BR')!;
    const ucb = (holdings.get('UCB.BR') ?? 0n) * prices.get('UCB.BR')!;
    expect(kbc).toBeGreaterThan(0n);
    expect(ucb).toBeGreaterThan(0n);
    const weight = Number((kbc * 10_000n) / (kbc + ucb));
    expect(weight).toBeGreaterThan(6_500);
    expect(weight).toBeLessThan(7_500);
    const detail = (await call(testApp.app, '/strategy/detail', { id: mine.id }, alice)).json().data;
    expect(detail.navHistory.map((nav: { date: string }) => nav.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(detail.holding).toMatchObject({ code: 'KBUCB73', units: '200.0000', cost: '2000.00' });
  });
});
