import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARGIN_RULES } from '@beurs/contract';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
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

// Liquidation (issue 16, item 4) on the quote stream, two server nodes ticking at once: below the
// published liquidation level the positions are closed at market through the order engine in the
// published order (largest loss first) until the account is back at its maintenance requirement,
// once; an account above maintenance is never liquidated; what is still owed once nothing is left
// to sell is the liquidation's shortfall, shown to the user, the loan still owed in the ledger and
// no cash balance negative. Prices move by a scenario injected into both nodes (tests only).

let testApp: TestApp;
let second: TestApp;
let admin: StaffHeaders;
let scenario: ReturnType<typeof priceScenario>;
let largeCaps: string[];

const FRIDAY_AFTERNOON = '2026-11-20T14:45:17Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  second = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
  admin = await adminLogin(testApp);
  scenario = priceScenario([testApp, second]);
});
afterAll(async () => {
  scenario.restore();
  await second.close();
  await testApp.close();
});

const summaryOf = async (user: MarginUser) => (await postData(testApp, '/margin/summary', {}, user)).data;

async function ticks(symbols: string[], times = 3) {
  for (let count = 0; count < times; count += 1) {
    await Promise.all([
      testApp.app.services.marginLevel.onQuotes(symbols),
      second.app.services.marginLevel.onQuotes(symbols),
      testApp.app.services.marginLevel.onQuotes(symbols),
    ]);
  }
}

async function marginBuyer(buys: { symbol: string; amount: string }[]) {
  const user = await fundedUser(testApp, admin, '10000.00');
  await openMargin(testApp, user);
  for (const buy of buys) {
    const placed = await placeOrder(testApp, user, { ...buy, side: 'buy', leverage: '2.00' });
    expect(placed.data?.state).toBe('filled');
  }
  return user;
}

const reload = () =>
  Promise.all([testApp.app.services.marginLevel.reload(), second.app.services.marginLevel.reload()]);

const liquidationsOf = async (user: MarginUser) =>
  queryRows<{ id: string; state: string }>(
    testApp.database.db,
    sql`select id::text as id, state from margin_liquidations where user_id = ${await userIdOf(testApp, user)}`,
  );
const sellOrders = async (user: MarginUser) =>
  queryRows<{ symbol: string }>(
    testApp.database.db,
    sql`select symbol from orders where user_id = ${await userIdOf(testApp, user)} and side = 'sell' order by id`,
  );
const messagesOf = async (user: MarginUser, kind: string) =>
  queryRows<{ params: Record<string, string> }>(
    testApp.database.db,
    sql`select params from user_messages where kind = ${kind} and user_id = ${await userIdOf(testApp, user)}`,
  );
const heldSymbols = async (user: MarginUser) => (await postData(testApp, '/trade/positions', {}, user)).data;

