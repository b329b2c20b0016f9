import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../config';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// A withdrawal's fee comes out of the amount (DESIGN.md §1.4), so an amount at or below the fee
// would pay out nothing or less. Seen: a fee equal to or above the amount reached the database's
// check constraint and answered HTTP 500. `loadConfig` refuses such a fee; a configuration built
// another way (in code, as tests and embedders do) reaches the service, which must refuse the
// withdrawal with a catalogued code before anything is held, and whose rules screen must show a
// minimum above the fee.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  const { funds } = testConfig();
  testApp = await buildTestApp({
    config: {
      funds: {
        ...funds,
        withdrawalFeeMinor: { EUR: 100_00n, USD: 150_00n },
        withdrawalMinimumMinor: { EUR: 100_00n, USD: 100_00n },
      },
    },
  });
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

describe('a withdrawal fee at or above the amount', () => {
  it('is refused by the configuration check', () => {
    expect(() => loadConfig({ WITHDRAWAL_FEE_EUR: '100.00' })).toThrow(/WITHDRAWAL_FEE_EUR/);
    expect(() => loadConfig({ WITHDRAWAL_FEE_USD: '150.00' })).toThrow(/WITHDRAWAL_FEE_USD/);
  });

  it('answers a catalogued refusal, holds nothing and writes nothing', async () => {
    const user = await fundedUser(testApp, admin, '500.00');
    for (const amount of ['100.00', '60.00']) {
      const response = await callWithKey(
        testApp,
        '/cashOut/submit',
        { currency: 'EUR', amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
        user,
      );
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({
        code: 'WITHDRAWAL_BELOW_MINIMUM',
        params: { currency: 'EUR', minimum: '100.01' },
      });
    }
    const listed = (await call(testApp.app, '/cashOut/list', { page: 1, pageSize: 10 }, user)).json().data;
    expect(listed.total).toBe(0);
    const balances = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances;
    expect(balances).toContainEqual(
      expect.objectContaining({ currency: 'EUR', available: '500.00', frozen: '0.00' }),
    );

    const accepted = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: '100.01', cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    expect(accepted.json().data).toMatchObject({ amount: '100.01', fee: '100.00', payout: '0.01' });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('shows a minimum above the fee on the rules screen, with what it pays out', async () => {
    const user = await fundedUser(testApp, admin, '120.00');
    const rulesOf = async (currency: string) =>
      (await call(testApp.app, '/cashOut/rules', { currency }, user)).json().data;
    expect(await rulesOf('EUR')).toMatchObject({ minimum: '100.01', fee: '100.00', minimumPayout: '0.01' });
    const usd = await rulesOf('USD');
    expect(usd).toMatchObject({ minimum: '150.01', fee: '150.00', minimumPayout: '0.01' });
    expect(usd.rules).toContainEqual({ id: 'minimum', isMet: false });
  });
});

describe('the rules screen with a valid fee', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp({ config: { funds: loadConfig({ WITHDRAWAL_FEE_EUR: '1.50' }).funds } });
  });
  afterAll(() => plain.close());

  it('keeps the configured minimum and says what it pays out after the fee', async () => {
    const user = await fundedUser(plain, await adminLogin(plain), '150.00');
    const rules = (await call(plain.app, '/cashOut/rules', { currency: 'EUR' }, user)).json().data;
    expect(rules).toMatchObject({ minimum: '100.00', fee: '1.50', minimumPayout: '98.50' });
    expect(rules.rules).toContainEqual({ id: 'minimum', isMet: true });
  });
});
