import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { minor4, price4 } from './price-test-support';

// Orders over HTTP: a market buy fills at the ask with its quote stored, one ledger entry moves
// cash, fee, TOB and shares; a limit sell above the price waits with the shares frozen and is
// cancelled; a market sell closes the position with its realised P&L. Every refusal of placing,
// selling and cancelling comes from a real request and writes nothing.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>, key?: string) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user, key)).json();
const minor = (text: string) => BigInt(text.replace('.', ''));
const cashOf = async (user: User, currency = 'EUR') => {
  const { balances } = (await post('/user/getUserinfo', undefined, user)).data;
  return balances.find((balance: { currency: string }) => balance.currency === currency) as {
    available: string;
    frozen: string;
  };
};
const expectLedgerOk = async () => {
  const report = await verifyLedger(testApp.database.db);
  expect(report.breaches).toEqual([]);
  expect(report.isOk).toBe(true);
};

describe('buy at market, sell with a limit, cancel, sell at market', () => {
  let user: User & { cardId: string };
  beforeAll(async () => {
    user = await fundedUser(testApp, admin, '5000.00');
  });

  it('a market buy fills at once at the ask, storing the quote; cash, fee, TOB and shares move in one entry', async () => {
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const preview = (await post('/trade/preview', { symbol: 'KBC.BR', side: 'buy', quantity: '10' }, user))
      .data;
    const { status, data } = await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' });
    expect(status).toBe(1);
    expect(data).toMatchObject({
      state: 'filled',
      side: 'buy',
      type: 'market',
      quantity: '10',
      filledQuantity: '10',
      reserved: '0.00',
    });
    expect(data.fills).toHaveLength(1);
    const [fill] = data.fills;
    expect(fill).toMatchObject({
      quantity: '10',
      price: quote.ask,
      priceBasis: 'ask',
      quoteSource: 'Beurs simulator (demo)',
      quoteTimestamp: quote.timestamp,
      gross: preview.gross,
      fee: preview.fee.amount,
      tob: { class: 'shares', rateBasisPoints: 35, amount: preview.tob.amount, base: preview.gross },
      total: preview.total,
      payCurrency: 'EUR',
      settlesOn: null,
    });
    expect(await cashOf(user)).toEqual(
      expect.objectContaining({ available: formatCents(500_000n - minor(preview.total)), frozen: '0.00' }),
    );
    const positions = (await post('/trade/positions', {}, user)).data;
    expect(positions.total).toBe(1);
    expect(positions.items[0]).toMatchObject({
      symbol: 'KBC.BR',
      state: 'holding',
      quantity: '10',
      availableQuantity: '10',
      costBasis: preview.total,
      direction: 'long',
      leverage: 1,
    });
    await expectLedgerOk();
  });

  it('a limit sell above the price waits with the shares frozen; cancelling releases them', async () => {
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const above = price4((minor4(quote.latest) * 105n) / 100n);
    const placed = await place(user, {
      symbol: 'KBC.BR',
      side: 'sell',
      type: 'limit',
      limitPrice: above,
      quantity: '4',
      timeInForce: 'gtc',
    });
    expect(placed.data).toMatchObject({ state: 'pending', reserved: '4', limitPrice: above, fills: [] });
    const pending = (await post('/trade/orders', { tab: 'pending' }, user)).data;
    expect(pending.items.map((order: { id: string }) => order.id)).toContain(placed.data.id);
    expect((await post('/trade/positions', {}, user)).data.items[0]).toMatchObject({
      quantity: '10',
      availableQuantity: '6',
    });
    // Only 6 are free to sell now.
    expect(await place(user, { symbol: 'KBC.BR', side: 'sell', quantity: '7' })).toMatchObject({
      code: 'INSUFFICIENT_POSITION',
      params: { available: '6' },
    });

    const cancelled = await post('/trade/cancel', { id: placed.data.id }, user);
    expect(cancelled.data).toMatchObject({ state: 'cancelled', reserved: '0' });
    expect(cancelled.data.cancelledAt).toBe(new Date(FRIDAY_AFTERNOON).toISOString());
    expect((await post('/trade/positions', {}, user)).data.items[0]).toMatchObject({
      availableQuantity: '10',
    });
    expect(await post('/trade/cancel', { id: placed.data.id }, user)).toMatchObject({
      code: 'ORDER_NOT_PENDING',
    });
    expect(await post('/trade/cancel', { id: '999999' }, user)).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await expectLedgerOk();
  });

  it('a market sell at the bid closes the position with its realised P&L; proceeds settle T+2', async () => {
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const before = minor((await cashOf(user)).available);
    const sold = await place(user, { symbol: 'KBC.BR', side: 'sell', quantity: '10' });
    expect(sold.data).toMatchObject({ state: 'filled' });
    const [fill] = sold.data.fills;
    expect(fill).toMatchObject({ price: quote.bid, priceBasis: 'bid', settlesOn: '2026-11-24' });
    expect(minor(fill.total)).toBe(minor(fill.gross) - minor(fill.fee) - minor(fill.tob.amount));
    expect(minor((await cashOf(user)).available)).toBe(before + minor(fill.total));

    const closed = (await post('/trade/positions', { state: 'closed' }, user)).data.items[0];
    const costBasis = (await post('/trade/orders', { tab: 'filled' }, user)).data.items.find(
      (order: { side: string }) => order.side === 'buy',
    ).fills[0].total;
    expect(closed).toMatchObject({ state: 'closed', quantity: '0' });
    expect(minor(closed.realisedPnl)).toBe(minor(fill.total) - minor(costBasis));
    expect((await post('/trade/positions', {}, user)).data.total).toBe(0);

    // Available to trade at once, withdrawable after settlement.
    const summary = (await post('/trade/summary', {}, user)).data;
    const eur = summary.currencies.find((row: { currency: string }) => row.currency === 'EUR');
    expect(minor(eur.withdrawable)).toBe(minor(eur.available) - minor(fill.total));
    expect(eur.realisedPnl).toBe(closed.realisedPnl);
    const rules = (await post('/cashOut/rules', { currency: 'EUR' }, user)).data;
    expect(rules.withdrawable).toBe(eur.withdrawable);
    const tooMuch = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: eur.available, cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_WITHDRAWABLE',
      params: { currency: 'EUR', withdrawable: eur.withdrawable, settlesOn: '2026-11-24' },
    });
    testApp.clock.set('2026-11-24T09:00:00Z');
    try {
      expect((await post('/cashOut/rules', { currency: 'EUR' }, user)).data.withdrawable).toBe(eur.available);
    } finally {
      testApp.clock.set(FRIDAY_AFTERNOON);
    }
    await expectLedgerOk();
  });

  it('the position detail shows lots, orders, fills and TOB vouchers', async () => {
    const closed = (await post('/trade/positions', { state: 'closed' }, user)).data.items[0];
    const detail = (await post('/trade/position', { id: closed.id }, user)).data;
    expect(detail.orders.map((order: { state: string }) => order.state).sort()).toEqual([
      'cancelled',
      'filled',
      'filled',
    ]);
    const vouchers = detail.orders.flatMap((order: { fills: { tob: unknown }[] }) =>
      order.fills.map((fill) => fill.tob),
    );
    expect(vouchers).toHaveLength(2);
    expect(detail.lots).toEqual([]);
  });
});

