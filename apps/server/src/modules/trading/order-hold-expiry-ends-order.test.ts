import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { minor4, price4 } from './price-test-support';

// An order's hold that carries its own expiry is released by the ledger's hold-expiry pass, and the
// order follows in the same transaction: it ends expired, never pending with no money behind it.
// Raced against the user's cancel or the order expiry job, the hold is released once and the
// order ends once (on PostgreSQL truly at the same time).
//
// No module sets `expires_at` on an order's hold today (orders expire through
// `trading.expire-orders`); the tests set it directly, as a future caller would.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

const START = '2026-11-20T10:00:00Z'; // Brussels 11:00, Euronext open

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(START);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();

/** A day limit buy well below the market: it rests, its cash held. */
async function restingBuy(user: User): Promise<{ id: string; holdId: bigint; reserved: string }> {
  const quote = (await post('/market/quote', { symbol: 'UCB.BR' }, user)).data;
  const low = (minor4(quote.latest) * 91n) / 100n;
  const limitPrice = price4(low);
  const placed = (
    await callWithKey(
      testApp,
      '/trade/place',
      {
        fundPassword: FUND_PASSWORD,
        symbol: 'UCB.BR',
        side: 'buy',
        type: 'limit',
        limitPrice,
        quantity: '1',
      },
      user,
    )
  ).json();
  expect(placed.data).toMatchObject({ state: 'pending' });
  const [row] = await queryRows<{ hold_id: string }>(
    testApp.database.db,
    sql`select hold_id::text from orders where id = ${placed.data.id as string}::bigint`,
  );
  if (!row) throw new Error('order row missing');
  return {
    id: placed.data.id as string,
    holdId: BigInt(row.hold_id),
    reserved: placed.data.reserved as string,
  };
}

/** The hold's own expiry, set to `at` (what a caller passing `expiresAt` to `ledger.hold` stores). */
async function expireHoldAt(holdId: bigint, at: Date) {
  await testApp.database.db.execute(
    sql`update ledger_holds set expires_at = ${at.toISOString()}::timestamptz where id = ${holdId.toString()}::bigint`,
  );
}

async function releasesOf(holdId: bigint) {
  return queryRows<{ source_type: string; idempotency_key: string }>(
    testApp.database.db,
    sql`select source_type, idempotency_key from ledger_entries
      where hold_id = ${holdId.toString()}::bigint and kind = 'hold_release'`,
  );
}

const eurFrozen = async (user: User) =>
  (await post('/user/getUserinfo', undefined, user)).data.balances.find(
    (row: { currency: string }) => row.currency === 'EUR',
  ).frozen as string;

describe('an order whose hold expires', () => {
  it('ends expired with its hold, and neither cancel nor the order expiry releases it again', async () => {
    testApp.clock.set(START);
    const { ledger, trading } = testApp.app.services;
    const user = await fundedUser(testApp, admin, '1000.00');
    const order = await restingBuy(user);
    expect(await eurFrozen(user)).toBe(order.reserved);
    await expireHoldAt(order.holdId, new Date(Date.parse(START) + 60_000));

    testApp.clock.set(new Date(Date.parse(START) + 30_000));
    expect(await ledger.releaseExpiredHolds(testApp.database.db, testApp.clock.now())).toBe(0);
    expect((await post('/trade/order', { id: order.id }, user)).data.state).toBe('pending');

    testApp.clock.set(new Date(Date.parse(START) + 2 * 60_000));
    expect(await ledger.releaseExpiredHolds(testApp.database.db, testApp.clock.now())).toBe(1);
    expect((await post('/trade/order', { id: order.id }, user)).data).toMatchObject({
      state: 'expired',
      reserved: '0.00',
      expiredAt: '2026-11-20T10:02:00.000Z',
    });
    expect(await eurFrozen(user)).toBe('0.00');
    expect(await post('/trade/cancel', { id: order.id }, user)).toMatchObject({ code: 'ORDER_NOT_PENDING' });
    testApp.clock.set('2026-11-20T16:31:00Z'); // past the day order's own expiry
    expect(await trading.expireDue(testApp.clock.now())).toBe(0);
    expect(await releasesOf(order.holdId)).toEqual([
      { source_type: 'order', idempotency_key: `hold:${order.holdId}:expired` },
    ]);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('raced against a cancel and against the order expiry, the hold is released once and the order ends once', async () => {
    testApp.clock.set(START);
    const { ledger, trading } = testApp.app.services;
    const db = testApp.database.db;
    const user = await fundedUser(testApp, admin, '2000.00');
    const cancelled = await restingBuy(user);
    const dayEnd = await restingBuy(user);
    for (const order of [cancelled, dayEnd]) await expireHoldAt(order.holdId, new Date(Date.parse(START)));

    testApp.clock.set('2026-11-20T16:31:00Z'); // both the holds and the day orders are past their expiry
    const now = testApp.clock.now();
    const [released, cancel, expired] = await Promise.all([
      ledger.releaseExpiredHolds(db, now),
      post('/trade/cancel', { id: cancelled.id }, user),
      trading.expireDue(now),
    ]);
    // The cancel either won or found the order already ended: never a fault.
    expect([1, 0]).toContain(cancel.status);
    if (cancel.status === 0) expect(cancel.code).toBe('ORDER_NOT_PENDING');
    const states = await Promise.all(
      [cancelled, dayEnd].map(
        async (order) => (await post('/trade/order', { id: order.id }, user)).data.state,
      ),
    );
    expect(['cancelled', 'expired']).toContain(states[0]);
    expect(states[1]).toBe('expired');
    // Each order ended exactly once, by one of the three.
    expect(released + expired + (cancel.status === 1 ? 1 : 0)).toBe(2);
    for (const order of [cancelled, dayEnd]) expect(await releasesOf(order.holdId)).toHaveLength(1);
    expect(await eurFrozen(user)).toBe('0.00');
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });
});
