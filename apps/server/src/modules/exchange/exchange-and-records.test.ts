import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { quoteExchange } from './exchange-quote';

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

const balances = async (user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances as Array<{
    currency: string;
    available: string;
    frozen: string;
  }>;

const toMinor = (text: string) => BigInt(text.replace('.', ''));

/** Every record of the user, all pages. */
async function allRecords(user: User, tab = 'all') {
  const items: Array<{ id: string; kind: string; memo: string; currency: string; amount: string }> = [];
  for (let page = 1; ; page += 1) {
    const data = (await call(testApp.app, '/fundRecord/list', { tab, page, pageSize: 2 }, user)).json().data;
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return { items, total: data.total };
  }
}

/** The records summed per currency equal available + frozen: nothing moved outside the records. */
async function expectRecordsMatchBalances(user: User) {
  const { items } = await allRecords(user);
  for (const balance of await balances(user)) {
    const sum = items
      .filter((item) => item.currency === balance.currency)
      .reduce((total, item) => total + toMinor(item.amount), 0n);
    expect(sum).toBe(toMinor(balance.available) + toMinor(balance.frozen));
  }
}

describe('currency exchange', () => {
  it('quotes at the market rate minus the spread, then posts exactly the quote through the FX accounts', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const market = (await call(testApp.app, '/market/fxRate', { base: 'EUR', quote: 'USD' })).json().data;
    const quote = (
      await call(testApp.app, '/exChange/quote', { from: 'EUR', to: 'USD', amount: '400.00' }, user)
    ).json().data;
    const expected = quoteExchange({
      from: 'EUR',
      to: 'USD',
      amountMinor: 40_000n,
      eurUsdMinor: toMinor(market.rate),
      spreadBasisPoints: 50,
    });
    expect(quote).toMatchObject({
      from: 'EUR',
      to: 'USD',
      amount: '400.00',
      marketRate: market.rate,
      spreadBasisPoints: 50,
      source: market.source,
    });
    expect(toMinor(quote.received)).toBe(expected.receivedMinor);

    expect(quote.holdSeconds).toBe(15);
    expect(Date.parse(quote.expiresAt) - testApp.clock.now().getTime()).toBe(15_000);

    const done = await callWithKey(
      testApp,
      '/exChange/submit',
      { quoteId: quote.quoteId },
      user,
      'exchange-key-0001',
    );
    expect(done.json().data).toMatchObject({ received: quote.received, appliedRate: quote.appliedRate });
    const again = await callWithKey(
      testApp,
      '/exChange/submit',
      { quoteId: quote.quoteId },
      user,
      'exchange-key-0001',
    );
    expect(again.json().data).toEqual(done.json().data);
    const [eur, usd] = await balances(user);
    expect(eur).toMatchObject({ available: '600.00' });
    expect(usd).toMatchObject({ available: quote.received });

    const back = (
      await call(testApp.app, '/exChange/quote', { from: 'USD', to: 'EUR', amount: quote.received }, user)
    ).json().data;
    expect(toMinor(back.received)).toBeLessThan(40_000n);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('refuses the same currency and, at quote time, an amount above the available balance', async () => {
    const user = await fundedUser(testApp, admin, '100.00');
    const same = await call(
      testApp.app,
      '/exChange/quote',
      { from: 'EUR', to: 'EUR', amount: '10.00' },
      user,
    );
    expect(same.json().code).toBe('EXCHANGE_SAME_CURRENCY');
    const tooMuch = await call(
      testApp.app,
      '/exChange/quote',
      { from: 'EUR', to: 'USD', amount: '1000000.00' },
      user,
    );
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { currency: 'EUR', available: '100.00' },
    });
    expect(tooMuch.json().data ?? null).toBeNull();
    const noDollars = await call(
      testApp.app,
      '/exChange/quote',
      { from: 'USD', to: 'EUR', amount: '0.01' },
      user,
    );
    expect(noDollars.json()).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { currency: 'USD', available: '0.00' },
    });
    const exact = await call(
      testApp.app,
      '/exChange/quote',
      { from: 'EUR', to: 'USD', amount: '100.00' },
      user,
    );
    expect(exact.json().data).toMatchObject({ amount: '100.00' });

    const quote = exact.json().data;
    const noKey = await call(testApp.app, '/exChange/submit', { quoteId: quote.quoteId }, user);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await balances(user)).toMatchObject([{ available: '100.00' }, { available: '0.00' }]);
  });
});

describe('fund records', () => {
  it('list every entry touching the user with its reason, newest first, by tab, matching the balances', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    await expectRecordsMatchBalances(user);
    const quote = (
      await call(testApp.app, '/exChange/quote', { from: 'EUR', to: 'USD', amount: '250.00' }, user)
    ).json().data;
    await callWithKey(testApp, '/exChange/submit', { quoteId: quote.quoteId }, user);
    await expectRecordsMatchBalances(user);
    const withdrawal = (
      await callWithKey(
        testApp,
        '/cashOut/submit',
        { amount: '300.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
        user,
      )
    ).json().data;
    await expectRecordsMatchBalances(user);
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: withdrawal.id, decision: 'reject', reason: 'IBAN closed at the bank' },
      admin,
    );
    await expectRecordsMatchBalances(user);

    const { items, total } = await allRecords(user);
    expect(total).toBe(5);
    expect(items.map((item) => `${item.kind}:${item.currency}:${item.amount}`)).toEqual([
      'hold_release:EUR:0.00',
      'hold_reserve:EUR:0.00',
      `exchange:EUR:-250.00`,
      `exchange:USD:${quote.received}`,
      'deposit:EUR:1000.00',
    ]);
    expect(items[0]?.memo).toBe('Withdrawal rejected: IBAN closed at the bank');
    const ids = items.map((item) => BigInt(item.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(ids);

    const deposits = await allRecords(user, 'deposit');
    expect(deposits.items.map((item) => item.kind)).toEqual(['deposit']);
    const withdrawals = await allRecords(user, 'withdrawal');
    expect(withdrawals.items.map((item) => item.kind)).toEqual(['hold_release', 'hold_reserve']);
    const exchanges = await allRecords(user, 'exchange');
    expect(exchanges.total).toBe(2);
    expect((await allRecords(user, 'trade')).total).toBe(0);

    const stranger = await signUp(testApp);
    expect((await allRecords(stranger)).total).toBe(0);
  });
});
