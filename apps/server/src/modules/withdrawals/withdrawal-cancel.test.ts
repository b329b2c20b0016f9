import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// Issue 12, item 3: the user cancels their own pending withdrawal; its hold is released at once,
// through the ledger, and the cancel is audited as the user's action.

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
});
afterAll(() => testApp.close());

type User = Awaited<ReturnType<typeof fundedUser>>;

const withdraw = async (user: User, amount: string) => {
  const response = await callWithKey(
    testApp,
    '/cashOut/submit',
    { currency: 'EUR', amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
    user,
  );
  expect(response.json()).toMatchObject({ status: 1, data: { state: 'pending' } });
  return response.json().data.id as string;
};
const cancel = (user: { token: string; account: string }, id: string) =>
  call(testApp.app, '/cashOut/cancel', { id }, user);
const balance = async (user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];

describe('cancelling an own pending withdrawal', () => {
  it('releases the hold at once, shows it cancelled in the list and records, audited as the user', async () => {
    const user = await fundedUser(testApp, admin, '700.00', channelId);
    const id = await withdraw(user, '250.00');
    expect(await balance(user)).toMatchObject({ available: '450.00', frozen: '250.00' });

    const cancelled = await cancel(user, id);
    expect(cancelled.json()).toMatchObject({
      status: 1,
      data: { id, state: 'cancelled', waitingFor: 'nothing', decidedBy: null, reason: '' },
    });
    expect(cancelled.json().data.decidedAt).not.toBeNull();
    expect(await balance(user)).toMatchObject({ available: '700.00', frozen: '0.00', totalAssets: '700.00' });
    const list = (await call(testApp.app, '/cashOut/list', {}, user)).json().data.items;
    expect(list).toMatchObject([{ id, state: 'cancelled' }]);

    const records = (await call(testApp.app, '/fundRecord/list', { tab: 'withdrawal' }, user)).json().data
      .items;
    expect(records[0]).toMatchObject({ kind: 'hold_release', detail: { type: 'withdrawal_cancelled' } });

    const log = (
      await callAdmin(testApp, '/audit/list', { targetType: 'withdrawal', targetId: id, pageSize: 10 }, admin)
    ).json().data;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      action: 'withdrawal.cancel',
      staffId: null,
      staffUsername: '',
      before: { state: 'pending' },
      after: { state: 'cancelled' },
    });
    const { userId } = log.items[0];
    expect(userId).toMatch(/^\d+$/);

    // A pending withdrawal blocked a second one; after the cancel, a new one is accepted.
    await withdraw(user, '100.00');
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('refuses a decided withdrawal, a second cancel and staff deciding a cancelled one', async () => {
    const user = await fundedUser(testApp, admin, '700.00', channelId);
    const paid = await withdraw(user, '200.00');
    const approved = await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: paid, decision: 'approve', reason: 'paid to own card' },
      finance,
    );
    expect(approved.json().status).toBe(1);
    expect((await cancel(user, paid)).json()).toMatchObject({
      status: 0,
      code: 'FUND_OPERATION_NOT_PENDING',
    });

    const id = await withdraw(user, '150.00');
    expect((await cancel(user, id)).json().status).toBe(1);
    expect((await cancel(user, id)).json()).toMatchObject({ status: 0, code: 'FUND_OPERATION_NOT_PENDING' });
    const late = await callAdmin(
      testApp,
      '/withdrawals/review',
      { id, decision: 'approve', reason: 'paid to own card' },
      finance,
    );
    expect(late.json()).toMatchObject({ status: 0, code: 'ALREADY_PROCESSED' });
    expect(await balance(user)).toMatchObject({ available: '500.00', frozen: '0.00' });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it("refuses another user's withdrawal and an unknown id as not found, and changes nothing", async () => {
    const owner = await fundedUser(testApp, admin, '300.00', channelId);
    const id = await withdraw(owner, '120.00');
    const stranger = await signUp(testApp);
    expect((await cancel(stranger, id)).json()).toMatchObject({ status: 0, code: 'RECORD_NOT_FOUND' });
    expect((await cancel(owner, '999999999')).json()).toMatchObject({ status: 0, code: 'RECORD_NOT_FOUND' });
    expect(await balance(owner)).toMatchObject({ available: '180.00', frozen: '120.00' });
    const pending = (await call(testApp.app, '/cashOut/list', {}, owner)).json().data.items;
    expect(pending).toMatchObject([{ id, state: 'pending' }]);
  });
});
