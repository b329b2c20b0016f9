import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample } from '../uploads/upload-test-support';
import { callWithKey, createChannel, readyDepositor } from './deposit-test-support';

// Issue 12, item 3: the user cancels their own pending deposit announcement (nothing was credited,
// nothing held), audited as the user's action; a cancelled deposit no longer waits for staff.

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

type User = { token: string; account: string };

const announce = async (user: User, amount: string) => {
  const proofImageId = await uploadSample(testApp, user);
  const response = await callWithKey(testApp, '/recharge/submit', { channelId, amount, proofImageId }, user);
  expect(response.json()).toMatchObject({ status: 1, data: { state: 'pending' } });
  return response.json().data.id as string;
};
const cancel = (user: User, id: string) => call(testApp.app, '/recharge/cancel', { id }, user);

describe('cancelling an own pending deposit announcement', () => {
  it('cancels it, leaves the staff queue, credits nothing, audited as the user', async () => {
    const user = await readyDepositor(testApp, admin);
    const id = await announce(user, '80.00');

    const cancelled = await cancel(user, id);
    expect(cancelled.json()).toMatchObject({ status: 1, data: { id, state: 'cancelled', decidedBy: null } });
    const list = (await call(testApp.app, '/recharge/list', {}, user)).json().data.items;
    expect(list).toMatchObject([{ id, state: 'cancelled' }]);
    const queue = (await callAdmin(testApp, '/deposits/list', { pageSize: 100 }, finance)).json().data.items;
    expect(queue.map((item: { id: string }) => item.id)).not.toContain(id);
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
    expect(info.balances[0]).toMatchObject({ available: '0.00', frozen: '0.00' });

    const log = (
      await callAdmin(testApp, '/audit/list', { targetType: 'deposit', targetId: id, pageSize: 10 }, admin)
    ).json().data;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      action: 'deposit.cancel',
      staffId: null,
      before: { state: 'pending' },
      after: { state: 'cancelled' },
    });
    expect(log.items[0].userId).toMatch(/^\d+$/);

    // No longer pending: staff cannot credit it, and the user may announce a new one.
    const late = await callAdmin(
      testApp,
      '/deposits/review',
      { id, decision: 'approve', reason: 'transfer received' },
      finance,
    );
    expect(late.json()).toMatchObject({ status: 0, code: 'ALREADY_PROCESSED' });
    await announce(user, '90.00');
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('refuses a decided deposit, a second cancel, and another user', async () => {
    const user = await readyDepositor(testApp, admin);
    const id = await announce(user, '60.00');
    const approved = await callAdmin(
      testApp,
      '/deposits/review',
      { id, decision: 'approve', reason: 'transfer received from own account' },
      finance,
    );
    expect(approved.json().status).toBe(1);
    expect((await cancel(user, id)).json()).toMatchObject({ status: 0, code: 'FUND_OPERATION_NOT_PENDING' });

    const second = await announce(user, '40.00');
    const stranger = await signUp(testApp);
    expect((await cancel(stranger, second)).json()).toMatchObject({ status: 0, code: 'RECORD_NOT_FOUND' });
    expect((await cancel(user, second)).json().status).toBe(1);
    expect((await cancel(user, second)).json()).toMatchObject({
      status: 0,
      code: 'FUND_OPERATION_NOT_PENDING',
    });
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
    expect(info.balances[0]).toMatchObject({ available: '60.00' });
  });
});
