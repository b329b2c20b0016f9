import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// The back-office's strategies (issue 15 item 4, issue 17 item 5): staff list every strategy with
// its followers and the requests waiting for a NAV, and close one with a reason (audited). After the
// close a follow is refused (COPY_TRADING_CLOSED), the follow made before it still gets its units at
// the next NAV, and redeeming goes on. Only the roles of the IPO calls may; the auditor only reads.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

// Monday 23 November 2026, 11:00 in Brussels; the strategies strike at 16:00 Brussels (15:00 UTC).
beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-23T10:00:00Z');
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const follow = async (user: User, id: string, amount: string, key: string) =>
  (await callWithKey(testApp, '/strategy/follow', { id, amount }, user, key)).json();
type StaffStrategy = {
  id: string;
  code: string;
  closedAt: string | null;
  followers: number;
  pendingFollows: number;
  pendingFollowAmount: string;
  pendingRedemptions: number;
  pendingRedemptionUnits: string;
};
const staffList = async (staff: StaffHeaders) => {
  const answer = (await callAdmin(testApp, '/strategy/list', {}, staff)).json();
  expect(answer.status, JSON.stringify(answer)).toBe(1);
  return answer.data.items as StaffStrategy[];
};
const staffRow = async (code: string) => (await staffList(admin)).find((item) => item.code === code)!;

describe('strategies in the back-office', () => {
  let product: StaffHeaders;
  let auditor: StaffHeaders;
  let reviewer: StaffHeaders;
  let alice: User;
  let bob: User;
  let trendId: string;

  beforeAll(async () => {
    [product, auditor, reviewer] = await Promise.all([
      createStaff(testApp, admin, 'product'),
      createStaff(testApp, admin, 'auditor'),
      createStaff(testApp, admin, 'reviewer'),
    ]);
    [alice, bob] = await Promise.all([
      fundedUser(testApp, admin, '3000.00'),
      fundedUser(testApp, admin, '3000.00'),
    ]);
  });

  it('lists every strategy with its followers and the follows and redemptions waiting for a NAV', async () => {
    const before = await staffList(product);
    expect(before.map((item) => item.code)).toEqual(['BAL6040', 'TRENDBR', 'MOMBR']);
    trendId = before.find((item) => item.code === 'TRENDBR')!.id;
    expect(before[1]).toMatchObject({
      closedAt: null,
      followers: 0,
      pendingFollows: 0,
      pendingFollowAmount: '0.00',
      pendingRedemptions: 0,
      pendingRedemptionUnits: '0.0000',
    });
    expect((await follow(alice, trendId, '1000.00', 'staff-follow-alice-1')).status).toBe(1);
    expect((await follow(bob, trendId, '400.00', 'staff-follow-bob-1')).status).toBe(1);
    expect(await staffRow('TRENDBR')).toMatchObject({
      followers: 0,
      pendingFollows: 2,
      pendingFollowAmount: '1400.00',
    });
    // The auditor and finance read it; a reviewer has no business here.
    expect((await staffList(auditor)).length).toBe(3);
    expect((await callAdmin(testApp, '/strategy/list', {}, reviewer)).json()).toMatchObject({
      msg: 'FORBIDDEN',
    });
    // At 16:00 Brussels the NAV is struck and both become followers.
    testApp.clock.set('2026-11-23T15:01:00Z');
    expect((await testApp.app.services.strategies.runDue()).struck).toContain('TRENDBR');
    expect(await staffRow('TRENDBR')).toMatchObject({ followers: 2, pendingFollows: 0 });
  });

  it('only product and admin close a strategy, with a reason; it is audited once', async () => {
    testApp.clock.set('2026-11-24T09:00:00Z');
    // A night later the staff sessions have lapsed: sign in again.
    admin = await adminLogin(testApp);
    [product, auditor] = await Promise.all([
      createStaff(testApp, admin, 'product'),
      createStaff(testApp, admin, 'auditor'),
    ]);
    // Bob follows again before the close: his money stays frozen for the next NAV.
    expect((await follow(bob, trendId, '200.00', 'staff-follow-bob-2')).status).toBe(1);
    const close = (staff: StaffHeaders, body: Record<string, unknown>) =>
      callAdmin(testApp, '/strategy/close', body, staff).then((answer) => answer.json());
    expect(await close(auditor, { id: trendId, reason: 'rule retired' })).toMatchObject({ msg: 'FORBIDDEN' });
    expect((await close(product, { id: trendId, reason: 'no' })).status).not.toBe(1);
    expect(await close(product, { id: '999999', reason: 'rule retired' })).toMatchObject({
      msg: 'PRODUCT_UNAVAILABLE',
    });
    expect((await staffRow('TRENDBR')).closedAt).toBeNull();

    const closed = await close(product, { id: trendId, reason: 'rule retired by the committee' });
    expect(closed.status, JSON.stringify(closed)).toBe(1);
    expect(closed.data).toMatchObject({
      code: 'TRENDBR',
      closedAt: '2026-11-24T09:00:00.000Z',
      followers: 2,
      pendingFollows: 1,
      pendingFollowAmount: '200.00',
    });
    expect(await close(admin, { id: trendId, reason: 'rule retired again' })).toMatchObject({
      msg: 'ALREADY_PROCESSED',
    });
    const audit = (
      await callAdmin(testApp, '/audit/list', { targetType: 'strategy', targetId: trendId }, admin)
    ).json();
    expect(audit.data.items).toEqual([
      expect.objectContaining({ action: 'strategy.close', reason: 'rule retired by the committee' }),
    ]);
  });

  it('after the close: follows refused, the earlier follow settled at the next NAV, redemptions go on', async () => {
    expect(await follow(alice, trendId, '300.00', 'staff-follow-alice-2')).toMatchObject({
      msg: 'COPY_TRADING_CLOSED',
    });
    const redeem = (
      await callWithKey(
        testApp,
        '/strategy/redeem',
        { id: trendId, units: '10.0000' },
        alice,
        'staff-redeem-alice-1',
      )
    ).json();
    expect(redeem.status, JSON.stringify(redeem)).toBe(1);
    expect(await staffRow('TRENDBR')).toMatchObject({
      pendingFollows: 1,
      pendingRedemptions: 1,
      pendingRedemptionUnits: '10.0000',
    });
    testApp.clock.set('2026-11-24T15:01:00Z');
    expect((await testApp.app.services.strategies.runDue()).struck).toContain('TRENDBR');
    admin = await adminLogin(testApp);
    const bobs = (await call(testApp.app, '/strategy/mine', {}, bob)).json().data;
    expect(bobs.requests.items.map((item: { state: string }) => item.state)).toEqual(['settled', 'settled']);
    expect(await staffRow('TRENDBR')).toMatchObject({ pendingFollows: 0, pendingFollowAmount: '0.00' });
  });
});
