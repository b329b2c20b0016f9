import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MARGIN_RULES, formatDecimal, parseDecimal, scales } from '@beurs/contract';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  saveInstrument,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// A margin position as the user sees it (issue 16 items 4 and 7): its leverage, the initial part
// paid, what was borrowed and its liquidation price (the level reaches the liquidation level at
// that price, other prices held constant); the position locked while the account's liquidation
// runs (the user's own orders on it refused with POSITION_LOCKED); and the margin screen's log of
// calls and liquidations. Prices are set by a spy on the market service (tests only).

let testApp: TestApp;
let admin: StaffHeaders;
let largeCaps: string[];
const prices = new Map<string, bigint>();

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-20T14:45:17Z');
  admin = await adminLogin(testApp);
  const market = testApp.app.services.market;
  const original = market.currentQuote.bind(market);
  vi.spyOn(market, 'currentQuote').mockImplementation(async (symbol: string) => {
    const quote = await original(symbol);
    const last = prices.get(symbol);
    return last === undefined ? quote : { ...quote, lastMinor: last, bidMinor: last, askMinor: last };
  });
  const probe = await fundedUser(testApp, admin, '100.00');
  largeCaps = (await marginSymbols(testApp, probe)).largeCaps;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await testApp.close();
});

async function marginBuyer(symbol: string, amount: string) {
  const user = await fundedUser(testApp, admin, '10000.00');
  await openMargin(testApp, user);
  const placed = await placeOrder(testApp, user, { symbol, amount, side: 'buy', leverage: '2.00' });
  expect(placed.data?.state).toBe('filled');
  return user;
}

const positionOf = async (user: MarginUser, symbol: string) => {
  const page = (await postData(testApp, '/trade/positions', {}, user)).data;
  return page.items.find((item: { symbol: string }) => item.symbol === symbol);
};
const levelOf = async (user: MarginUser) =>
  (await postData(testApp, '/margin/summary', {}, user)).data.levelBasisPoints as number;

