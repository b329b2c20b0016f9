import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  openMargin,
  placeOrder,
  postData,
  priceScenario,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// Buying on margin, its interest and the capital transfer (issue 16, items 2 and 6) through the
// API: a buy carries a leverage up to the instrument's cap; only the initial part leaves the
// user's cash, the rest is the margin loan (house loan_book, a movement row the journal backs); a
// sale repays it first; interest is one entry per user, currency and day; a capital transfer out of
// the margin side is refused below maintenance; an edited or added loan row fails ledger:verify.

let testApp: TestApp;
let admin: StaffHeaders;

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const transfer = async (user: MarginUser, body: Record<string, unknown>, key?: string) =>
  (await callWithKey(testApp, '/margin/transfer', body, user, key)).json();
const minor = (text: string) => BigInt(text.replace('.', ''));
const cents = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const cashOf = async (user: MarginUser, currency = 'EUR') => {
  const { balances } = (await postData(testApp, '/user/getUserinfo', undefined, user)).data;
  return balances.find((balance: { currency: string }) => balance.currency === currency) as {
    available: string;
    frozen: string;
  };
};
async function movements(user: MarginUser) {
  const rows = (await testApp.database.db.execute(
    sql`select kind, currency, amount_minor::text as amount, interest_day::text as day from margin_loan_movements
        where user_id = ${await userIdOf(testApp, user)} order by id`,
  )) as unknown as { rows: { kind: string; currency: string; amount: string; day: string | null }[] };
  return rows.rows;
}

/** The published parameters: one large cap (2.00×), one standard (1.66×), one not marginable. */
async function symbols(user: MarginUser) {
  const { instruments } = (await postData(testApp, '/margin/parameters', {}, user)).data as {
    instruments: { symbol: string; marginClass: string; currency: string; exclusion: string | null }[];
  };
  const pick = (test: (row: (typeof instruments)[number]) => boolean) => {
    const row = instruments.find(test);
    if (!row) throw new Error('no such instrument in the catalogue');
    return row.symbol;
  };
  return {
    largeCap: pick((row) => row.marginClass === 'large_cap' && row.currency === 'EUR'),
    standard: pick((row) => row.marginClass === 'standard' && row.currency === 'EUR'),
    crypto: pick((row) => row.exclusion === 'crypto'),
  };
}

