import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// The withdrawal fee and minimum are set per currency (WITHDRAWAL_FEE_EUR/_USD,
// WITHDRAWAL_MINIMUM_EUR/_USD), read from the environment as the server reads it: a USD withdrawal
// is held to the USD minimum and pays the USD fee, never the EUR one.

let testApp: TestApp;
let admin: StaffHeaders;
let usdChannelId: string;

beforeAll(async () => {
  const { funds } = loadConfig({
    WITHDRAWAL_FEE_EUR: '1.50',
    WITHDRAWAL_FEE_USD: '0.75',
    WITHDRAWAL_MINIMUM_USD: '50.00',
  });
  testApp = await buildTestApp({ config: { funds } });
  admin = await adminLogin(testApp);
  usdChannelId = await createChannel(testApp, admin, { currency: 'USD', name: 'USD transfer' });
});
afterAll(() => testApp.close());

type Funded = Awaited<ReturnType<typeof fundedUser>>;

const withdraw = (user: Funded, currency: 'EUR' | 'USD', amount: string) =>
  callWithKey(
    testApp,
    '/cashOut/submit',
    { currency, amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
    user,
  );

const feesCollected = async () =>
  Object.fromEntries(
    (await testApp.app.services.ledger.getHouseBalances(testApp.database.db))
      .filter((row) => row.kind === 'fees')
      .map((row) => [row.asset, row.balanceMinor]),
  );

describe('withdrawal fee and minimum per currency', () => {
  it('shows each currency its own minimum and fee on the rules screen', async () => {
    const user = await fundedUser(testApp, admin, '500.00');
    const rulesOf = async (currency: string) =>
      (await call(testApp.app, '/cashOut/rules', { currency }, user)).json().data;
    expect(await rulesOf('EUR')).toMatchObject({ currency: 'EUR', minimum: '100.00', fee: '1.50' });
    expect(await rulesOf('USD')).toMatchObject({ currency: 'USD', minimum: '50.00', fee: '0.75' });
  });

  it('holds each withdrawal to the minimum of its currency', async () => {
    const euros = await fundedUser(testApp, admin, '500.00');
    expect((await withdraw(euros, 'EUR', '60.00')).json()).toMatchObject({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      params: { currency: 'EUR', minimum: '100.00' },
    });
    const dollars = await fundedUser(testApp, admin, '500.00', usdChannelId);
    expect((await withdraw(dollars, 'USD', '49.99')).json()).toMatchObject({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      params: { currency: 'USD', minimum: '50.00' },
    });
    expect((await withdraw(dollars, 'USD', '60.00')).json().data).toMatchObject({
      currency: 'USD',
      amount: '60.00',
    });
  });

  it('takes the fee of the withdrawal’s own currency out of the amount', async () => {
    const before = await feesCollected();
    const euros = await fundedUser(testApp, admin, '500.00');
    const dollars = await fundedUser(testApp, admin, '500.00', usdChannelId);
    const eur = (await withdraw(euros, 'EUR', '200.00')).json().data;
    const usd = (await withdraw(dollars, 'USD', '200.00')).json().data;
    expect(eur).toMatchObject({ fee: '1.50', payout: '198.50' });
    expect(usd).toMatchObject({ fee: '0.75', payout: '199.25' });
    for (const id of [eur.id, usd.id]) {
      const paid = await callAdmin(
        testApp,
        '/withdrawals/review',
        { id, decision: 'approve', reason: 'paid' },
        admin,
      );
      expect(paid.json().status).toBe(1);
    }
    const after = await feesCollected();
    expect((after.EUR ?? 0n) - (before.EUR ?? 0n)).toBe(1_50n);
    expect((after.USD ?? 0n) - (before.USD ?? 0n)).toBe(75n);
    const balances = (await call(testApp.app, '/user/getUserinfo', undefined, dollars)).json().data.balances;
    expect(balances).toMatchObject([
      { currency: 'EUR', available: '0.00' },
      { currency: 'USD', available: '300.00', frozen: '0.00' },
    ]);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});