describe('a margin position', () => {
  it('shows its leverage, margin paid, borrowed amount and the price at which the level reaches the liquidation level', async () => {
    const symbol = largeCaps[0]!;
    const user = await marginBuyer(symbol, '4000.00');
    const position = await positionOf(user, symbol);
    expect(position.margin).not.toBeNull();
    expect(position.margin.leverage).toBe('2.00');
    const cost = parseDecimal(position.costBasis, 2)!;
    const paid = parseDecimal(position.margin.marginPaid, 2)!;
    const borrowed = parseDecimal(position.margin.borrowed, 2)!;
    // Lots at the fill price (costs apart): paid and borrowed are about half the cost each.
    expect(paid + borrowed).toBeLessThanOrEqual(cost);
    expect(paid - borrowed).toBeLessThanOrEqual(1n);
    expect(position.isLiquidating).toBe(false);

    // At the liquidation price the level is the liquidation level (to the cent's rounding): a
    // little above it the level is at or above 80 %, a little below it under.
    const liquidationPrice = parseDecimal(position.margin.liquidationPrice, scales.price)!;
    const last = parseDecimal(position.lastPrice, scales.price)!;
    expect(liquidationPrice < last).toBe(true);
    prices.set(symbol, liquidationPrice + liquidationPrice / 1_000n);
    expect(await levelOf(user)).toBeGreaterThanOrEqual(MARGIN_RULES.liquidationLevelBasisPoints);
    prices.set(symbol, liquidationPrice - liquidationPrice / 1_000n);
    expect(await levelOf(user)).toBeLessThan(MARGIN_RULES.liquidationLevelBasisPoints);
    prices.delete(symbol);

    // A cash position has no margin figures.
    const cashUser = await fundedUser(testApp, admin, '1000.00');
    const cashBuy = await placeOrder(testApp, cashUser, { symbol, amount: '500.00', side: 'buy' });
    expect(cashBuy.data?.state).toBe('filled');
    expect((await positionOf(cashUser, symbol)).margin).toBeNull();
    expect(formatDecimal(liquidationPrice, scales.price)).toBe(position.margin.liquidationPrice);
  });

  it('a short shows the initial margin it holds, the value it borrowed and a liquidation price above its price', async () => {
    const symbol = largeCaps[2]!;
    expect((await saveInstrument(testApp, admin, symbol, { lendable: true })).status).toBe(1);
    const lender = await fundedUser(testApp, admin, '10000.00');
    const bought = await placeOrder(testApp, lender, { symbol, quantity: '20', side: 'buy', type: 'market' });
    expect(bought.data?.state).toBe('filled');
    expect((await postData(testApp, '/margin/lendingOptIn', { lend: true }, lender)).status).toBe(1);
    const shorter = await fundedUser(testApp, admin, '10000.00');
    await openMargin(testApp, shorter);
    const sold = await placeOrder(testApp, shorter, {
      symbol,
      quantity: '10',
      side: 'sell',
      direction: 'short',
      type: 'market',
    });
    expect(sold.data?.state).toBe('filled');

    const page = (await postData(testApp, '/trade/positions', {}, shorter)).data;
    const position = page.items.find(
      (item: { symbol: string; direction: string }) => item.symbol === symbol && item.direction === 'short',
    );
    expect(position.margin).not.toBeNull();
    // A large cap: it borrowed 10 shares at the sale's price (the proceeds, its cost, are that less
    // the fee and the tax) and the sale held 50 % of their value.
    expect(position.margin.leverage).toBe('2.00');
    const [borrow] = await queryRows<{ value: string }>(
      testApp.database.db,
      sql`select (quantity_minor * price_minor / 100)::text as value from securities_borrows
          where user_id = ${await userIdOf(testApp, shorter)}`,
    );
    const borrowed = BigInt(borrow!.value);
    expect(parseDecimal(position.margin.borrowed, 2)).toBe(borrowed);
    expect(parseDecimal(position.costBasis, 2)! < borrowed).toBe(true);
    expect(parseDecimal(position.margin.marginPaid, 2)).toBe((borrowed + 1n) / 2n);

    // The price at which a rise brings the level to the liquidation level: a little below it the
    // level is at or above 80 %, a little above it under.
    const liquidationPrice = parseDecimal(position.margin.liquidationPrice, scales.price)!;
    const last = parseDecimal(position.lastPrice, scales.price)!;
    expect(liquidationPrice > last).toBe(true);
    prices.set(symbol, liquidationPrice - liquidationPrice / 1_000n);
    expect(await levelOf(shorter)).toBeGreaterThanOrEqual(MARGIN_RULES.liquidationLevelBasisPoints);
    prices.set(symbol, liquidationPrice + liquidationPrice / 1_000n);
    expect(await levelOf(shorter)).toBeLessThan(MARGIN_RULES.liquidationLevelBasisPoints);
    prices.delete(symbol);
    // The lender's shares are paid in cash: no margin figures.
    const lent = (await postData(testApp, '/trade/positions', {}, lender)).data.items.find(
      (item: { symbol: string }) => item.symbol === symbol,
    );
    expect(lent.margin).toBeNull();
    expect(await breaches(testApp)).toEqual([]);
  });

  it("is locked while the account's liquidation runs: the user's own orders on it are refused", async () => {
    const symbol = largeCaps[1]!;
    const user = await marginBuyer(symbol, '2000.00');
    const userId = await userIdOf(testApp, user);
    // A liquidation claimed by a node and running (its lease 60 s ahead).
    const [running] = await queryRows<{ id: string }>(
      testApp.database.db,
      sql`insert into margin_liquidations
            (user_id, state, level_basis_points, equity_minor, maintenance_minor, started_at, claimed_until)
          values (${userId}, 'running', 7000, 100000, 150000, now(), '2026-11-20T14:46:17Z')
          returning id::text as id`,
    );
    const sell = await placeOrder(testApp, user, { symbol, quantity: '1', side: 'sell', type: 'market' });
    expect(sell.status).not.toBe(1);
    expect(sell.code).toBe('POSITION_LOCKED');
    expect(sell.params?.until ?? JSON.stringify(sell)).toContain('2026-11-20T14:46:17');
    const buyMore = await placeOrder(testApp, user, { symbol, amount: '100.00', side: 'buy' });
    expect(buyMore.code).toBe('POSITION_LOCKED');
    expect((await positionOf(user, symbol)).isLiquidating).toBe(true);
    const orders = await queryRows<{ count: string }>(
      testApp.database.db,
      sql`select count(*)::text as count from orders where user_id = ${userId} and side = 'sell'`,
    );
    expect(orders[0]!.count).toBe('0');

    // Once it is done, the position is the user's again.
    await queryRows(
      testApp.database.db,
      sql`update margin_liquidations set state = 'done', ended_at = now() where id = ${running!.id}`,
    );
    expect((await positionOf(user, symbol)).isLiquidating).toBe(false);
    const sold = await placeOrder(testApp, user, { symbol, quantity: '1', side: 'sell', type: 'market' });
    expect(sold.data?.state).toBe('filled');
  });

  it('the margin log lists the calls and the liquidations with the quotes used', async () => {
    const symbol = largeCaps[2]!;
    const user = await marginBuyer(symbol, '4000.00');
    await testApp.app.services.marginLevel.reload();
    const last = parseDecimal((await positionOf(user, symbol)).lastPrice, scales.price)!;
    // 30 % down: a call (level below 100 %, above 80 %).
    prices.set(symbol, (last * 70n) / 100n);
    await testApp.app.services.marginLevel.onQuotes([symbol]);
    let history = (await postData(testApp, '/margin/history', {}, user)).data;
    expect(history.calls).toHaveLength(1);
    expect(history.calls[0]).toMatchObject({ state: 'open', metAt: null });
    expect(Number(history.calls[0].needed)).toBeGreaterThan(0);
    expect(history.liquidations).toEqual([]);
    // 40 % down: liquidated, the position sold at the quote, logged.
    prices.set(symbol, (last * 60n) / 100n);
    await testApp.app.services.marginLevel.onQuotes([symbol]);
    history = (await postData(testApp, '/margin/history', {}, user)).data;
    expect(history.liquidations).toHaveLength(1);
    const [liquidation] = history.liquidations;
    expect(liquidation).toMatchObject({ state: 'done', shortfall: '0.00' });
    expect(liquidation.sales).toHaveLength(1);
    expect(liquidation.sales[0]).toMatchObject({
      symbol,
      last: formatDecimal((last * 60n) / 100n, scales.price),
    });
    expect(liquidation.sales[0].orderId).toMatch(/^\d+$/);
    // Back at maintenance (here: nothing left under margin), the call is met with the liquidation.
    expect(history.calls).toHaveLength(1);
    expect(history.calls[0]).toMatchObject({ state: 'met' });
    expect(history.calls[0].metAt).not.toBeNull();
    prices.delete(symbol);
    expect(await breaches(testApp)).toEqual([]);
  });
});