describe('the year’s trade report', () => {
  it('lists every fill with its TOB voucher and fee as CSV, with totals per currency', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const bought = (await place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '10' })).data.fills[0];
    const sold = (await place(user, { symbol: 'PROX.BR', side: 'sell', quantity: '4' })).data.fills[0];
    const report = (await post('/trade/report', { year: 2026 }, user)).data;
    expect(report).toMatchObject({ year: 2026, fileName: 'beurs-trades-2026.csv', contentType: 'text/csv' });
    const lines = report.csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"tob_amount"');
    expect(lines[1]).toContain(`"${bought.tob.amount}"`);
    expect(lines[2]).toContain('"sell"');
    expect(lines.slice(1).every((line: string) => line.startsWith('"fill",'))).toBe(true);
    expect(report.totals).toEqual([
      {
        currency: 'EUR',
        fills: 2,
        bought: bought.gross,
        sold: sold.gross,
        fees: formatCents(minor(bought.fee) + minor(sold.fee)),
        tob: formatCents(minor(bought.tob.amount) + minor(sold.tob.amount)),
        realisedPnl: expect.any(String),
        dividends: 0,
        dividendsGross: '0.00',
        withholdingForeign: '0.00',
        withholdingBelgian: '0.00',
        dividendsNet: '0.00',
      },
    ]);
    expect((await post('/trade/report', { year: 2025 }, user)).data.totals).toEqual([]);
  });
});

