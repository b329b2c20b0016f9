import { lotsWonBy, runDraw, seedMatchesCommitment } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { ipoOfferingInput } from './offering-test-support';

// IPO subscription and draw (issue 17, items 1, 2 and 6) over HTTP on the injected clock: every
// refusal writes nothing; subscribing freezes price × quantity + fee at once and one idempotency key
// makes one subscription; the draw (run twice at once) allots through an `allotment` order filled
// from the hold and releases the rest in the same entry, so allocations + releases = frozen; the
// published seed matches its commitment, and a changed seed is detected; the ledger verifies clean.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

const NOW = '2026-11-20T10:00:00Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(NOW);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const subscribe = async (user: User, body: Record<string, unknown>, key?: string) =>
  (await callWithKey(testApp, '/ipo/subscribe', body, user, key)).json();
const cents = (text: string) => BigInt(text.replace('.', ''));
const cashOf = async (user: User) => {
  const { balances } = (await post('/user/getUserinfo', undefined, user)).data;
  return balances.find((balance: { currency: string }) => balance.currency === 'EUR') as {
    available: string;
    frozen: string;
  };
};
const expectLedgerOk = async () => {
  const report = await verifyLedger(testApp.database.db);
  expect(report.breaches).toEqual([]);
  expect(report.isOk).toBe(true);
};
const createOffering = async (overrides: Record<string, unknown> = {}) => {
  const answer = (
    await callAdmin(
      testApp,
      '/ipo/create',
      {
        ...ipoOfferingInput,
        ...overrides,
      },
      admin,
    )
  ).json();
  expect(answer.status, JSON.stringify(answer)).toBe(1);
  return answer.data as { id: string; seedCommitment: string; draw: { seed: string | null } };
};

