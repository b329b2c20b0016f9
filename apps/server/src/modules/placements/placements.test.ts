import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { placementInput } from './placement-test-support';

// Placements ("block trades", issue 17 item 4) over HTTP on the injected clock: every refusal
// writes nothing; subscribing freezes price × quantity + fee at once, one idempotency key makes one
// subscription, the daily limit counts the Brussels day; at the close the allocation (run twice at
// once, settled once) is pro-rata in whole lots with the remainder by the published rule, paid from
// the hold through an `allotment` order and the rest released; closing early refunds everyone.

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
  (await callWithKey(testApp, '/placement/subscribe', body, user, key)).json();
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
const createPlacement = async (overrides: Record<string, unknown> = {}) => {
  const answer = (
    await callAdmin(
      testApp,
      '/placement/create',
      {
        ...placementInput,
        ...overrides,
      },
      admin,
    )
  ).json();
  expect(answer.status, JSON.stringify(answer)).toBe(1);
  return answer.data as { id: string; phase: string };
};

describe('an oversubscribed placement from creation to allocation', () => {
  let placement: { id: string };
  let alice: User;
  let bob: User;
  let carol: User;
  let poor: User;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    placement = await createPlacement();
    [alice, bob, carol] = await Promise.all([
      fundedUser(testApp, admin, '45000.00'),
      fundedUser(testApp, admin, '45000.00'),
      fundedUser(testApp, admin, '45000.00'),
    ]);
    poor = await fundedUser(testApp, admin, '50.00');
  });

  it('staff create it audited; a user may not', async () => {
    const audit = (
      await callAdmin(testApp, '/audit/list', { targetType: 'placement', targetId: placement.id }, admin)
    ).json();
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]).toMatchObject({
      action: 'placement.create',
      reason: 'block agreed with the seller',
    });
    const user = await signUp(testApp);
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/placement/create',
      headers: { token: user.token, account: user.account },
      payload: {},
    });
    expect(answer.statusCode).toBe(401);
    const listed = (await post('/placement/list', {}, alice)).data.items;
    expect(listed.find((item: { id: string }) => item.id === placement.id)).toMatchObject({
      phase: 'upcoming',
      price: '20.0000',
      dailyLimit: '600',
    });
  });

  it('refuses an unknown placement, before the window, a broken quantity and a too-small one', async () => {
    expect(await subscribe(alice, { id: '999999', quantity: '200' })).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect(await post('/placement/detail', { id: '999999' }, alice)).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect(await subscribe(alice, { id: placement.id, quantity: '200' })).toMatchObject({
      msg: 'SUBSCRIPTION_NOT_OPEN',
      params: { opensAt: '2026-11-21T09:00:00.000Z' },
    });
    testApp.clock.set('2026-11-21T10:00:00Z');
    expect((await post('/placement/detail', { id: placement.id }, alice)).data).toMatchObject({
      placement: { phase: 'open' },
      dailyLeft: '600',
    });
    expect(await subscribe(alice, { id: placement.id, quantity: '250' })).toMatchObject({
      msg: 'QUANTITY_NOT_WHOLE_LOTS',
      params: { lotSize: 100 },
    });
    expect(await subscribe(alice, { id: placement.id, quantity: '100' })).toMatchObject({
      msg: 'BELOW_PRODUCT_MINIMUM',
      params: { minimum: '200' },
    });
    expect(await cashOf(alice)).toMatchObject({ frozen: '0.00' });
    expect((await post('/placement/subscriptions', {}, alice)).data.total).toBe(0);
  });

  it('insufficient funds refuse and leave nothing frozen and no subscription', async () => {
    const preview = (await post('/placement/preview', { id: placement.id, quantity: '200' }, poor)).data;
    expect(preview).toMatchObject({ gross: '4000.00', fee: '5.00', total: '4005.00', isAffordable: false });
    expect((await subscribe(poor, { id: placement.id, quantity: '200' })).msg).toBe('INSUFFICIENT_BALANCE');
    expect(await cashOf(poor)).toEqual(expect.objectContaining({ available: '50.00', frozen: '0.00' }));
    expect((await post('/placement/subscriptions', {}, poor)).data.total).toBe(0);
  });

  it('freezes price × quantity + fee at once; one key twice makes one subscription; the daily limit refuses', async () => {
    const key = 'placement-key-alice-1';
    const [first, second] = await Promise.all([
      subscribe(alice, { id: placement.id, quantity: '400' }, key),
      subscribe(alice, { id: placement.id, quantity: '400' }, key),
    ]);
    expect(first.status, JSON.stringify(first)).toBe(1);
    expect(second.data.id).toBe(first.data.id);
    expect(first.data).toMatchObject({
      state: 'requested',
      gross: '8000.00',
      fee: '8.00',
      frozen: '8008.00',
    });
    expect(await cashOf(alice)).toMatchObject({ frozen: '8008.00', available: '36992.00' });
    expect(await subscribe(alice, { id: placement.id, quantity: '200' }, key)).toMatchObject({
      msg: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await subscribe(alice, { id: placement.id, quantity: '300' })).toMatchObject({
      msg: 'BLOCK_TRADE_DAILY_LIMIT',
      params: { limit: '600', left: '200' },
    });
    expect(await cashOf(alice)).toMatchObject({ frozen: '8008.00' });
    ids.a1 = first.data.id;
    ids.a2 = (await subscribe(alice, { id: placement.id, quantity: '200' })).data.id;
    expect((await post('/placement/detail', { id: placement.id }, alice)).data.dailyLeft).toBe('0');
    ids.b = (await subscribe(bob, { id: placement.id, quantity: '600' })).data.id;
    ids.c = (await subscribe(carol, { id: placement.id, quantity: '200' })).data.id;
    // The next Brussels day the limit starts again.
    testApp.clock.set('2026-11-22T10:00:00Z');
    const next = await subscribe(alice, { id: placement.id, quantity: '400' });
    expect(next.status, JSON.stringify(next)).toBe(1);
    ids.a3 = next.data.id;
    await expectLedgerOk();
  });

  it('after the window: block trade closed', async () => {
    testApp.clock.set('2026-11-23T16:00:01Z');
    expect(await subscribe(carol, { id: placement.id, quantity: '200' })).toMatchObject({
      msg: 'BLOCK_TRADE_CLOSED',
    });
    const detail = (await post('/placement/detail', { id: placement.id }, carol)).data;
    expect(detail).toMatchObject({
      placement: { phase: 'closed', quantityRequested: '1800' },
      dailyLeft: '0',
    });
    expect(detail.subscriptions[0].state).toBe('requested');
  });

  it('the allocation runs once when started twice at once: pro-rata in lots, remainder to the largest, rest released', async () => {
    const { placements } = testApp.app.services;
    const before = await Promise.all([alice, bob, carol].map(cashOf));
    const counts = await Promise.all([placements.allocateDue(), placements.allocateDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await placements.allocateDue()).toBe(0);

    // 10 lots for 4 + 2 + 6 + 2 + 4 = 18: floors 2, 1, 3, 1, 2 (9); the last lot to bob (remainder 6/18).
    const expected: Record<string, string> = { a1: '200', a2: '100', b: '400', c: '100', a3: '200' };
    const rows = new Map<string, Record<string, string>>();
    for (const user of [alice, bob, carol]) {
      for (const row of (await post('/placement/subscriptions', {}, user)).data.items) rows.set(row.id, row);
    }
    let allocated = 0n;
    for (const [name, quantity] of Object.entries(expected)) {
      const row = rows.get(ids[name]!)!;
      expect(row, name).toMatchObject({ state: 'allocated', allocatedQuantity: quantity });
      expect(cents(row.paid!) + cents(row.released!)).toBe(cents(row.frozen!));
      allocated += BigInt(quantity);
    }
    expect(allocated).toBe(1000n);
    // Bob: 400 × 20.00 = 8000.00 + fee 8.00 paid from 12012.00 frozen; 4004.00 released.
    expect(rows.get(ids.b!)).toMatchObject({ paid: '8008.00', released: '4004.00' });
    for (const [index, user] of [alice, bob, carol].entries()) {
      const cash = await cashOf(user);
      expect(cash.frozen).toBe('0.00');
      const mine = [...rows.values()].filter((row) =>
        (user === alice ? [ids.a1, ids.a2, ids.a3] : user === bob ? [ids.b] : [ids.c]).includes(row.id),
      );
      const released = mine.reduce((sum, row) => sum + cents(row.released!), 0n);
      expect(cents(cash.available)).toBe(cents(before[index]!.available) + released);
    }
    const order = (await post('/trade/orders', { tab: 'filled' }, bob)).data.items.find(
      (candidate: { id: string }) => candidate.id === rows.get(ids.b!)!.orderId,
    );
    expect(order).toMatchObject({ type: 'allotment', state: 'filled', quantity: '400' });
    expect(order.fills[0]).toMatchObject({ price: '20.0000', priceBasis: 'issue' });
    const positions = (await post('/trade/positions', {}, bob)).data.items;
    expect(positions.find((position: { symbol: string }) => position.symbol === 'KBC.BR')).toMatchObject({
      quantity: '400',
    });
    const detail = (await post('/placement/detail', { id: placement.id }, bob)).data.placement;
    expect(detail).toMatchObject({ phase: 'allocated', quantityAllocated: '1000' });
    await expectLedgerOk();
  });
});

