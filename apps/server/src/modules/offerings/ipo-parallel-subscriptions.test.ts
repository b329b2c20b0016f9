import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { users as usersTable } from '../users/users.tables';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// Many subscriptions at once and a draw run by two nodes at once (issue 17, "Bad input,
// concurrency and faults"). Under `npm run test:pg` the calls run on separate PostgreSQL
// connections and the second node is a second app on the same database; on PGlite they are
// serialised and must give the same answers. 200 subscriptions from 20 users (10 each, the
// per-user count) ask 200 lots of 100 on offer; users funded for fewer subscriptions are refused
// the rest with nothing frozen. The draw never allocates more than is offered, allocations +
// releases equal what was frozen, it runs once, its settlement settles each subscription once, and
// the ledger verifies after each step.

const USERS = 20;
const PER_USER = 10;
const LOTS_OFFERED = 100;

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
const cashOf = async (user: User) => {
  const { balances } = (await call(node1.app, '/user/getUserinfo', undefined, user)).json().data;
  return balances.find((balance: { currency: string }) => balance.currency === 'EUR') as {
    available: string;
    frozen: string;
  };
};
const ledgerCashOf = async (user: User) => {
  const db = node1.database.db;
  const [row] = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(eq(usersTable.account, user.account));
  const balances = await node1.app.services.ledger.getCashBalances(db, row!.id);
  const eur = balances.find((balance) => balance.currency === 'EUR')!;
  return { available: eur.available, frozen: eur.frozen };
};
const expectLedgerOk = async () => {
  const report = await verifyLedger(node1.database.db);
  expect(report.breaches).toEqual([]);
  expect(report.isOk).toBe(true);
};

