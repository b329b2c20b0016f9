import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// 50 buys at once with cash for about half of them never overdraw; 50 sells at once of a holding
// of 20 never sell more than 20. Runs on PGlite (npm test) and PostgreSQL (npm run test:pg).

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-20T15:45:17Z');
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const minor = (text: string) => BigInt(text.replace('.', ''));
const place = (user: User, ticket: Record<string, unknown>) =>
  callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user).then((response) =>
    response.json(),
  );

describe('orders at once', () => {
  it('50 parallel buys never overdraw', async () => {
    const user = await fundedUser(testApp, admin, '300.00');
    const one = (await post('/trade/preview', { symbol: 'PROX.BR', side: 'buy', quantity: '3' }, user)).data;
    const affordable = 300_00n / minor(one.total);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '3' })),
    );
    const filled = results.filter((result) => result.status === 1);
    const refused = results.filter((result) => result.status === 0);
    expect(refused.every((result) => result.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(filled.every((result) => result.data.state === 'filled')).toBe(true);
    expect(BigInt(filled.length)).toBeGreaterThan(0n);
    expect(BigInt(filled.length)).toBeLessThanOrEqual(affordable + 1n);
    const spent = filled.reduce((sum, result) => sum + minor(result.data.fills[0].total), 0n);
    const { balances } = (await post('/user/getUserinfo', undefined, user)).data;
    const eur = balances.find((balance: { currency: string }) => balance.currency === 'EUR');
    expect(minor(eur.available)).toBe(300_00n - spent);
    expect(minor(eur.available)).toBeGreaterThanOrEqual(0n);
    expect(eur.frozen).toBe('0.00');
    const position = (await post('/trade/positions', {}, user)).data.items[0];
    expect(position.quantity).toBe(String(filled.length * 3));
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });

  it('50 parallel sells of a holding of 20 never oversell', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    expect((await place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '20' })).data.state).toBe('filled');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => place(user, { symbol: 'PROX.BR', side: 'sell', quantity: '1' })),
    );
    const filled = results.filter((result) => result.status === 1);
    expect(filled).toHaveLength(20);
    expect(filled.every((result) => result.data.state === 'filled')).toBe(true);
    // Refused: more than the shares left, or nothing left to sell once the position closed.
    const refusals = results.filter((result) => result.status === 0).map((result) => result.code);
    expect(refusals).toHaveLength(30);
    expect(refusals.every((code) => code === 'INSUFFICIENT_POSITION' || code === 'ORDER_NOT_HOLDING')).toBe(
      true,
    );
    expect((await post('/trade/positions', {}, user)).data.total).toBe(0);
    const closed = (await post('/trade/positions', { state: 'closed' }, user)).data.items[0];
    expect(closed).toMatchObject({ quantity: '0', state: 'closed' });
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });
});
