import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { minor4 } from './price-test-support';

// Resting orders on the quote stream: a limit fills exactly when the quote crosses it, at the ask
// or bid of that quote; two server nodes evaluating the same quotes fill an order once; day orders
// expire at the close with their holds released (the expiry job).

let testApp: TestApp;
let second: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

const START = '2026-11-20T10:00:00Z'; // Brussels 11:00, Euronext open

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(START);
  second = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
  admin = await adminLogin(testApp);
});
afterAll(async () => {
  await second.close();
  await testApp.close();
});

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();

describe('resting limit orders', () => {
  it('fill exactly when the quote crosses, at its ask or bid, once across two nodes', async () => {
    const user = await fundedUser(testApp, admin, '5000.00');
    expect((await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' })).data.state).toBe('filled');
    const start = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    // At the last price: a buy waits for the ask to come down to it, a sale for the bid to reach it.
    const buy = await place(user, {
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: start.latest,
      quantity: '2',
      timeInForce: 'gtc',
    });
    const sell = await place(user, {
      symbol: 'KBC.BR',
      side: 'sell',
      type: 'limit',
      limitPrice: start.latest,
      quantity: '2',
      timeInForce: 'gtc',
    });
    expect([buy.data.state, sell.data.state]).toEqual(['pending', 'pending']);
    const limit = minor4(start.latest);
    const open = new Map([
      [buy.data.id as string, 'buy'],
      [sell.data.id as string, 'sell'],
    ]);
    for (let minute = 1; minute <= 240 && open.size > 0; minute += 1) {
      testApp.clock.set(new Date(Date.parse(START) + minute * 60_000));
      const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
      // Both nodes see the same quote at once; each order is claimed by one of them.
      const [here, there] = await Promise.all([
        testApp.app.services.trading.onQuotes(['KBC.BR']),
        second.app.services.trading.onQuotes(['KBC.BR']),
      ]);
      const expectedFills = [...open].filter(([, side]) =>
        side === 'buy' ? minor4(quote.ask) <= limit : minor4(quote.bid) >= limit,
      );
      // The simulator ticks on a timer, reading this same clock. On a loaded machine its tick for
      // the new minute may come after the calls above (which then see no fresh quote and fill
      // nothing) or before them (the nodes' own tick subscriptions fill first, the calls find the
      // order claimed). What counts is below: each crossed order filled once, at this quote, within
      // a few seconds, and no other order filled.
      expect(here + there).toBeLessThanOrEqual(expectedFills.length);
      for (const [id, side] of expectedFills) {
        let order = (await post('/trade/order', { id }, user)).data;
        for (let wait = 0; wait < 50 && order.state === 'pending'; wait += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          order = (await post('/trade/order', { id }, user)).data;
        }
        expect(order.state).toBe('filled');
        expect(order.fills).toHaveLength(1);
        expect(order.fills[0]).toMatchObject({
          price: side === 'buy' ? quote.ask : quote.bid,
          priceBasis: side === 'buy' ? 'ask' : 'bid',
          quoteTimestamp: quote.timestamp,
        });
        open.delete(id);
      }
      for (const [id] of open) expect((await post('/trade/order', { id }, user)).data.state).toBe('pending');
    }
    expect(open.size).toBeLessThan(2);
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });
});

describe('expiry', () => {
  it('a day order expires at the close and its cash is released', async () => {
    testApp.clock.set(START);
    const user = await fundedUser(testApp, admin, '1000.00');
    const quote = (await post('/market/quote', { symbol: 'UCB.BR' }, user)).data;
    const low = (minor4(quote.latest) * 91n) / 100n;
    const limitPrice = `${low / 10_000n}.${String(low % 10_000n).padStart(4, '0')}`;
    const placed = await place(user, {
      symbol: 'UCB.BR',
      side: 'buy',
      type: 'limit',
      limitPrice,
      quantity: '1',
    });
    expect(placed.data).toMatchObject({ state: 'pending', expiresAt: '2026-11-20T16:30:00.000Z' });
    const frozen = async () =>
      (await post('/user/getUserinfo', undefined, user)).data.balances.find(
        (row: { currency: string }) => row.currency === 'EUR',
      ).frozen as string;
    expect(await frozen()).toBe(placed.data.reserved);

    testApp.clock.set('2026-11-20T16:29:00Z');
    await testApp.app.jobs.runDue();
    expect((await post('/trade/order', { id: placed.data.id }, user)).data.state).toBe('pending');

    testApp.clock.set('2026-11-20T16:31:00Z');
    await testApp.app.jobs.runDue();
    const expired = (await post('/trade/order', { id: placed.data.id }, user)).data;
    expect(expired).toMatchObject({
      state: 'expired',
      reserved: '0.00',
      expiredAt: '2026-11-20T16:31:00.000Z',
    });
    expect(await frozen()).toBe('0.00');
    expect(await post('/trade/cancel', { id: placed.data.id }, user)).toMatchObject({
      code: 'ORDER_NOT_PENDING',
    });
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });
});