describe('an oversubscribed IPO from creation to listing', () => {
  let offering: { id: string; seedCommitment: string };
  let alice: User;
  let bob: User;
  let carol: User;
  let poor: User;

  beforeAll(async () => {
    offering = await createOffering();
    [alice, bob, carol] = await Promise.all([
      fundedUser(testApp, admin, '45000.00'),
      fundedUser(testApp, admin, '45000.00'),
      fundedUser(testApp, admin, '45000.00'),
    ]);
    poor = await fundedUser(testApp, admin, '50.00');
  });

  it('staff create it audited; nobody sees the seed before the draw, only its hash', async () => {
    expect(offering.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    const staffList = (await callAdmin(testApp, '/ipo/list', {}, admin)).json().data;
    expect(staffList.items[0].draw.seed).toBeNull();
    const detail = (await post('/ipo/detail', { id: offering.id }, alice)).data;
    expect(detail.offering).toMatchObject({
      phase: 'to_be_subscribed',
      leadUnderwriter: 'KBC Securities',
      draw: { seed: null },
    });
    const audit = (
      await callAdmin(testApp, '/audit/list', { targetType: 'ipo_offering', targetId: offering.id }, admin)
    ).json();
    expect(audit.status, JSON.stringify(audit)).toBe(1);
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]).toMatchObject({
      action: 'ipo.create',
      reason: 'IPO window agreed with the issuer',
    });
    expect(JSON.stringify(audit.data)).toContain(offering.seedCommitment);
    expect(JSON.stringify(audit.data)).not.toMatch(/"seed":"[0-9a-f]{64}"/);
  });

  it('refuses an unknown offering, before the window, a broken quantity and a too-small one', async () => {
    expect(await subscribe(alice, { id: '999999', quantity: '10000' })).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect(await subscribe(alice, { id: offering.id, quantity: '10000' })).toMatchObject({
      msg: 'SUBSCRIPTION_NOT_OPEN',
      params: { opensAt: '2026-11-21T09:00:00.000Z' },
    });
    testApp.clock.set('2026-11-21T10:00:00Z');
    expect((await post('/ipo/detail', { id: offering.id }, alice)).data.offering.phase).toBe('subscribing');
    expect(await subscribe(alice, { id: offering.id, quantity: '10500' })).toMatchObject({
      msg: 'QUANTITY_NOT_WHOLE_LOTS',
    });
    expect(await subscribe(alice, { id: offering.id, quantity: '5000' })).toMatchObject({
      msg: 'BELOW_PRODUCT_MINIMUM',
    });
    expect(await cashOf(alice)).toMatchObject({ frozen: '0.00' });
  });

  it('insufficient funds refuse and leave nothing frozen and no subscription', async () => {
    const preview = (await post('/ipo/preview', { id: offering.id, quantity: '10000' }, poor)).data;
    expect(preview).toMatchObject({
      total: '10010.00',
      gross: '10000.00',
      fee: '10.00',
      isAffordable: false,
    });
    const answer = await subscribe(poor, { id: offering.id, quantity: '10000' });
    expect(answer.msg).toBe('INSUFFICIENT_BALANCE');
    expect(await cashOf(poor)).toEqual(expect.objectContaining({ available: '50.00', frozen: '0.00' }));
    expect((await post('/ipo/subscriptions', {}, poor)).data.total).toBe(0);
  });

  it('freezes issue price × quantity + fee at once; one key twice makes one subscription; the count refuses', async () => {
    const key = 'ipo-key-alice-0001';
    const [first, second] = await Promise.all([
      subscribe(alice, { id: offering.id, quantity: '20000' }, key),
      subscribe(alice, { id: offering.id, quantity: '20000' }, key),
    ]);
    expect(first.status).toBe(1);
    expect(second.data.id).toBe(first.data.id);
    expect(first.data).toMatchObject({
      state: 'subscribing',
      gross: '20000.00',
      fee: '20.00',
      frozen: '20020.00',
    });
    expect(await cashOf(alice)).toEqual(expect.objectContaining({ frozen: first.data.frozen }));
    expect(cents(first.data.frozen)).toBe(cents(first.data.gross) + cents(first.data.fee));
    expect(await subscribe(alice, { id: offering.id, quantity: '30000' }, key)).toMatchObject({
      msg: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await subscribe(alice, { id: offering.id, quantity: '10000' })).toMatchObject({
      msg: 'IPO_SUBSCRIPTION_LIMIT',
      params: { limit: '1' },
    });
    expect((await post('/ipo/subscriptions', {}, alice)).data.total).toBe(1);
    expect((await subscribe(bob, { id: offering.id, quantity: '20000' })).status).toBe(1);
    expect((await subscribe(carol, { id: offering.id, quantity: '10000' })).status).toBe(1);
    await expectLedgerOk();
  });

  it('walks the states on the clock; after the window the channel is closed', async () => {
    testApp.clock.set('2026-11-23T17:00:00Z');
    expect(await subscribe(poor, { id: offering.id, quantity: '10000' })).toMatchObject({
      msg: 'IPO_CHANNEL_CLOSED',
    });
    const ended = (await post('/ipo/subscriptions', {}, alice)).data.items[0];
    expect(ended.state).toBe('subscription_ended');
    testApp.clock.set('2026-11-24T09:00:30Z');
    expect((await post('/ipo/subscriptions', {}, alice)).data.items[0].state).toBe('awaiting_draw');
  });

  it('the draw runs once when started twice at once, allots from the holds and releases the rest', async () => {
    const { offerings } = testApp.app.services;
    const before = await Promise.all([alice, bob, carol].map(cashOf));
    const counts = await Promise.all([offerings.drawDue(), offerings.drawDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await offerings.drawDue()).toBe(0);

    const detail = (await post('/ipo/detail', { id: offering.id }, alice)).data;
    const { draw } = detail.offering;
    expect(detail.offering.phase).toBe('drawn');
    expect(draw).toMatchObject({
      isOversubscribed: true,
      lotsOffered: 30,
      lotsRequested: 50,
      lotsAllocated: 30,
    });
    expect(draw.winningRatePercent).toBe('60.00');
    expect(seedMatchesCommitment(draw.seed, detail.offering.seedCommitment)).toBe(true);

    let allocatedShares = 0n;
    for (const [index, user] of [alice, bob, carol].entries()) {
      const [row] = (await post('/ipo/subscriptions', {}, user)).data.items;
      expect(['allocated', 'not_allocated']).toContain(row.state);
      expect(cents(row.paid) + cents(row.released)).toBe(cents(row.frozen));
      const cash = await cashOf(user);
      expect(cash.frozen).toBe('0.00');
      expect(cents(cash.available)).toBe(cents(before[index]!.available) + cents(row.released));
      // The user's own result recomputed from the published numbers, as the app does.
      const mine = lotsWonBy(draw.seed, { id: row.id, lots: row.lots }, draw);
      expect(BigInt(mine) * 1000n).toBe(BigInt(row.allocatedQuantity));
      allocatedShares += BigInt(row.allocatedQuantity);
      // The records name the subscription with its own figures: frozen, then released or allotted.
      const records = (await post('/fundRecord/list', { tab: 'all' }, user)).data.items;
      const frozen = records.find((record: { kind: string }) => record.kind === 'hold_reserve');
      expect(frozen.detail).toEqual({
        type: 'subscription',
        product: 'ipo',
        event: 'frozen',
        symbol: 'UCB.BR',
        quantity: row.quantity,
        price: '1.0000',
        currency: 'EUR',
        fee: row.fee,
        frozen: row.frozen,
        allocatedQuantity: row.allocatedQuantity,
      });
      expect(records[0].detail).toMatchObject(
        row.orderId ? { type: 'fill', side: 'buy' } : { type: 'subscription', event: 'released' },
      );
      if (row.orderId) {
        const orders = (await post('/trade/orders', { tab: 'filled' }, user)).data.items;
        const order = orders.find((candidate: { id: string }) => candidate.id === row.orderId);
        expect(order).toMatchObject({ type: 'allotment', state: 'filled', quantity: row.allocatedQuantity });
        expect(order.fills[0]).toMatchObject({
          price: '1.0000',
          priceBasis: 'issue',
          tob: { amount: '0.00' },
        });
        const positions = (await post('/trade/positions', {}, user)).data.items;
        expect(positions.find((position: { symbol: string }) => position.symbol === 'UCB.BR')).toMatchObject({
          quantity: row.allocatedQuantity,
        });
      }
    }
    expect(allocatedShares).toBe(30_000n);
    await expectLedgerOk();
  });

  it('the published seed reproduces the allocation; a seed changed after the commitment is detected', async () => {
    const detail = (await post('/ipo/detail', { id: offering.id }, alice)).data;
    const { seed } = detail.offering.draw;
    const rows = await testApp.database.db.execute(
      sql`select id::text as id, (quantity / 1000)::int as lots, allocated_quantity::text as allocated
          from ipo_subscriptions where offering_id = ${offering.id} order by id`,
    );
    const subscriptions = (rows as unknown as { rows: { id: string; lots: number; allocated: string }[] })
      .rows;
    const outcome = runDraw(seed, 30, subscriptions);
    for (const row of subscriptions)
      expect(BigInt(outcome.lotsWon.get(row.id) ?? 0) * 1000n).toBe(BigInt(row.allocated));

    // A hostile operator swaps the seed after the draw: the commitment no longer matches.
    const forged = seed.replace(/^./, seed.startsWith('0') ? '1' : '0');
    await testApp.database.db.execute(
      sql`update ipo_offerings set seed = ${forged} where id = ${offering.id}`,
    );
    const after = (await post('/ipo/detail', { id: offering.id }, alice)).data.offering;
    expect(after.draw.seed).toBe(forged);
    expect(seedMatchesCommitment(after.draw.seed, after.seedCommitment)).toBe(false);
    await testApp.database.db.execute(sql`update ipo_offerings set seed = ${seed} where id = ${offering.id}`);
  });

  it('is listed from the listing date', async () => {
    testApp.clock.set('2026-11-26T09:00:01Z');
    const detail = (await post('/ipo/detail', { id: offering.id }, alice)).data;
    expect(detail.offering.phase).toBe('listed');
    const states = await Promise.all(
      [alice, bob, carol].map(
        async (user) => (await post('/ipo/subscriptions', {}, user)).data.items[0].state,
      ),
    );
    for (const state of states) expect(['listed', 'not_allocated']).toContain(state);
    expect(states.filter((state) => state === 'listed').length).toBeGreaterThan(0);
  });
});

describe('staff rights and an undersubscribed offering', () => {
  it('a user cannot create an offering; the dates must be in order', async () => {
    admin = await adminLogin(testApp);
    const user = await signUp(testApp);
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/ipo/create',
      headers: { token: user.token, account: user.account },
      payload: {},
    });
    expect(answer.statusCode).toBe(401);
    const late = await callAdmin(
      testApp,
      '/ipo/create',
      {
        symbol: 'UCB.BR',
        name: 'x',
        issueMarket: 'x',
        leadUnderwriter: 'x',
        issuePrice: '1.0000',
        sharesOffered: '1000',
        prospectusUrl: 'https://example.org/p.pdf',
        opensAt: '2026-12-02T00:00:00Z',
        closesAt: '2026-12-01T00:00:00Z',
        lotteryAt: '2026-12-03T00:00:00Z',
        distributionAt: '2026-12-03T00:00:00Z',
        listingAt: '2026-12-03T00:00:00Z',
        reason: 'dates in the wrong order',
      },
      admin,
    );
    expect(late.json().msg).toBe('VALIDATION_FAILED');
  });

  it('everyone gets what they asked when it fits; the whole hold is paid', async () => {
    testApp.clock.set('2026-11-27T10:00:00Z');
    admin = await adminLogin(testApp);
    const offering = await createOffering({
      opensAt: '2026-11-28T09:00:00Z',
      closesAt: '2026-11-28T16:00:00Z',
      lotteryAt: '2026-11-29T09:00:00Z',
      distributionAt: '2026-11-29T09:00:00Z',
      listingAt: '2026-11-30T09:00:00Z',
      sharesOffered: '100000',
      subscriptionsPerUser: 2,
    });
    const user = await fundedUser(testApp, admin, '25000.00');
    testApp.clock.set('2026-11-28T10:00:00Z');
    expect((await subscribe(user, { id: offering.id, quantity: '10000' })).status).toBe(1);
    expect((await subscribe(user, { id: offering.id, quantity: '10000' })).status).toBe(1);
    // Through the job (offerings.ipo-draw) this time: queued one period ahead, then due.
    await testApp.app.jobs.runDue();
    testApp.clock.set('2026-11-29T09:01:00Z');
    expect(await testApp.app.jobs.runDue()).toBeGreaterThan(0);
    expect(await testApp.app.services.offerings.drawDue()).toBe(0);
    const rows = (await post('/ipo/subscriptions', {}, user)).data.items.filter(
      (row: { offeringId: string }) => row.offeringId === offering.id,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'allocated', allocatedQuantity: '10000', released: '0.00' });
    }
    const detail = (await post('/ipo/detail', { id: offering.id }, user)).data.offering;
    expect(detail.draw).toMatchObject({ isOversubscribed: false, winningRatePercent: '100.00' });
    expect(await cashOf(user)).toMatchObject({ frozen: '0.00' });
    await expectLedgerOk();
  });
});
