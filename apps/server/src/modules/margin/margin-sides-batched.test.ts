import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel, depositAndApprove } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  openMargin,
  placeOrder,
  postData,
  priceScenario,
  saveInstrument,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// The margin level's tick reads its holders' margin sides together (`margin.sidesNow`: their
// positions in one read, their loan movements summed per currency and kind in SQL, their margin
// cash in one read). Whatever the mix of accounts, each side must equal the one account's
// computation (`margin.sideNow`) field for field: a 2× long, a short, margin cash moved both ways,
// a repayment, interest days, a loan and margin cash in USD beside EUR, an account owing more than
// it holds (negative equity after a price fall), an open margin account with nothing on it, a cash
// account that never borrowed, and a user listed twice. On PGlite and PostgreSQL (TEST_DATABASE_URL).

let testApp: TestApp;
let admin: StaffHeaders;
let scenario: ReturnType<typeof priceScenario>;

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
  scenario = priceScenario([testApp]);
});
afterAll(async () => {
  scenario.restore();
  await testApp.close();
});

const ok = (body: { status: number }, what: string) => {
  if (body.status !== 1) throw new Error(`${what}: ${JSON.stringify(body)}`);
};
const transfer = async (user: MarginUser, direction: string, currency: string, amount: string) =>
  ok(
    (await callWithKey(testApp, '/margin/transfer', { direction, currency, amount }, user)).json(),
    `transfer ${direction} ${currency} ${amount}`,
  );
const buy = async (user: MarginUser, symbol: string, quantity: string, extra: Record<string, unknown> = {}) =>
  ok(await placeOrder(testApp, user, { symbol, side: 'buy', quantity, ...extra }), `buy ${symbol}`);

