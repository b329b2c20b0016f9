import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// A resting order filled on the quote stream while the user is away is told as a message (issue
// 14, item 4: alerts also for fills), in the fill's transaction, in the reader's language.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };
const START = '2026-11-20T10:00:00Z'; // Brussels 11:00, Euronext open

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(START);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();
const ownMessages = async (user: User, language: string) =>
  (
    (await post('/user/notice', { language }, user)).data as Array<{
      id: string;
      title: string;
      content: string;
    }>
  ).filter((item) => item.id.startsWith('m'));

describe('fill messages', () => {
  it('tells a resting order filled on the quote stream, once; an order filled at placement is not told', async () => {
    const user = await fundedUser(testApp, admin, '5000.00');
    expect((await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' })).data.state).toBe('filled');
    const before = (await ownMessages(user, 'en')).length;
    const start = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const sell = await place(user, {
      symbol: 'KBC.BR',
      side: 'sell',
      type: 'limit',
      limitPrice: start.latest,
      quantity: '3',
      timeInForce: 'gtc',
    });
    expect(sell.data.state).toBe('pending');
    let state = 'pending';
    for (let minute = 1; minute <= 240 && state === 'pending'; minute += 1) {
      testApp.clock.set(new Date(Date.parse(START) + minute * 60_000));
      await testApp.app.services.trading.onQuotes(['KBC.BR']);
      state = (await post('/trade/order', { id: sell.data.id }, user)).data.state;
    }
    expect(state).toBe('filled');
    const order = (await post('/trade/order', { id: sell.data.id }, user)).data;
    const messages = await ownMessages(user, 'en');
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]!.title).toBe('Order filled');
    expect(messages[0]!.content).toMatch(
      /^Your sell order for 3 KBC Group \(KBC\.BR\) was filled at [\d,.]+ €\.$/,
    );
    expect(messages[0]!.content).toContain(order.fills[0].price.replace(/(\.\d\d)\d*$/, '$1'));
    const dutch = await ownMessages(user, 'nl');
    expect(dutch[0]!.content).toMatch(/^Uw order \(verkoop\) voor 3 KBC Group/);
    // Another tick changes nothing.
    await testApp.app.services.trading.onQuotes(['KBC.BR']);
    expect(await ownMessages(user, 'en')).toHaveLength(before + 1);
  });
});
