import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { userMessages } from '../messages/messages.tables';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { fills, orders, positionLots, positions } from './trading.tables';

// A tick that crosses many resting orders fills them in one transaction (`fillMany`): several
// orders of one user in one symbol, a user who holds the symbol already and one who does not, a
// sale beside them. Each order fills once, at that tick's quote; each holding ends with the sum of
// its fills (quantity and cost), one FIFO lot per buy fill, the shares in the ledger equal to the
// holding, one message per fill, and the ledger verifies.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string; userId?: bigint };

const START = '2026-11-20T10:00:00Z'; // Brussels 11:00, Euronext open
const SYMBOL = 'KBC.BR';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(START);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();

describe('resting orders crossed on one tick', () => {
  it('fill together, each once, with the holdings, lots, ledger and messages one fill at a time would write', async () => {
    const db = testApp.database.db;
    const holder = await fundedUser(testApp, admin, '20000.00');
    const newcomer = await fundedUser(testApp, admin, '20000.00');
    const bought = await place(holder, { symbol: SYMBOL, side: 'buy', quantity: '10' });
    expect(bought.data.state).toBe('filled');
    const start = (await post('/market/quote', { symbol: SYMBOL }, holder)).data;
    const limit = (user: User, side: 'buy' | 'sell', quantity: string) =>
      place(user, {
        symbol: SYMBOL,
        side,
        type: 'limit',
        limitPrice: start.latest,
        quantity,
        timeInForce: 'gtc',
      });
    const placed = [
      await limit(holder, 'buy', '1'),
      await limit(holder, 'buy', '2'),
      await limit(holder, 'buy', '3'),
      await limit(newcomer, 'buy', '4'),
      await limit(newcomer, 'buy', '5'),
      await limit(holder, 'sell', '2'),
    ];
    expect(placed.map((answer) => answer.data.state)).toEqual(Array(6).fill('pending'));
    const ids = placed.map((answer) => BigInt(answer.data.id as string));
    const buyIds = ids.slice(0, 5);

    for (let minute = 1; minute <= 480; minute += 1) {
      testApp.clock.set(new Date(Date.parse(START) + minute * 60_000));
      await testApp.app.services.trading.onQuotes([SYMBOL]);
      const rows = await db.select().from(orders).where(eq(orders.symbol, SYMBOL));
      if (rows.filter((row) => ids.includes(row.id)).every((row) => row.state === 'filled')) break;
      // The node's own tick subscription may fill them instead (the simulator ticks on a timer,
      // reading this clock): give it a moment before the next minute.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The five buys share one limit: the tick whose ask first reaches it crosses all five, and they
    // are written together — by one transaction (the same xmin), whichever call found them first.
    const buyFillTransactions = await queryRows<{ tx: string }>(
      db,
      sql`select distinct xmin::text as tx from ${fills} where ${inArray(fills.orderId, buyIds)}`,
    );
    expect(buyFillTransactions).toHaveLength(1);

    const orderRows = await db.select().from(orders).where(eq(orders.symbol, SYMBOL));
    const byId = new Map(orderRows.map((row) => [row.id, row]));
    const fillRows = await db.select().from(fills).where(eq(fills.symbol, SYMBOL));
    for (const id of ids) {
      const order = byId.get(id)!;
      expect(order).toMatchObject({ state: 'filled', reservedMinor: 0n });
      expect(order.filledQuantityMinor).toBe(order.quantityMinor);
      const own = fillRows.filter((fill) => fill.orderId === id);
      expect(own).toHaveLength(1);
      expect(own[0]!.quantityMinor).toBe(order.quantityMinor);
    }

    for (const [user, quantity] of [
      [holder, 10n + 1n + 2n + 3n - 2n],
      [newcomer, 4n + 5n],
    ] as const) {
      const userId = byId.get(ids[user === holder ? 0 : 3]!)!.userId;
      const [holding] = await db
        .select()
        .from(positions)
        .where(
          and(eq(positions.userId, userId), eq(positions.symbol, SYMBOL), eq(positions.state, 'holding')),
        );
      expect(holding?.quantityMinor).toBe(quantity);
      const lots = await db.select().from(positionLots).where(eq(positionLots.positionId, holding!.id));
      const ownBuys = fillRows.filter((fill) => fill.userId === userId && fill.side === 'buy');
      expect(lots).toHaveLength(ownBuys.length);
      expect(lots.reduce((sum, lot) => sum + lot.remainingMinor, 0n)).toBe(quantity);
      if (user === newcomer) {
        // No sale: the cost is the sum of what the two fills cost.
        expect(holding!.costMinor).toBe(ownBuys.reduce((sum, fill) => sum + fill.totalTradeMinor, 0n));
      }
      const shares = (await testApp.app.services.ledger.getUserBalances(db, userId)).find(
        (balance) => balance.asset === `sec:${SYMBOL}`,
      );
      expect(shares).toMatchObject({ available: quantity, frozen: 0n });
      const told = await db.select().from(userMessages).where(eq(userMessages.userId, userId));
      expect(told.filter((message) => message.kind === 'order_filled')).toHaveLength(
        fillRows.filter((fill) => fill.userId === userId && ids.includes(fill.orderId)).length,
      );
    }
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });
});
