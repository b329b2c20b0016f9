import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// The records' 'trade' tab: the entries whose source is an order, a fill or a dividend, each with
// the detail the trading module builds from its own rows (symbol, side, quantity, price, fee, TOB,
// FX; a dividend's gross, withholding and net) — found by source, not by a memo or kind match.
// The clock only moves forward here (staff two-factor codes are drawn from it).

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };
type Item = {
  id: string;
  kind: string;
  currency: string;
  amount: string;
  availableChange: string;
  detail: Record<string, unknown> | null;
};

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();

/** Every record of a tab, page by page. */
async function records(user: User, tab: string, pageSize: number) {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const data = (await post('/fundRecord/list', { tab, page, pageSize }, user)).data;
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return { items, total: data.total as number };
  }
}

const fillDetail = (
  order: { id: string; symbol: string; side: string },
  fill: Record<string, unknown> & { tob: Record<string, unknown> },
) => ({
  type: 'fill',
  orderId: order.id,
  fillId: fill.id,
  symbol: order.symbol,
  side: order.side,
  quantity: fill.quantity,
  price: fill.price,
  gross: fill.gross,
  fee: fill.fee,
  tob: {
    class: fill.tob.class,
    rateBasisPoints: fill.tob.rateBasisPoints,
    amount: fill.tob.amount,
    isCapped: fill.tob.isCapped,
  },
  payCurrency: fill.payCurrency,
  total: fill.total,
  // A cash fill borrows nothing (a buy on margin names what its loan paid: margin-records.test.ts).
  borrowed: null,
  quoteSource: fill.quoteSource,
});

describe("the records' trade tab", () => {
  it('shows a buy paid in another currency with its FX leg, and a dividend with its withholding', async () => {
    testApp.clock.set('2026-10-02T15:00:00Z');
    admin = await adminLogin(testApp);
    const holder = await fundedUser(testApp, admin, '5000.00');
    const bought = (await place(holder, { symbol: 'AAPL', side: 'buy', quantity: '10', payCurrency: 'EUR' }))
      .data;
    expect(bought.state).toBe('filled');
    const [fill] = bought.fills;
    testApp.clock.set('2026-10-06T15:00:00Z');
    expect(
      await testApp.app.services.trading.processCorporateActions(new Date('2026-10-06T15:00:00Z')),
    ).toBeGreaterThanOrEqual(1);

    const { items } = await records(holder, 'trade', 2);
    expect(items.map((item) => [item.kind, item.currency, item.amount])).toEqual([
      ['dividend', 'USD', '1.43'],
      ['trade_fill', 'EUR', `-${fill.total}`],
      ['hold_reserve', 'EUR', '0.00'],
    ]);
    // 10 × 0.24 = 2.40; 15 % at source = 0.36; 30 % of 2.04 = 0.61 (half-up); net 1.43.
    expect(items[0]?.detail).toEqual({
      type: 'dividend',
      symbol: 'AAPL',
      exDate: '2026-10-05',
      quantity: '10',
      amountPerShare: '0.2400',
      currency: 'USD',
      gross: '2.40',
      withholdingForeign: '0.36',
      withholdingBelgian: '0.61',
      net: '1.43',
    });
    expect(items[1]?.detail).toEqual({
      ...fillDetail(bought, fill),
      currency: 'USD',
      totalInTradeCurrency: expect.stringMatching(/^\d+\.\d{2}$/),
      fx: {
        from: 'EUR',
        to: 'USD',
        appliedRate: fill.fx.appliedRate,
        spreadBasisPoints: fill.fx.spreadBasisPoints,
      },
    });
  });

  it('lists a buy, a sale and a cancelled order with their detail, newest first, over pages', async () => {
    testApp.clock.set('2026-11-20T15:45:17Z');
    admin = await adminLogin(testApp);
    const user = await fundedUser(testApp, admin, '5000.00');
    const bought = (await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' })).data;
    const sold = (await place(user, { symbol: 'KBC.BR', side: 'sell', quantity: '4' })).data;
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
    const below = (BigInt(quote.latest.replace('.', '')) * 95n) / 100n;
    const limitPrice = `${below / 10_000n}.${String(below % 10_000n).padStart(4, '0')}`;
    const resting = (
      await place(user, { symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice, quantity: '2' })
    ).data;
    expect([bought.state, sold.state, resting.state]).toEqual(['filled', 'filled', 'pending']);
    expect((await post('/trade/cancel', { id: resting.id }, user)).data.state).toBe('cancelled');

    const [buyFill] = bought.fills;
    const [saleFill] = sold.fills;
    const order = (placed: typeof bought) => ({
      orderId: placed.id,
      symbol: 'KBC.BR',
      side: placed.side,
      quantity: placed.quantity,
    });
    const { items, total } = await records(user, 'trade', 50);
    expect(total).toBe(5);
    expect(items.map((item) => [item.kind, item.currency, item.amount, item.detail])).toEqual([
      [
        'hold_release',
        'EUR',
        '0.00',
        { type: 'order_ended', ...order(resting), state: 'cancelled', reason: null },
      ],
      ['hold_reserve', 'EUR', '0.00', { type: 'order_placed', ...order(resting), orderType: 'limit' }],
      [
        'trade_fill',
        'EUR',
        saleFill.total,
        expect.objectContaining({
          ...fillDetail(sold, saleFill),
          currency: 'EUR',
          totalInTradeCurrency: saleFill.total,
          fx: null,
        }),
      ],
      ['trade_fill', 'EUR', `-${buyFill.total}`, expect.objectContaining(fillDetail(bought, buyFill))],
      ['hold_reserve', 'EUR', '0.00', { type: 'order_placed', ...order(bought), orderType: 'market' }],
    ]);
    // The sale credits its proceeds at once; the buy's reservation moved available to frozen.
    expect(items[2]?.availableChange).toBe(saleFill.total);
    expect(items[4]?.availableChange).toBe(`-${buyFill.total}`);

    // The same records page by page, and the other tabs keep them out.
    expect((await records(user, 'trade', 2)).items).toEqual(items);
    const all = await records(user, 'all', 3);
    expect(all.total).toBe(6);
    expect(all.items.slice(0, 5)).toEqual(items);
    expect(all.items[5]).toMatchObject({ kind: 'deposit', detail: { type: 'deposit' } });
    expect((await records(user, 'deposit', 5)).items.map((item) => item.kind)).toEqual(['deposit']);
    expect((await records(user, 'withdrawal', 5)).total).toBe(0);
    expect((await records(user, 'exchange', 5)).total).toBe(0);
  });
});