describe('staff close a placement early', () => {
  it('every subscriber is refunded in full, audited; then off shelf, and a second close is refused', async () => {
    testApp.clock.set('2026-11-24T08:00:00Z');
    admin = await adminLogin(testApp);
    const placement = await createPlacement({
      opensAt: '2026-11-24T09:00:00Z',
      closesAt: '2026-11-26T16:00:00Z',
    });
    const [dora, emil] = await Promise.all([
      fundedUser(testApp, admin, '40000.00'),
      fundedUser(testApp, admin, '40000.00'),
    ]);
    testApp.clock.set('2026-11-24T10:00:00Z');
    expect((await subscribe(dora, { id: placement.id, quantity: '600' })).status).toBe(1);
    expect((await subscribe(emil, { id: placement.id, quantity: '200' })).status).toBe(1);
    expect(await cashOf(dora)).toMatchObject({ frozen: '12012.00' });

    const closed = (
      await callAdmin(
        testApp,
        '/placement/close',
        { id: placement.id, reason: 'seller withdrew the block' },
        admin,
      )
    ).json();
    expect(closed.status, JSON.stringify(closed)).toBe(1);
    expect(closed.data).toMatchObject({
      phase: 'closed_early',
      closeReason: 'seller withdrew the block',
      quantityAllocated: '0',
    });
    for (const user of [dora, emil]) {
      expect(await cashOf(user)).toEqual(expect.objectContaining({ available: '40000.00', frozen: '0.00' }));
      const [row] = (await post('/placement/subscriptions', {}, user)).data.items;
      expect(row).toMatchObject({ state: 'refunded', allocatedQuantity: '0', paid: '0.00' });
      const records = (await post('/fundRecord/list', { tab: 'all' }, user)).data.items;
      expect(records.slice(0, 2).map((record: { detail: unknown }) => record.detail)).toEqual([
        expect.objectContaining({ type: 'subscription', product: 'placement', event: 'refunded' }),
        expect.objectContaining({ product: 'placement', event: 'frozen', allocatedQuantity: '0' }),
      ]);
      expect(row.released).toBe(row.frozen);
    }
    const audit = (
      await callAdmin(testApp, '/audit/list', { targetType: 'placement', targetId: placement.id }, admin)
    ).json();
    expect(audit.data.items.map((item: { action: string }) => item.action)).toContain(
      'placement.close_early',
    );
    expect(await subscribe(dora, { id: placement.id, quantity: '200' })).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect(
      (
        await callAdmin(testApp, '/placement/close', { id: placement.id, reason: 'again please' }, admin)
      ).json(),
    ).toMatchObject({ msg: 'ALREADY_PROCESSED' });
    testApp.clock.set('2026-11-27T10:00:00Z');
    expect(await testApp.app.services.placements.allocateDue()).toBe(0);
    expect(await cashOf(dora)).toMatchObject({ available: '40000.00', frozen: '0.00' });
    admin = await adminLogin(testApp);
    const staffRow = (await callAdmin(testApp, '/placement/list', {}, admin))
      .json()
      .data.items.find((item: { id: string }) => item.id === placement.id);
    expect(staffRow).toMatchObject({ phase: 'closed_early', subscriptionCount: 2 });
    await expectLedgerOk();
  });
});
