import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, DEFAULT_PASSWORD, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { dividendPayment, entitlements } from './corporate-actions';

// The simulator's corporate actions applied to holders: a dividend is credited to those who held
// at the ex-date's open, less withholding (US 15 % at source, then Belgian 30 % on the net), once;
// a split adds shares without a cash move and keeps the cost. Figures from the simulator's
// published actions: AAPL 0.24 USD ex 2026-10-05; WMT 1:3 ex 2026-02-24, then 0.18 ex 2026-05-06.
// The clock only moves forward here (staff two-factor codes are drawn from it), so the cases run
// in date order.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const buy = async (user: User, symbol: string, quantity: string) =>
  (
    await callWithKey(
      testApp,
      '/trade/place',
      { symbol, side: 'buy', quantity, payCurrency: 'EUR', fundPassword: FUND_PASSWORD },
      user,
    )
  ).json();
const usd = async (user: User) =>
  (await post('/user/getUserinfo', undefined, user)).data.balances.find(
    (row: { currency: string }) => row.currency === 'USD',
  ).available as string;
/** A fresh session after the clock jumped months ahead (sessions last a week). */
const signIn = async (account: string) =>
  (await call(testApp.app, '/user/login', { account, password: DEFAULT_PASSWORD })).json().data
    .token as string;
const process = (at: string) => {
  testApp.clock.set(at);
  return testApp.app.services.trading.processCorporateActions(new Date(at));
};

describe('withholding arithmetic', () => {
  it('Belgian 30 % on a Belgian dividend; US 15 % then Belgian 30 % on the net', () => {
    expect(dividendPayment(100n, 1_2345n, { foreignBasisPoints: 0, belgianBasisPoints: 3000 })).toEqual({
      grossMinor: 123_45n,
      foreignMinor: 0n,
      belgianMinor: 37_04n, // 37.035 → 37.04 half-up
      netMinor: 86_41n,
    });
    expect(dividendPayment(10n, 2400n, { foreignBasisPoints: 1500, belgianBasisPoints: 3000 })).toEqual({
      grossMinor: 2_40n,
      foreignMinor: 36n,
      belgianMinor: 61n, // 30 % of 2.04 = 0.612
      netMinor: 1_43n,
    });
  });

  it('entitlement: buys minus sales before the record date, scaled by the splits between', () => {
    const at = (iso: string) => new Date(iso);
    const held = entitlements(
      [
        { userId: 1n, side: 'buy', quantityMinor: 3n, createdAt: at('2026-02-20T15:00:00Z') },
        { userId: 1n, side: 'sell', quantityMinor: 1n, createdAt: at('2026-02-21T15:00:00Z') },
        { userId: 2n, side: 'buy', quantityMinor: 5n, createdAt: at('2026-03-01T15:00:00Z') },
        { userId: 3n, side: 'buy', quantityMinor: 5n, createdAt: at('2026-06-01T15:00:00Z') },
      ],
      [{ exStartMs: Date.parse('2026-02-24T14:30:00Z'), ratioFrom: 1, ratioTo: 3 }],
      Date.parse('2026-05-06T13:30:00Z'),
    );
    expect([...held]).toEqual([
      [1n, 6n],
      [2n, 5n],
    ]);
  });
});

describe('splits', () => {
  it('multiply the shares without a cash move, keep the cost, and later dividends count the new shares', async () => {
    testApp.clock.set('2026-02-20T15:00:00Z');
    admin = await adminLogin(testApp);
    const user = await fundedUser(testApp, admin, '2000.00');
    expect((await buy(user, 'WMT', '3')).data.state).toBe('filled');
    const before = (await post('/trade/positions', {}, user)).data.items[0];
    /** The cash (a split moves none); total assets and profit follow the live price. */
    const cash = async () =>
      (await post('/user/getUserinfo', undefined, user)).data.balances.map(
        (row: { currency: string; available: string; frozen: string }) =>
          `${row.currency} ${row.available} ${row.frozen}`,
      );
    const cashBefore = await cash();

    expect(await process('2026-02-24T16:00:00Z')).toBeGreaterThanOrEqual(1);
    const after = (await post('/trade/positions', {}, user)).data.items[0];
    expect(after).toMatchObject({ quantity: '9', costBasis: before.costBasis, availableQuantity: '9' });
    const detail = (await post('/trade/position', { id: after.id }, user)).data;
    expect(detail.lots).toHaveLength(1);
    expect(detail.lots[0].quantity).toBe('9');
    expect(await cash()).toEqual(cashBefore);

    // 9 × 0.18 = 1.62; 15 % = 0.243 → 0.24; 30 % of 1.38 = 0.414 → 0.41; net 0.97.
    await process('2026-05-07T15:00:00Z');
    const signedIn = { ...user, token: await signIn(user.account) };
    expect(await usd(signedIn)).toBe('0.97');
    // The shares can be sold: the ledger holds nine.
    const sold = (
      await callWithKey(
        testApp,
        '/trade/place',
        { symbol: 'WMT', side: 'sell', quantity: '9', fundPassword: FUND_PASSWORD },
        signedIn,
      )
    ).json();
    expect(sold.data.state).toBe('filled');
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });
});

describe('dividends', () => {
  it('credits holders at the record date once, net of withholding, with its ledger entry', async () => {
    testApp.clock.set('2026-10-02T15:00:00Z');
    admin = await adminLogin(testApp);
    const holder = await fundedUser(testApp, admin, '5000.00');
    expect((await buy(holder, 'AAPL', '10')).data.state).toBe('filled');
    testApp.clock.set('2026-10-05T15:00:00Z');
    admin = await adminLogin(testApp);
    const late = await fundedUser(testApp, admin, '5000.00');
    expect((await buy(late, 'AAPL', '5')).data.state).toBe('filled');

    expect(await usd(holder)).toBe('0.00');
    expect(await process('2026-10-06T15:00:00Z')).toBeGreaterThanOrEqual(1);
    expect(await usd(holder)).toBe('1.43');
    expect(await usd(late)).toBe('0.00');
    expect(await process('2026-10-06T16:00:00Z')).toBe(0);
    expect(await usd(holder)).toBe('1.43');
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  });
});