describe('liquidation', () => {
  beforeAll(async () => {
    const user = await fundedUser(testApp, admin, '100.00');
    largeCaps = (await marginSymbols(testApp, user)).largeCaps;
    expect(largeCaps.length).toBeGreaterThanOrEqual(4);
  });

  it('closes positions largest loss first, once across two nodes, and stops back at maintenance; an account above maintenance is left alone', async () => {
    const [a, b, c, d] = largeCaps as [string, string, string, string];
    const user = await marginBuyer([
      { symbol: a, amount: '2000.00' },
      { symbol: b, amount: '2000.00' },
      { symbol: c, amount: '2000.00' },
    ]);
    // Holds only d, which falls by a third: a margin call, but above maintenance... below the call
    // level yet above the liquidation level, so never liquidated.
    const calledOnly = await marginBuyer([{ symbol: d, amount: '2000.00' }]);
    await reload();
    // Holdings 6,000 → 800 + 1,200 + 1,800 = 3,800 against about 3,000 owed: level about 70 %.
    scenario.set(a, 40n);
    scenario.set(b, 60n);
    scenario.set(c, 90n);
    scenario.set(d, 70n);
    const before = await summaryOf(user);
    expect(before.levelBasisPoints).toBeLessThan(MARGIN_RULES.liquidationLevelBasisPoints);
    const calledBefore = await summaryOf(calledOnly);
    expect(calledBefore.levelBasisPoints).toBeLessThan(MARGIN_RULES.callLevelBasisPoints);
    expect(calledBefore.levelBasisPoints).toBeGreaterThanOrEqual(MARGIN_RULES.liquidationLevelBasisPoints);

    await ticks([a, b, c, d]);

    // a lost most (60 %), then b (40 %): closing both brings the account back above maintenance; c stays.
    expect((await sellOrders(user)).map((row) => row.symbol)).toEqual([a, b]);
    expect(await liquidationsOf(user)).toMatchObject([{ state: 'done' }]);
    const after = await summaryOf(user);
    expect(after.levelBasisPoints).toBeGreaterThanOrEqual(10_000);
    expect(after.liquidation).toMatchObject({ state: 'done', shortfall: '0.00' });
    expect(after.liquidation.sales.map((sale: { symbol: string }) => sale.symbol)).toEqual([a, b]);
    // Each sale logged with the quote used and its loss, largest first.
    const [first, next] = after.liquidation.sales as { lossEur: string; last: string; quoteAt: string }[];
    expect(Number(first!.lossEur)).toBeGreaterThan(Number(next!.lossEur));
    expect(Number(first!.last)).toBeGreaterThan(0);
    const held = JSON.stringify(await heldSymbols(user));
    expect(held).toContain(c);
    expect(await messagesOf(user, 'margin_liquidation')).toHaveLength(1);
    const inbox = JSON.stringify(
      (await call(testApp.app, '/user/notice', { language: 'en' }, user)).json().data,
    );
    expect(inbox).toContain('Margin account liquidated');

    // Below the call level but above the liquidation level: called, never liquidated.
    expect(await sellOrders(calledOnly)).toEqual([]);
    expect(await liquidationsOf(calledOnly)).toEqual([]);
    expect(await messagesOf(calledOnly, 'margin_call')).toHaveLength(1);

    // More ticks at the same prices sell nothing more.
    await ticks([a, b, c, d], 2);
    expect((await sellOrders(user)).map((row) => row.symbol)).toEqual([a, b]);
    expect(await liquidationsOf(user)).toHaveLength(1);
    expect(await breaches(testApp)).toEqual([]);
    for (const symbol of [a, b, c, d]) scenario.clear(symbol);
  });

  it('a shock on one symbol held by many accounts liquidates exactly those below the level, once each, on two nodes', async () => {
    const symbol = largeCaps[3]!;
    const leverages = ['1.25', '1.50', '1.75', '2.00'];
    const holders: { user: MarginUser; leverage: string }[] = [];
    for (const leverage of leverages) {
      for (let count = 0; count < 4; count += 1) {
        const user = await fundedUser(testApp, admin, '3000.00');
        await openMargin(testApp, user);
        const placed = await placeOrder(testApp, user, { symbol, side: 'buy', amount: '2000.00', leverage });
        expect(placed.data?.state).toBe('filled');
        holders.push({ user, leverage });
      }
    }
    await reload();
    // A 40 % fall: 2.00x about 55 % (liquidated), 1.75x about 95 % (called only), the others above 100 %.
    scenario.set(symbol, 60n);
    const below = new Set<string>();
    for (const { user } of holders) {
      const level = (await summaryOf(user)).levelBasisPoints as number;
      if (level < MARGIN_RULES.liquidationLevelBasisPoints) below.add(user.account);
    }
    expect([...below].length).toBe(4);
    await ticks([symbol], 3);
    for (const { user, leverage } of holders) {
      const sold = await sellOrders(user);
      if (below.has(user.account)) {
        expect(sold, leverage).toEqual([{ symbol }]);
        expect(await liquidationsOf(user)).toMatchObject([{ state: 'done' }]);
      } else {
        expect(sold, leverage).toEqual([]);
        expect(await liquidationsOf(user)).toEqual([]);
      }
    }
    expect(await breaches(testApp)).toEqual([]);
    scenario.clear(symbol);
  });

  it('a shortfall once nothing is left to sell is recorded and shown; the loan stays owed, no cash is negative', async () => {
    const e = largeCaps[4] ?? largeCaps[0]!;
    const user = await marginBuyer([{ symbol: e, amount: '2000.00' }]);
    await reload();
    // Holding 2,000 → 700 against about 1,000 owed: equity negative.
    scenario.set(e, 35n);
    await ticks([e]);
    expect((await sellOrders(user)).map((row) => row.symbol)).toEqual([e]);
    const after = await summaryOf(user);
    expect(after.liquidation.state).toBe('done');
    const shortfall = after.liquidation.shortfall as string;
    expect(Number(shortfall)).toBeGreaterThan(0);
    // What is still owed is the shortfall (no margin cash), in the loan the user sees.
    const eur = after.currencies.find((row: { currency: string }) => row.currency === 'EUR');
    expect(eur.owed).toBe(shortfall);
    expect(after.equity).toBe(`-${shortfall}`);
    const [message] = await messagesOf(user, 'margin_liquidation');
    expect(message!.params).toMatchObject({ amount: shortfall, currency: 'EUR' });
    const balances = (await postData(testApp, '/user/getUserinfo', undefined, user)).data.balances as {
      available: string;
    }[];
    for (const balance of balances) expect(Number(balance.available)).toBeGreaterThanOrEqual(0);
    expect(await breaches(testApp)).toEqual([]);
    scenario.clear(e);
  });
});