describe('buying on margin', () => {
  let user: MarginUser;
  let catalogue: Awaited<ReturnType<typeof symbols>>;
  beforeAll(async () => {
    user = await fundedUser(testApp, admin, '5000.00');
    catalogue = await symbols(user);
  });

  it('refuses a leverage before the account is open (MARGIN_NOT_ENABLED), and writes nothing', async () => {
    const before = await cashOf(user);
    expect(
      await placeOrder(testApp, user, {
        symbol: catalogue.largeCap,
        side: 'buy',
        quantity: '1',
        leverage: '2.00',
      }),
    ).toMatchObject({
      code: 'MARGIN_NOT_ENABLED',
    });
    expect(await cashOf(user)).toEqual(before);
    expect(await movements(user)).toEqual([]);
  });

  it('refuses a non-marginable instrument and a leverage above the cap, with the cap named', async () => {
    await openMargin(testApp, user);
    expect(
      await placeOrder(testApp, user, {
        symbol: catalogue.crypto,
        side: 'buy',
        quantity: '0.01',
        leverage: '1.50',
      }),
    ).toMatchObject({
      code: 'MARGIN_NOT_MARGINABLE',
      params: { symbol: catalogue.crypto },
    });
    expect(
      await placeOrder(testApp, user, {
        symbol: catalogue.largeCap,
        side: 'buy',
        quantity: '1',
        leverage: '2.01',
      }),
    ).toMatchObject({
      code: 'MARGIN_LEVERAGE_ABOVE_CAP',
      params: { leverageMax: '2.00' },
    });
    expect(
      await placeOrder(testApp, user, {
        symbol: catalogue.standard,
        side: 'buy',
        quantity: '1',
        leverage: '1.67',
      }),
    ).toMatchObject({
      code: 'MARGIN_LEVERAGE_ABOVE_CAP',
      params: { leverageMax: '1.66' },
    });
    expect(
      await placeOrder(testApp, user, {
        symbol: catalogue.largeCap,
        side: 'buy',
        quantity: '1',
        leverage: '2.00',
        payCurrency: 'USD',
      }),
    ).toMatchObject({ code: 'MARGIN_PAY_IN_TRADE_CURRENCY', params: { currency: 'EUR' } });
    expect(
      (
        await call(
          testApp.app,
          '/trade/preview',
          { symbol: catalogue.largeCap, side: 'sell', quantity: '1', leverage: '2.00' },
          user,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          testApp.app,
          '/trade/preview',
          { symbol: catalogue.largeCap, side: 'buy', quantity: '1', leverage: '0.50' },
          user,
        )
      ).statusCode,
    ).toBe(400);
    expect(await movements(user)).toEqual([]);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('a 2× buy takes only the initial part from cash; the rest is the margin loan in the ledger', async () => {
    const preview = (
      await postData(
        testApp,
        '/trade/preview',
        { symbol: catalogue.largeCap, side: 'buy', quantity: '10', leverage: '2.00' },
        user,
      )
    ).data;
    expect(preview.margin).toMatchObject({
      leverage: '2.00',
      leverageMax: '2.00',
      annualRateBasisPoints: 500,
    });
    const total = minor(preview.total);
    const used = (total + 1n) / 2n;
    expect(minor(preview.margin.marginUsed)).toBe(used);
    expect(minor(preview.margin.borrowed)).toBe(total - used);
    const before = minor((await cashOf(user)).available);
    const placed = await placeOrder(testApp, user, {
      symbol: catalogue.largeCap,
      side: 'buy',
      quantity: '10',
      leverage: '2.00',
    });
    expect(placed.data).toMatchObject({ state: 'filled', leverageRatio: '2.00' });
    const fillTotal = minor(placed.data.fills[0].total);
    const fillUsed = (fillTotal + 1n) / 2n;
    expect(minor((await cashOf(user)).available)).toBe(before - fillUsed);
    expect(await movements(user)).toEqual([
      { kind: 'borrow', currency: 'EUR', amount: String(fillTotal - fillUsed), day: null },
    ]);
    const summary = (await postData(testApp, '/margin/summary', {}, user)).data;
    expect(summary.currencies[0]).toMatchObject({
      currency: 'EUR',
      owed: cents(fillTotal - fillUsed),
      interestToDate: '0.00',
    });
    expect(await breaches(testApp)).toEqual([]);
  });

  it('selling repays the loan first, out of the proceeds', async () => {
    const owed = BigInt((await movements(user))[0]!.amount);
    const before = minor((await cashOf(user)).available);
    const sold = await placeOrder(testApp, user, {
      symbol: catalogue.largeCap,
      side: 'sell',
      quantity: '10',
    });
    expect(sold.data.state).toBe('filled');
    const proceeds = minor(sold.data.fills[0].total);
    const repaid = proceeds < owed ? proceeds : owed;
    expect((await movements(user)).at(-1)).toMatchObject({ kind: 'repay', amount: String(repaid) });
    expect(minor((await cashOf(user)).available)).toBe(before + proceeds - repaid);
    expect((await postData(testApp, '/margin/summary', {}, user)).data.currencies[0].owed).toBe(
      cents(owed - repaid),
    );
    expect(await breaches(testApp)).toEqual([]);
  });

  it('a 2× limit buy rests with only its initial part frozen, and fills on margin when the price comes down', async () => {
    const quote = (await postData(testApp, '/market/quote', { symbol: catalogue.largeCap }, user)).data;
    const [whole, fraction = ''] = (quote.ask ?? quote.latest).split('.');
    const scale = fraction.length;
    const askMinor = BigInt(`${whole}${fraction}`);
    const limitMinor = (askMinor * 95n) / 100n;
    const limitPrice = `${limitMinor / 10n ** BigInt(scale)}.${String(limitMinor % 10n ** BigInt(scale)).padStart(scale, '0')}`;
    const before = minor((await cashOf(user)).available);
    const placed = await placeOrder(testApp, user, {
      symbol: catalogue.largeCap,
      side: 'buy',
      type: 'limit',
      limitPrice,
      quantity: '10',
      leverage: '2.00',
      timeInForce: 'gtc',
    });
    expect(placed.data, JSON.stringify(placed)).toMatchObject({ state: 'pending', leverageRatio: '2.00' });
    const frozen = minor((await cashOf(user)).frozen);
    expect(frozen).toBeGreaterThan(0n);
    expect(minor((await cashOf(user)).available)).toBe(before - frozen);
    const movementsBefore = (await movements(user)).length;
    // The price falls 10 %: the ask crosses the limit on the next tick.
    const scenario = priceScenario([testApp]);
    try {
      scenario.set(catalogue.largeCap, 90n);
      await testApp.app.services.trading.onQuotes([catalogue.largeCap]);
    } finally {
      scenario.restore();
    }
    const order = (await postData(testApp, '/trade/order', { id: placed.data.id }, user)).data;
    expect(order, JSON.stringify(order)).toMatchObject({ state: 'filled', leverageRatio: '2.00' });
    const fillTotal = minor(order.fills[0].total);
    const fillUsed = (fillTotal + 1n) / 2n;
    expect(fillUsed).toBeLessThanOrEqual(frozen);
    // Only the initial part left the cash; the rest of the hold went back; the rest is the loan.
    expect(minor((await cashOf(user)).available)).toBe(before - fillUsed);
    expect((await movements(user)).slice(movementsBefore)).toEqual([
      { kind: 'borrow', currency: 'EUR', amount: String(fillTotal - fillUsed), day: null },
    ]);
    expect(await breaches(testApp)).toEqual([]);
  });
});

describe('interest on borrowed cash', () => {
  it('posts one entry per user, currency and day at the published rate, however often the job runs', async () => {
    const user = await fundedUser(testApp, admin, '5000.00');
    await openMargin(testApp, user);
    const { largeCap } = await symbols(user);
    const placed = await placeOrder(testApp, user, {
      symbol: largeCap,
      side: 'buy',
      quantity: '20',
      leverage: '2.00',
    });
    expect(placed.data.state).toBe('filled');
    const borrowed = BigInt((await movements(user))[0]!.amount);
    const margin = testApp.app.services.margin;
    // The same day: nothing yet (interest is for whole days, through yesterday).
    await margin.accrueInterest(testApp.clock.now());
    expect((await movements(user)).filter((row) => row.kind === 'interest')).toEqual([]);
    // Three days later, twice: the 20th, 21st and 22nd, once each, compounding.
    const later = new Date(testApp.clock.now().getTime() + 3 * 86_400_000);
    await Promise.all([margin.accrueInterest(later), margin.accrueInterest(later)]);
    await margin.accrueInterest(later);
    const interest = (await movements(user)).filter((row) => row.kind === 'interest');
    expect(interest.map((row) => row.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    let owed = borrowed;
    for (const row of interest) {
      const expected = (owed * 500n * 2n + 10_000n * 365n) / (2n * 10_000n * 365n);
      expect(BigInt(row.amount)).toBe(expected);
      owed += expected;
    }
    expect(await breaches(testApp)).toEqual([]);
  });
});

describe('capital transfer between the cash and margin sides', () => {
  it('moves cash both ways and refuses to leave the margin side below maintenance', async () => {
    const user = await fundedUser(testApp, admin, '5000.00');
    expect(await transfer(user, { direction: 'to_margin', currency: 'EUR', amount: '100.00' })).toMatchObject(
      {
        code: 'MARGIN_NOT_ENABLED',
      },
    );
    await openMargin(testApp, user);
    const moved = await transfer(user, { direction: 'to_margin', currency: 'EUR', amount: '1000.00' });
    expect(moved.data.currencies[0]).toMatchObject({ marginCash: '1000.00', available: '4000.00' });
    const { largeCap } = await symbols(user);
    // Spend all available cash at 2×: the loan now leans on the margin side.
    const preview = (
      await postData(
        testApp,
        '/trade/preview',
        { symbol: largeCap, side: 'buy', amount: '7900.00', leverage: '2.00' },
        user,
      )
    ).data;
    const placed = await placeOrder(testApp, user, {
      symbol: largeCap,
      side: 'buy',
      quantity: preview.quantity,
      leverage: '2.00',
    });
    expect(placed.data.state).toBe('filled');
    // Right after a 2× buy the margin side is far above maintenance: all its cash may move.
    expect(
      minor((await postData(testApp, '/margin/summary', {}, user)).data.excessOverMaintenance),
    ).toBeGreaterThan(100_000n);
    // The price falls 40 % (the holdings valued at 60 % of their price, in this test only).
    const trading = testApp.app.services.trading;
    const real = trading.marginHoldings;
    trading.marginHoldings = async (userId: bigint) =>
      (await real(userId)).map((holding) => ({ ...holding, valueMinor: (holding.valueMinor * 60n) / 100n }));
    try {
      const summary = (await postData(testApp, '/margin/summary', {}, user)).data;
      const excess = minor(summary.excessOverMaintenance);
      expect(excess).toBeGreaterThan(0n);
      expect(excess).toBeLessThan(100_000n);
      const refused = await transfer(user, { direction: 'to_cash', currency: 'EUR', amount: '1000.00' });
      expect(refused).toMatchObject({
        code: 'MARGIN_TRANSFER_BELOW_MAINTENANCE',
        params: { available: cents(excess) },
      });
      expect((await postData(testApp, '/margin/summary', {}, user)).data.currencies[0].marginCash).toBe(
        '1000.00',
      );
      const allowed = await transfer(user, { direction: 'to_cash', currency: 'EUR', amount: cents(excess) });
      expect(allowed.data.excessOverMaintenance).toBe('0.00');
      expect(allowed.data.currencies[0].marginCash).toBe(cents(100_000n - excess));
    } finally {
      trading.marginHoldings = real;
    }
    expect(await breaches(testApp)).toEqual([]);
  });
});

describe('repaying the margin loan from cash', () => {
  const repay = async (user: MarginUser, amount: string, key?: string) =>
    (await callWithKey(testApp, '/margin/repay', { currency: 'EUR', amount }, user, key)).json();
  const owedOf = async (user: MarginUser) =>
    (await postData(testApp, '/margin/summary', {}, user)).data.currencies.find(
      (row: { currency: string }) => row.currency === 'EUR',
    ).owed as string;
  /** A user who bought `amount` at 2.00× out of `deposit`: about half of it is owed. */
  const borrower = async (deposit: string, amount: string) => {
    const user = await fundedUser(testApp, admin, deposit);
    await openMargin(testApp, user);
    const { largeCap } = await symbols(user);
    const placed = await placeOrder(testApp, user, {
      symbol: largeCap,
      side: 'buy',
      amount,
      leverage: '2.00',
    });
    expect(placed.data?.state).toBe('filled');
    return user;
  };

  it('repays up to what is owed, once per key; more than owed or than the cash is refused, nothing written', async () => {
    const user = await fundedUser(testApp, admin, '3000.00');
    await openMargin(testApp, user);
    // Nothing owed yet: nothing to repay.
    expect(await repay(user, '1.00')).toMatchObject({
      code: 'MARGIN_REPAY_ABOVE_OWED',
      params: { owed: '0.00' },
    });
    const { largeCap } = await symbols(user);
    const placed = await placeOrder(testApp, user, {
      symbol: largeCap,
      side: 'buy',
      amount: '2000.00',
      leverage: '2.00',
    });
    expect(placed.data?.state).toBe('filled');
    const owed = BigInt((await owedOf(user)).replace('.', ''));
    expect(owed).toBeGreaterThan(90_000n);
    const above = await repay(user, cents(owed + 1n));
    expect(above).toMatchObject({ code: 'MARGIN_REPAY_ABOVE_OWED', params: { owed: cents(owed) } });
    // Part of it, twice with one key: one repayment.
    const key = 'repay-once-1';
    const [first, again] = [await repay(user, '400.00', key), await repay(user, '400.00', key)];
    expect(first.status).toBe(1);
    expect(again.status).toBe(1);
    expect(await owedOf(user)).toBe(cents(owed - 40_000n));
    expect((await repay(user, '401.00', key)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const repaid = (await movements(user)).filter((row) => row.kind === 'repay');
    expect(repaid).toEqual([{ kind: 'repay', currency: 'EUR', amount: '40000', day: null }]);
    // The records name it a repayment from cash, with what is still owed.
    const records = (await postData(testApp, '/fundRecord/list', { tab: 'all', pageSize: 100 }, user)).data
      .items as { kind: string; amount: string; detail: unknown }[];
    expect(records.filter((record) => record.kind === 'loan_repayment')).toEqual([
      expect.objectContaining({
        amount: '-400.00',
        detail: {
          type: 'margin_loan',
          event: 'cash_repayment',
          currency: 'EUR',
          amount: '400.00',
          day: null,
          orderId: null,
          symbol: null,
          owedAfter: cents(owed - 40_000n),
        },
      }),
    ]);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('two repayments of the whole loan at once: one is paid, the other refused', async () => {
    // 1,900 at 2.00× out of 1,000: about 950 paid and 950 owed, about 50 of cash left.
    const user = await borrower('3000.00', '1000.00');
    const owed = await owedOf(user);
    const answers = await Promise.all([repay(user, owed), repay(user, owed)]);
    expect(answers.map((answer) => (answer.status === 1 ? 1 : answer.code)).sort()).toEqual([
      1,
      'MARGIN_REPAY_ABOVE_OWED',
    ]);
    expect(await owedOf(user)).toBe('0.00');
    expect(await breaches(testApp)).toEqual([]);
  });

  it('more than the available cash is refused by the ledger, nothing written', async () => {
    // 1,900 at 2.00× out of 1,000: about 950 paid and 950 owed, about 50 of cash left.
    const user = await borrower('1000.00', '1900.00');
    const owed = await owedOf(user);
    const refused = await repay(user, owed);
    expect(refused.code).toBe('INSUFFICIENT_BALANCE');
    expect(await owedOf(user)).toBe(owed);
    expect(await breaches(testApp)).toEqual([]);
  });
});

describe('the account totals of a margin user', () => {
  it("count the margin side and subtract what is owed: borrowed money is never the user's", async () => {
    const user = await fundedUser(testApp, admin, '5000.00');
    await openMargin(testApp, user);
    const totals = async () => {
      const [summary, info] = await Promise.all([
        postData(testApp, '/trade/summary', {}, user),
        postData(testApp, '/user/getUserinfo', {}, user),
      ]);
      const row = summary.data.currencies.find((item: { currency: string }) => item.currency === 'EUR');
      const balance = info.data.balances.find((item: { currency: string }) => item.currency === 'EUR');
      expect(balance).toMatchObject({
        totalAssets: row.totalAssets,
        marginCash: row.marginCash,
        owed: row.owed,
      });
      return row as Record<string, string>;
    };
    // Cash moved to the margin side is still the user's.
    expect(
      (await transfer(user, { direction: 'to_margin', currency: 'EUR', amount: '1000.00' })).status,
    ).toBe(1);
    const moved = await totals();
    expect(moved).toMatchObject({
      available: '4000.00',
      marginCash: '1000.00',
      owed: '0.00',
      totalAssets: '5000.00',
    });
    // A 2× buy: the holding is worth about twice what it cost the user; the loan is owed.
    const { largeCap } = await symbols(user);
    const placed = await placeOrder(testApp, user, {
      symbol: largeCap,
      side: 'buy',
      amount: '2000.00',
      leverage: '2.00',
    });
    expect(placed.data?.state).toBe('filled');
    const bought = await totals();
    const owed = BigInt(bought.owed!.replace('.', ''));
    expect(owed).toBeGreaterThan(0n);
    const parts = ['available', 'frozen', 'marginCash', 'positionsValue'].map((key) =>
      BigInt(bought[key]!.replace('.', '')),
    );
    expect(BigInt(bought.totalAssets!.replace('.', ''))).toBe(parts.reduce((a, b) => a + b, 0n) - owed);
    // Net of the loan, total assets are the 5,000.00 less the buy's costs and the spread, not 7,000.
    expect(BigInt(bought.totalAssets!.replace('.', ''))).toBeLessThan(500_000n);
    expect(BigInt(bought.totalAssets!.replace('.', ''))).toBeGreaterThan(490_000n);
  });
});

describe('a hostile operator editing the loan in SQL', () => {
  it('an edited, an added or a deleted movement row is a ledger:verify breach', async () => {
    const user = await fundedUser(testApp, admin, '2000.00');
    await openMargin(testApp, user);
    const { largeCap } = await symbols(user);
    expect(
      (await placeOrder(testApp, user, { symbol: largeCap, side: 'buy', quantity: '2', leverage: '2.00' }))
        .data.state,
    ).toBe('filled');
    expect(await breaches(testApp)).toEqual([]);
    const userId = await userIdOf(testApp, user);
    const db = testApp.database.db;
    await db.execute(
      sql`update margin_loan_movements set amount_minor = 1 where user_id = ${userId} and kind = 'borrow'`,
    );
    expect((await breaches(testApp)).map((breach) => breach.detail).join('\n')).toMatch(
      /margin movement \d+ \(borrow\)/,
    );
    await db.execute(sql`update margin_loan_movements set amount_minor = (select -sum(p.amount_minor) from ledger_postings p
      join ledger_accounts a on a.id = p.account_id where p.entry_id = margin_loan_movements.entry_id and a.kind = 'loan_book')
      where user_id = ${userId} and kind = 'borrow'`);
    expect(await breaches(testApp)).toEqual([]);
    await db.execute(sql`insert into margin_loan_movements (user_id, currency, kind, amount_minor, entry_id, created_at)
      select user_id, currency, 'repay', amount_minor, entry_id, created_at from margin_loan_movements where user_id = ${userId} and kind = 'borrow'`);
    expect((await breaches(testApp)).length).toBeGreaterThan(0);
    await db.execute(sql`delete from margin_loan_movements where user_id = ${userId}`);
    expect((await breaches(testApp)).map((breach) => breach.detail).join('\n')).toMatch(
      /lends out of loan_book with no margin borrow/,
    );
  });
});
