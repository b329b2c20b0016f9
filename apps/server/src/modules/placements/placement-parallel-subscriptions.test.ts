import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// Many placement subscriptions at once and the allocation run by two nodes at once (issue 17 item
// 4). Under `npm run test:pg` the calls run on separate PostgreSQL connections and the second node
// is a second app on the same database; on PGlite they are serialised and must give the same
// answers. 12 users each send 8 requests of one lot (100 shares) at once against a daily limit of
// 500 shares: exactly 5 pass per user, the rest are refused BLOCK_TRADE_DAILY_LIMIT; every fourth
// user can pay for 3 only and is refused the rest INSUFFICIENT_BALANCE with nothing frozen. The
// allocation, started on both nodes, settles once, never above the block, and paid + released
// equals frozen.

const USERS = 12;
const ATTEMPTS = 8;
const DAILY_LIMIT_LOTS = 5;
const LOTS_OFFERED = 40;
// Each request freezes 100 × 10.00 + fee 1.00 (the minimum) = 1,001.00.
const PER_REQUEST = 1_001_00n;

let node1: TestApp;
let node2: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

beforeAll(async () => {
  node1 = await buildTestApp();
  node1.clock.set('2026-11-20T10:00:00Z');
  node2 = await buildTestApp({ sharedDatabase: node1.database, clock: node1.clock });
  admin = await adminLogin(node1);
}, 120_000);
afterAll(async () => {
  await node2.close();
  await node1.close();
});

const cents = (text: string) => BigInt(text.replace('.', ''));
// Each node caches a user's info for a second and evicts it when its own writes commit (without
// Redis, not the other node's): read it from the node that wrote last.
const cashOf = async (user: User, node: TestApp = node1) => {
  const { balances } = (await call(node.app, '/user/getUserinfo', undefined, user)).json().data;
  return balances.find((balance: { currency: string }) => balance.currency === 'EUR') as {
    available: string;
    frozen: string;
  };
};
const expectLedgerOk = async () => {
  const report = await verifyLedger(node1.database.db);
  expect(report.breaches).toEqual([]);
  expect(report.isOk).toBe(true);
};
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await node1.database.db.execute(query)) as unknown as { rows: Array<Record<string, string | number>> })
    .rows;

describe('parallel placement subscriptions, allocated by two nodes at once', () => {
  let placementId: string;
  const users: Array<User & { funded: bigint; affordable: number }> = [];

  beforeAll(async () => {
    const created = (
      await callAdmin(
        node1,
        '/placement/create',
        {
          symbol: 'SOF.BR',
          name: 'Sofina block',
          price: '10.0000',
          blockQuantity: String(LOTS_OFFERED * 100),
          lotSize: '100',
          minimumQuantity: '100',
          dailyLimit: String(DAILY_LIMIT_LOTS * 100),
          feeBasisPoints: 0,
          feeMinimum: '1.00',
          opensAt: '2026-11-21T09:00:00Z',
          closesAt: '2026-11-21T16:00:00Z',
          reason: 'parallel placement test',
        },
        admin,
      )
    ).json();
    expect(created.status, JSON.stringify(created)).toBe(1);
    placementId = created.data.id;
    const channelId = await createChannel(node1, admin);
    for (let index = 0; index < USERS; index += 1) {
      const affordable = index % 4 === 0 ? 3 : ATTEMPTS;
      const funded = PER_REQUEST * BigInt(affordable) + 50_00n;
      const user = await fundedUser(node1, admin, (Number(funded) / 100).toFixed(2), channelId);
      users.push({ ...user, funded, affordable });
    }
  }, 300_000);

  it('never passes a user’s daily limit nor freezes more than they have', async () => {
    node1.clock.set('2026-11-21T10:00:00Z');
    const answers = await Promise.all(
      users.flatMap((user, index) =>
        Array.from({ length: ATTEMPTS }, (_, attempt) =>
          callWithKey(
            (index + attempt) % 2 === 0 ? node1 : node2,
            '/placement/subscribe',
            { id: placementId, quantity: '100' },
            user,
            `placement-par-${index}-${attempt}`,
          ),
        ),
      ),
    );
    const codes = answers.map((answer) => (answer.json() as { code?: string }).code ?? 'ok');
    expect(
      codes.filter((code) => !['ok', 'INSUFFICIENT_BALANCE', 'BLOCK_TRADE_DAILY_LIMIT'].includes(code)),
    ).toEqual([]);
    for (const user of users) {
      const { items } = (await call(node1.app, '/placement/subscriptions', { pageSize: 100 }, user)).json()
        .data;
      expect(items.length).toBe(Math.min(user.affordable, DAILY_LIMIT_LOTS));
      const frozen = items.reduce((sum: bigint, item: { frozen: string }) => sum + cents(item.frozen), 0n);
      const cash = await cashOf(user);
      expect(cents(cash.frozen)).toBe(frozen);
      expect(cents(cash.available) + cents(cash.frozen)).toBe(user.funded);
    }
    const [over] = await rowsOf(
      sql`select count(*)::int as over from (select user_id, day, sum(quantity) as quantity
          from placement_subscriptions where placement_id = ${placementId} group by user_id, day) per_day
          where quantity > ${DAILY_LIMIT_LOTS * 100}`,
    );
    expect(over!.over).toBe(0);
    await expectLedgerOk();
  }, 300_000);

  it('the allocation, started on both nodes at once, runs once and allocates the block exactly', async () => {
    node1.clock.set('2026-11-21T16:00:10Z');
    const counts = await Promise.all([
      node1.app.services.placements.allocateDue(),
      node2.app.services.placements.allocateDue(),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    const [row] = await rowsOf(
      sql`select count(*)::int as subscriptions, sum(allocated_quantity)::text as allocated,
                 sum(frozen_minor)::text as frozen, sum(paid_minor + released_minor)::text as settled,
                 count(order_id)::int as orders, count(*) filter (where settled_at is null)::int as unsettled,
                 count(*) filter (where allocated_quantity % 100 <> 0 or allocated_quantity > quantity)::int as broken
          from placement_subscriptions where placement_id = ${placementId}`,
    );
    expect(row).toMatchObject({ allocated: String(LOTS_OFFERED * 100), unsettled: 0, broken: 0 });
    expect(row!.settled).toBe(row!.frozen);
    const [fills] = await rowsOf(
      sql`select count(*)::int as fills, count(distinct o.id)::int as orders from fills f join orders o on o.id = f.order_id
          where o.type = 'allotment' and o.symbol = 'SOF.BR'`,
    );
    expect(fills!.fills).toBe(row!.orders);
    expect(fills!.orders).toBe(row!.orders);
    for (const user of users) {
      const { items } = (await call(node1.app, '/placement/subscriptions', { pageSize: 100 }, user)).json()
        .data;
      const paid = items.reduce((sum: bigint, item: { paid: string }) => sum + cents(item.paid), 0n);
      const cash = await cashOf(user, counts[0] === 1 ? node1 : node2);
      expect(cash.frozen).toBe('0.00');
      expect(cents(cash.available)).toBe(user.funded - paid);
    }
    await expectLedgerOk();
  }, 300_000);
});