describe('200 subscriptions at once, drawn by two nodes at once', () => {
  let offeringId: string;
  const users: Array<User & { funded: bigint }> = [];

  beforeAll(async () => {
    const created = (
      await callAdmin(
        node1,
        '/ipo/create',
        {
          symbol: 'SOF.BR',
          name: 'Sofina new shares',
          issueMarket: 'Euronext Brussels',
          leadUnderwriter: 'Belfius',
          issuePrice: '1.0000',
          sharesOffered: String(LOTS_OFFERED * 1000),
          minimumQuantity: '1000',
          lotSize: '1000',
          subscriptionsPerUser: PER_USER,
          feeBasisPoints: 25,
          feeMinimum: '1.00',
          prospectusUrl: 'https://example.org/sofina.pdf',
          opensAt: '2026-11-21T09:00:00Z',
          closesAt: '2026-11-21T16:00:00Z',
          lotteryAt: '2026-11-22T09:00:00Z',
          distributionAt: '2026-11-22T09:00:00Z',
          listingAt: '2026-11-23T09:00:00Z',
          reason: 'parallel subscription test',
        },
        admin,
      )
    ).json();
    expect(created.status, JSON.stringify(created)).toBe(1);
    offeringId = created.data.id;
    const channelId = await createChannel(node1, admin);
    // Each subscription of 1,000 shares freezes 1,000.00 + 2.50 fee. Every fifth user can pay for 6.
    for (let index = 0; index < USERS; index += 1) {
      const funded = index % 5 === 0 ? 6_100_00n : 10_100_00n;
      const user = await fundedUser(node1, admin, (Number(funded) / 100).toFixed(2), channelId);
      users.push({ ...user, funded });
    }
  }, 300_000);

  it('never freezes more than a user has; refused subscriptions leave nothing', async () => {
    node1.clock.set('2026-11-21T10:00:00Z');
    const answers = await Promise.all(
      users.flatMap((user, index) =>
        Array.from({ length: PER_USER }, (_, attempt) =>
          callWithKey(
            index % 2 === 0 ? node1 : node2,
            '/ipo/subscribe',
            { id: offeringId, quantity: '1000' },
            user,
            `par-${index}-${attempt}-key`,
          ),
        ),
      ),
    );
    const codes = answers.map((answer) => (answer.json() as { code?: string }).code ?? 'ok');
    expect(codes.filter((code) => code !== 'ok' && code !== 'INSUFFICIENT_BALANCE')).toEqual([]);
    expect(codes.filter((code) => code === 'INSUFFICIENT_BALANCE')).toHaveLength((USERS / 5) * 4);
    for (const user of users) {
      const { items } = (await call(node1.app, '/ipo/subscriptions', { pageSize: 100 }, user)).json().data;
      const frozen = items.reduce((sum: bigint, item: { frozen: string }) => sum + cents(item.frozen), 0n);
      const cash = await cashOf(user);
      expect(cents(cash.frozen)).toBe(frozen);
      expect(cents(cash.available) + cents(cash.frozen)).toBe(user.funded);
      expect(items.length).toBe(user.funded === 6_100_00n ? 6 : 10);
    }
    await expectLedgerOk();
  }, 300_000);

  it('the draw, started on both nodes at once, runs once and allocates exactly the lots offered', async () => {
    node1.clock.set('2026-11-22T09:00:10Z');
    const counts = await Promise.all([
      node1.app.services.offerings.drawPending(),
      node2.app.services.offerings.drawPending(),
    ]);
    expect(counts[0] + counts[1]).toBe(1);
    // Both nodes settle at once, in batches of 7 (a transaction each). A node that finds the
    // offering locked by the other stops, one that finds it free settles the next batch: between
    // them every subscription is settled exactly once.
    const settled = await Promise.all([
      node1.app.services.offerings.settleDrawn({ batchSize: 7 }),
      node2.app.services.offerings.settleDrawn({ batchSize: 7 }),
    ]);
    expect(settled[0] + settled[1]).toBe(USERS * PER_USER - (USERS / 5) * 4);
    const result = await node1.database.db.execute(
      sql`select count(*)::int as subscriptions, sum(allocated_quantity)::text as allocated,
                 sum(frozen_minor)::text as frozen, sum(paid_minor + released_minor)::text as settled,
                 count(order_id)::int as orders, count(*) filter (where drawn_at is null)::int as undrawn,
                 count(*) filter (where settled_at is null)::int as unsettled
          from ipo_subscriptions where offering_id = ${offeringId}`,
    );
    const [row] = (result as unknown as { rows: Array<Record<string, string | number>> }).rows;
    expect(row).toMatchObject({
      subscriptions: USERS * PER_USER - (USERS / 5) * 4,
      allocated: String(LOTS_OFFERED * 1000),
      undrawn: 0,
      unsettled: 0,
    });
    expect(row!.settled).toBe(row!.frozen);
    // One allotment order (one fill) per allocated subscription, none twice.
    const fills = await node1.database.db.execute(
      sql`select count(*)::int as fills, count(distinct o.id)::int as orders from fills f join orders o on o.id = f.order_id
          where o.type = 'allotment' and o.symbol = 'SOF.BR'`,
    );
    const [fillRow] = (fills as unknown as { rows: Array<{ fills: number; orders: number }> }).rows;
    expect(fillRow!.fills).toBe(row!.orders);
    expect(fillRow!.orders).toBe(row!.orders);
    // Either node may have settled the draw. These two nodes share no invalidation bus (nodes in
    // production share Redis), so node1's cached user info may not have heard of it: the balances
    // are read from the ledger itself.
    for (const user of users) {
      const { items } = (await call(node1.app, '/ipo/subscriptions', { pageSize: 100 }, user)).json().data;
      const paid = items.reduce((sum: bigint, item: { paid: string }) => sum + cents(item.paid), 0n);
      const cash = await ledgerCashOf(user);
      expect(cash.frozen).toBe(0n);
      expect(cash.available).toBe(user.funded - paid);
    }
    await expectLedgerOk();
  }, 300_000);
});