describe('the margin sides of many accounts read together', () => {
  const users: Record<string, MarginUser> = {};
  const ids: Record<string, bigint> = {};
  let eurLarge: string;
  let eurOther: string;
  let shortable: string;
  let usdLarge: string;

  beforeAll(async () => {
    const probe = await fundedUser(testApp, admin, '100.00');
    const { instruments } = (await postData(testApp, '/margin/parameters', {}, probe)).data as {
      instruments: { symbol: string; marginClass: string; currency: string }[];
    };
    const of = (currency: string) =>
      instruments.filter((row) => row.marginClass === 'large_cap' && row.currency === currency);
    [eurLarge, eurOther, shortable] = of('EUR').map((row) => row.symbol) as [string, string, string];
    usdLarge = of('USD')[0]!.symbol;
    ok(await saveInstrument(testApp, admin, shortable, { lendable: true }), 'lendable');
    const usdChannel = await createChannel(testApp, admin, { currency: 'USD', name: 'USD transfer' });

    // A 2× long with margin cash moved in and partly out, and a repayment from cash.
    users.long = await fundedUser(testApp, admin, '20000.00');
    await openMargin(testApp, users.long);
    await buy(users.long, eurLarge, '20', { leverage: '2.00' });
    await buy(users.long, eurOther, '3');
    await transfer(users.long, 'to_margin', 'EUR', '700.00');
    await transfer(users.long, 'to_cash', 'EUR', '150.25');
    ok(
      (await callWithKey(testApp, '/margin/repay', { currency: 'EUR', amount: '123.45' }, users.long)).json(),
      'repay',
    );

    // A lender (fully paid shares, opted in) and a short seller.
    users.lender = await fundedUser(testApp, admin, '20000.00');
    await buy(users.lender, shortable, '30');
    await openMargin(testApp, users.lender);
    ok(await postData(testApp, '/margin/lendingOptIn', { lend: true }, users.lender), 'opt in');
    users.short = await fundedUser(testApp, admin, '20000.00');
    await openMargin(testApp, users.short);
    ok(
      await placeOrder(testApp, users.short, {
        symbol: shortable,
        side: 'sell',
        direction: 'short',
        type: 'market',
        quantity: '6',
      }),
      'short',
    );
    await transfer(users.short, 'to_margin', 'EUR', '250.00');

    // Loans and margin cash in USD and EUR.
    users.usd = await fundedUser(testApp, admin, '20000.00');
    await depositAndApprove(testApp, users.usd, admin, usdChannel, '9000.00');
    await openMargin(testApp, users.usd);
    await buy(users.usd, usdLarge, '15', { leverage: '2.00', payCurrency: 'USD' });
    await buy(users.usd, eurOther, '10', { leverage: '1.50' });
    await transfer(users.usd, 'to_margin', 'USD', '321.09');

    // Bought at 2× on what will fall 60 %: owes more than it holds.
    users.owing = await fundedUser(testApp, admin, '20000.00');
    await openMargin(testApp, users.owing);
    await buy(users.owing, eurOther, '40', { leverage: '2.00' });

    // An open margin account with nothing on it; a cash account holding what the others hold.
    users.empty = await fundedUser(testApp, admin, '100.00');
    await openMargin(testApp, users.empty);
    users.cash = await fundedUser(testApp, admin, '20000.00');
    await buy(users.cash, eurLarge, '5');
    await buy(users.cash, eurOther, '5');

    // Interest days on every loan (the next two days posted).
    const later = new Date(testApp.clock.now().getTime() + 2 * 86_400_000);
    expect(await testApp.app.services.margin.accrueInterest(later)).toBeGreaterThan(0);

    for (const [name, user] of Object.entries(users)) ids[name] = await userIdOf(testApp, user);
  });

  const compare = async () => {
    const margin = testApp.app.services.margin;
    const list = [...Object.values(ids), ids.long!, 999_999_999n];
    const batched = await margin.sidesNow(list);
    expect([...batched.keys()].sort()).toEqual([...new Set(list)].sort());
    for (const userId of new Set(list)) expect(batched.get(userId)).toEqual(await margin.sideNow(userId));
    return batched;
  };

  it('equals each account own margin side, field for field', async () => {
    const sides = await compare();
    const of = (name: string) => sides.get(ids[name]!)!;
    const loan = (name: string, currency: string) => of(name).loans.find((row) => row.currency === currency)!;
    const cash = (name: string, currency: string) =>
      of(name).marginCash.find((row) => row.currency === currency)!.balanceMinor;
    // The mix is what it says: every figure the side adds up is exercised by some account.
    expect(loan('long', 'EUR')).toMatchObject({ marginCashMovedMinor: 54_975n });
    expect(loan('long', 'EUR').repaidMinor).toBe(12_345n);
    expect(loan('long', 'EUR').interestMinor).toBeGreaterThan(0n);
    expect(cash('long', 'EUR')).toBeGreaterThan(0n);
    expect(of('short').holdingsEur).toBeLessThan(0n);
    expect(cash('short', 'EUR')).toBeGreaterThan(0n);
    expect(loan('usd', 'USD').owedMinor).toBeGreaterThan(0n);
    expect(loan('usd', 'EUR').owedMinor).toBeGreaterThan(0n);
    expect(cash('usd', 'USD')).toBe(32_109n);
    expect(of('empty')).toMatchObject({ holdingsEur: 0n, owedEur: 0n, maintenanceEur: 0n });
    expect(of('cash')).toMatchObject({ owedEur: 0n });
    expect(of('cash').holdingsEur).toBeGreaterThan(0n);
  });

  it('still equals it after a price fall that leaves an account owing more than it holds', async () => {
    scenario.set(eurOther, 40n);
    scenario.set(usdLarge, 70n);
    scenario.set(shortable, 130n);
    try {
      const sides = await compare();
      expect(sides.get(ids.owing!)!.equityEur).toBeLessThan(0n);
    } finally {
      scenario.clear(eurOther);
      scenario.clear(usdLarge);
      scenario.clear(shortable);
    }
    expect(await breaches(testApp)).toEqual([]);
  });
});
