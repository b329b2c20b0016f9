import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../test/helpers/build-app';
import { callWithKey, createChannel, readyDepositor } from '../modules/deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../modules/staff-auth/admin-test-support';
import { uploadSample } from '../modules/uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser } from '../modules/withdrawals/withdrawal-test-support';

// Issue 12, item 3: a deposit has a decide-by time like a withdrawal, and neither waits past it
// unseen: the overdue job moves it to the supervisors' queue and tells its user, once.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp(); // Monday 2026-03-02 10:00 UTC
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const HOUR = 3_600_000;

const ownMessages = async (user: User, language = 'en') => {
  const response = await call(testApp.app, '/user/notice', { language }, user);
  return (response.json().data as Array<{ id: string; title: string; content: string }>).filter((item) =>
    item.id.startsWith('m'),
  );
};
const escalated = async (kind: 'deposits' | 'withdrawals') =>
  (await callAdmin(testApp, `/${kind}/list`, { queue: 'escalated', pageSize: 100 }, admin)).json().data
    .items as Array<{ id: string; escalatedAt: string | null; decideBy: string }>;

describe('deposits and withdrawals past their decide-by time', () => {
  it('escalates each to the supervisors and tells its user, once', async () => {
    const depositor = await readyDepositor(testApp, admin);
    const announced = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '90.00', proofImageId: await uploadSample(testApp, depositor) },
      depositor,
    );
    const deposit = announced.json().data as { id: string; decideBy: string; reference: string };
    expect(deposit.decideBy).toBe('2026-03-03T10:00:00.000Z'); // 24 hours, a business day

    const withdrawer = await fundedUser(testApp, admin, '300.00', channelId);
    const submitted = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: '120.00', cardId: withdrawer.cardId, fundPassword: FUND_PASSWORD },
      withdrawer,
    );
    const withdrawal = submitted.json().data as { id: string; decideBy: string };
    const before = {
      depositor: (await ownMessages(depositor)).length,
      withdrawer: (await ownMessages(withdrawer)).length,
    };

    testApp.clock.advance(23 * HOUR);
    await testApp.app.jobs.runDue();
    admin = await adminLogin(testApp); // staff sessions last 12 hours
    expect(await escalated('deposits')).toEqual([]);
    expect(await escalated('withdrawals')).toEqual([]);

    testApp.clock.advance(2 * HOUR);
    await testApp.app.jobs.runDue();
    expect(await escalated('deposits')).toMatchObject([
      { id: deposit.id, decideBy: deposit.decideBy, escalatedAt: testApp.clock.now().toISOString() },
    ]);
    expect((await escalated('withdrawals')).map((item) => item.id)).toEqual([withdrawal.id]);
    // Still pending: escalated, not decided.
    const all = await callAdmin(testApp, '/deposits/list', { pageSize: 100 }, admin);
    expect(all.json().data.items.find((item: { id: string }) => item.id === deposit.id)?.state).toBe(
      'pending',
    );

    const told = await ownMessages(depositor);
    expect(told).toHaveLength(before.depositor + 1);
    expect(told[0]).toMatchObject({ title: 'Deposit not decided in time' });
    expect(told[0]?.content).toContain(`reference ${deposit.reference}`);
    expect((await ownMessages(depositor, 'nl'))[0]?.title).toBe('Storting niet op tijd beslist');
    const toldWithdrawer = await ownMessages(withdrawer);
    expect(toldWithdrawer).toHaveLength(before.withdrawer + 1);
    expect(toldWithdrawer[0]?.title).toBe('Withdrawal not decided in time');

    // Once: later passes neither escalate again nor tell again.
    testApp.clock.advance(2 * HOUR);
    await testApp.app.jobs.runDue();
    expect(await ownMessages(depositor)).toHaveLength(before.depositor + 1);
    expect(await ownMessages(withdrawer)).toHaveLength(before.withdrawer + 1);
  });
});