describe('other instruments', () => {
  it('a US share paid from EUR converts through the FX accounts; crypto to 8 decimals', async () => {
    const user = await fundedUser(testApp, admin, '3000.00');
    const bought = await place(user, { symbol: 'AAPL', side: 'buy', quantity: '2', payCurrency: 'EUR' });
    expect(bought.data).toMatchObject({ state: 'filled', payCurrency: 'EUR', currency: 'USD' });
    const [fill] = bought.data.fills;
    expect(fill.fx).toMatchObject({ from: 'EUR', to: 'USD', spreadBasisPoints: 50 });
    expect(minor((await cashOf(user)).available)).toBe(300_000n - minor(fill.total));
    expect((await cashOf(user, 'USD')).available).toBe('0.00');

    const crypto = await place(user, {
      symbol: 'BTCUSD',
      side: 'buy',
      quantity: '0.0015',
      payCurrency: 'EUR',
    });
    expect(crypto.data).toMatchObject({ state: 'filled', quantity: '0.00150000' });
    const held = (await post('/trade/positions', { assetClass: 'crypto' }, user)).data.items;
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ symbol: 'BTCUSD', quantity: '0.00150000' });
    const sold = await place(user, {
      symbol: 'BTCUSD',
      side: 'sell',
      quantity: '0.0005',
      payCurrency: 'EUR',
    });
    expect(sold.data.fills[0].settlesOn).toBeNull();
    expect((await post('/trade/positions', { assetClass: 'crypto' }, user)).data.items[0].quantity).toBe(
      '0.00100000',
    );
    await expectLedgerOk();
  });

  it('an immediate-or-cancel limit that does not cross ends cancelled and frees its cash', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const quote = (await post('/market/quote', { symbol: 'UCB.BR' }, user)).data;
    const below = price4((minor4(quote.latest) * 95n) / 100n);
    const result = await place(user, {
      symbol: 'UCB.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: below,
      quantity: '1',
      timeInForce: 'ioc',
    });
    expect(result.data).toMatchObject({ state: 'cancelled', reason: 'NOT_FILLED_AT_ONCE', reserved: '0.00' });
    expect(await cashOf(user)).toMatchObject({ available: '1000.00', frozen: '0.00' });
    // A limit the ask already crosses fills at the ask, not at the limit.
    const above = price4((minor4(quote.latest) * 105n) / 100n);
    const crossing = await place(user, {
      symbol: 'UCB.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: above,
      quantity: '1',
    });
    expect(crossing.data.state).toBe('filled');
    expect(minor4(crossing.data.fills[0].price)).toBeLessThanOrEqual(minor4(above));
    await expectLedgerOk();
  });
});

describe('nobody trades by hand', () => {
  it('staff have no call that creates, edits or fills an order (DESIGN.md §1 rule 14)', async () => {
    const { adminPaths, ADMIN_API_BASE_PATH } = await import('@beurs/contract');
    expect(Object.values(adminPaths).filter((path) => /trade|order|fill|position/i.test(path))).toEqual([]);
    // And the user's trading paths answer no staff session.
    const staffCall = await testApp.app.inject({
      method: 'POST',
      url: `${ADMIN_API_BASE_PATH}/trade/place`,
      headers: { 'staff-token': admin.staffToken },
      payload: {},
    });
    expect(staffCall.statusCode).toBe(404);
  });
});

