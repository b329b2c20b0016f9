import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { announcementOf } from './resting-orders';
import { minor4, price4 } from './price-test-support';

// Two server nodes on one database and one Redis. An order that comes to rest on one node is
// announced on the fan-out bus, and the other node evaluates it at once, without reading every
// pending order (it does that every 5 minutes, as a safety net): should the first node stop, the
// second fills the order. A hostile operator with access to Redis can announce anything; a node
// then claims the order's row and judges it again as stored, so a forged announcement never fills
// an order against its own limit or on another symbol's quote.

const redisUrl = process.env.TEST_REDIS_URL;
const START = '2026-11-20T10:00:00Z'; // Brussels 11:00, Euronext open
type User = { token: string; account: string };

describe.skipIf(!redisUrl)('resting orders announced between nodes (Redis)', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: StaffHeaders;
  let operator: Redis;
  beforeAll(async () => {
    first = await buildTestApp({ config: { redisUrl } });
    first.clock.set(START);
    second = await buildTestApp({ config: { redisUrl }, sharedDatabase: first.database, clock: first.clock });
    admin = await adminLogin(first);
    operator = new Redis(redisUrl!);
  });
  afterAll(async () => {
    operator.disconnect();
    await second.close();
    await first.close();
  });

  const post = async (app: TestApp, path: string, payload: unknown, user: User) =>
    (await call(app.app, path, payload, user)).json();
  /** A limit buy 10 % under the last price on `app`'s node: it rests. */
  const restingBuy = async (app: TestApp, user: User, symbol: string) => {
    const quote = (await post(app, '/market/quote', { symbol }, user)).data;
    const low = (minor4(quote.latest) * 90n) / 100n;
    const limitPrice = price4(low);
    const placed = (
      await callWithKey(
        app,
        '/trade/place',
        {
          fundPassword: FUND_PASSWORD,
          symbol,
          side: 'buy',
          type: 'limit',
          limitPrice,
          quantity: '1',
          timeInForce: 'gtc',
        },
        user,
      )
    ).json();
    expect(placed.data.state).toBe('pending');
    return {
      id: BigInt(placed.data.id as string),
      limitMinor: low,
      reserved: placed.data.reserved as string,
    };
  };
  const until = async (condition: () => boolean) => {
    for (let wait = 0; wait < 100 && !condition(); wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return condition();
  };

  it('an order placed on one node is in the other node’s index at once, without a read of every order', async () => {
    const trading = first.app.services.trading;
    await trading.onQuotes(['KBC.BR']); // the first node's first read of every pending order
    const reads = trading.restingReloads();
    const user = await fundedUser(second, admin, '1000.00');
    const order = await restingBuy(second, user, 'KBC.BR');
    expect(await until(() => trading.restingIndexHas('KBC.BR', order.id))).toBe(true);
    expect(trading.restingReloads()).toBe(reads);
  });

  it('a forged announcement (another symbol, a limit over any price) fills nothing', async () => {
    const trading = first.app.services.trading;
    const user = await fundedUser(second, admin, '1000.00');
    const order = await restingBuy(second, user, 'KBC.BR');
    expect(await until(() => trading.restingIndexHas('KBC.BR', order.id))).toBe(true);
    // The operator announces the real order under another symbol, with a limit of 1,000,000.00:
    // on that symbol's quote it would cross at once.
    const forged = announcementOf('UCB.BR', {
      id: order.id,
      side: 'buy',
      type: 'limit',
      limitPriceMinor: 1_000_000_0000n,
      stopPriceMinor: null,
      trailAmountMinor: null,
      trailBasisPoints: null,
      trailReferenceMinor: null,
    });
    await operator.publish('beurs:invalidations', `operator|resting-orders|${forged}`);
    // Delivered, then evaluated on a UCB.BR tick (this call, or the node's own quote stream first).
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.clock.set(new Date(Date.parse(START) + 60_000));
    expect(await trading.onQuotes(['UCB.BR'])).toBe(0);
    // The forged entry is gone (the claim judged the stored row); the order rests as placed.
    expect(trading.restingIndexHas('UCB.BR', order.id)).toBe(false);
    const stored = (await post(first, '/trade/order', { id: order.id.toString() }, user)).data;
    expect(stored).toMatchObject({ state: 'pending', reserved: order.reserved, fills: [] });
    // Malformed announcements are ignored.
    await operator.publish('beurs:invalidations', 'operator|resting-orders|{"symbol":"KBC.BR","id":"x"}');
    await operator.publish('beurs:invalidations', 'operator|resting-orders|not json');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await trading.onQuotes(['KBC.BR'])).toBe(0);
    expect((await verifyLedger(first.database.db)).breaches).toEqual([]);
  });
});