describe('refusals write nothing', () => {
  it('identity, trading bar, fund password', async () => {
    const unverified = await signUp(testApp);
    expect(await place(unverified, { symbol: 'KBC.BR', side: 'buy', quantity: '1' })).toMatchObject({
      code: 'IDENTITY_REQUIRED',
    });

    const user = await fundedUser(testApp, admin, '1000.00');
    expect(
      await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '1', fundPassword: '000000' }),
    ).toMatchObject({
      code: 'WRONG_FUND_PASSWORD',
    });
    const barred = await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'trading_barred', reason: 'court order 12/3' },
      admin,
    );
    expect(barred.json().status).toBe(1);
    expect(await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '1' })).toMatchObject({
      code: 'TRADING_BARRED',
      params: { reason: 'court order 12/3' },
    });
    expect((await post('/trade/orders', {}, user)).data.total).toBe(0);
    expect(await cashOf(user)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });

  it('a bar or an identity state written straight into the database refuses the next order (nothing cached)', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const { db } = testApp.database;
    const found = (await db.execute(
      sql`select id::text as id from users where account = ${user.account}`,
    )) as unknown as { rows: Array<{ id: string }> };
    const userId = BigInt(found.rows[0]!.id);
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const below = price4((minor4(quote.latest) * 95n) / 100n);
    // A limit buy under the price rests: it goes through the batched reads and the batched write.
    const restingBuy = { symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice: below, quantity: '1' };
    expect((await place(user, restingBuy)).data.state).toBe('pending');
    await db.execute(sql`insert into user_restrictions (user_id, kind, reason, created_at)
      values (${userId}, 'trading_barred', 'set by hand', now())`);
    expect(await place(user, restingBuy)).toMatchObject({
      code: 'TRADING_BARRED',
      params: { reason: 'set by hand' },
    });
    await db.execute(
      sql`update user_restrictions set lifted_at = now() where user_id = ${userId} and lifted_at is null`,
    );
    expect((await place(user, restingBuy)).data.state).toBe('pending');
    await db.execute(sql`update users set identity_state = 'under_review' where id = ${userId}`);
    expect(await place(user, restingBuy)).toMatchObject({ code: 'IDENTITY_PENDING' });
    await db.execute(sql`update users set identity_state = 'authenticated' where id = ${userId}`);
    expect((await place(user, restingBuy)).data.state).toBe('pending');
    expect((await post('/trade/orders', { tab: 'pending' }, user)).data.total).toBe(3);
  });

  it('more than the cash, no holding, more than held, missing or reused idempotency key', async () => {
    const user = await fundedUser(testApp, admin, '100.00');
    expect(await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' })).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await place(user, { symbol: 'KBC.BR', side: 'sell', quantity: '1' })).toMatchObject({
      code: 'ORDER_NOT_HOLDING',
    });
    const first = await place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '2' }, 'same-key-0001');
    expect(first.data.state).toBe('filled');
    const replay = await place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '2' }, 'same-key-0001');
    expect(replay.data.id).toBe(first.data.id);
    expect(
      await place(user, { symbol: 'PROX.BR', side: 'buy', quantity: '3' }, 'same-key-0001'),
    ).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await place(user, { symbol: 'PROX.BR', side: 'sell', quantity: '3' })).toMatchObject({
      code: 'INSUFFICIENT_POSITION',
      params: { available: '2' },
    });
    const withoutKey = await call(
      testApp.app,
      '/trade/place',
      { symbol: 'PROX.BR', side: 'buy', quantity: '1', fundPassword: FUND_PASSWORD },
      user,
    );
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await post('/trade/orders', {}, user)).data.total).toBe(1);
    await expectLedgerOk();
  });

  it('the preview refusals also stop a placement: closed market, collar, price at 0, lots', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    expect(
      await place(user, { symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice: '0', quantity: '1' }),
    ).toMatchObject({ code: 'PRICE_NOT_POSITIVE' });
    expect(
      await place(user, { symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice: '1.00', quantity: '1' }),
    ).toMatchObject({ code: 'PRICE_LIMIT_EXCEEDED' });
    expect(
      (
        await callWithKey(
          testApp,
          '/trade/place',
          { symbol: 'KBC.BR', side: 'buy', quantity: '0.5', fundPassword: FUND_PASSWORD },
          user,
        )
      ).statusCode,
    ).toBe(400);
    testApp.clock.set('2026-11-21T12:00:00Z');
    try {
      expect(await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '1' })).toMatchObject({
        code: 'MARKET_CLOSED',
      });
      const queued = await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '1', queueForOpen: true });
      expect(queued.data).toMatchObject({ state: 'pending' });
      expect(minor(queued.data.reserved)).toBeGreaterThan(0n);
      expect((await cashOf(user)).frozen).toBe(queued.data.reserved);
    } finally {
      testApp.clock.set(FRIDAY_AFTERNOON);
    }
    expect((await post('/trade/orders', { tab: 'pending' }, user)).data.total).toBe(1);
    await expectLedgerOk();
  });
});

describe('the sell lock', () => {
  it('refuses a sale inside the lock with its unlock time, and allows it after', async () => {
    const { testConfig } = await import('../../config');
    const defaults = testConfig().trading;
    const locked = await buildTestApp({
      config: {
        trading: { ...defaults, sellLocks: { ...defaults.sellLocks, frank: { days: 0, minutes: 30 } } },
      },
    });
    try {
      locked.clock.set(FRIDAY_AFTERNOON);
      const staff = await adminLogin(locked);
      const user = await fundedUser(locked, staff, '1000.00');
      const placeHere = async (ticket: Record<string, unknown>) =>
        (await callWithKey(locked, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();
      expect((await placeHere({ symbol: 'PROX.BR', side: 'buy', quantity: '5' })).data.state).toBe('filled');
      expect(await placeHere({ symbol: 'PROX.BR', side: 'sell', quantity: '1' })).toMatchObject({
        code: 'SELL_LOCKED_MINUTES',
        params: { minutes: 30, until: '2026-11-20T16:15:17.000Z' },
      });
      locked.clock.set('2026-11-20T16:15:17Z');
      expect((await placeHere({ symbol: 'PROX.BR', side: 'sell', quantity: '1' })).data.state).toBe('filled');
    } finally {
      await locked.close();
    }
  });
});

function formatCents(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}
