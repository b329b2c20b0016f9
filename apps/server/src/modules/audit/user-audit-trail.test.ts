import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { createChannel, depositAndApprove, readyDepositor } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

// The user page's audit trail (aboutUserId): a staff decision names the item (a deposit), not its
// owner, yet it shows in the owner's trail, and in no one else's. Two users each have a deposit
// approved and an identity approved; each trail has exactly their own rows.

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let auditor: StaffHeaders;

type Entry = { action: string; targetType: string; targetId: string; staffUsername: string };
type Depositor = { id: string; account: string; depositId: string };

const trailOf = async (userId: string) => {
  const response = await callAdmin(
    testApp,
    '/audit/list',
    { aboutUserId: userId, page: 1, pageSize: 100 },
    auditor,
  );
  expect(response.json().status).toBe(1);
  return response.json().data as { total: number; items: Entry[] };
};

async function depositor(channelId: string, amount: string): Promise<Depositor> {
  const user = await readyDepositor(testApp, admin);
  const depositId = await depositAndApprove(testApp, user, finance, channelId, amount);
  const detail = await callAdmin(testApp, '/users/detail', { account: user.account }, admin);
  return { id: detail.json().data.id as string, account: user.account, depositId };
}

let first: Depositor;
let second: Depositor;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  auditor = await createStaff(testApp, admin, 'auditor');
  const channelId = await createChannel(testApp, finance);
  first = await depositor(channelId, '100.00');
  second = await depositor(channelId, '250.00');
});
afterAll(() => testApp.close());

describe("a user's audit trail", () => {
  it("shows the staff approval of the user's deposit, logged against the deposit", async () => {
    const { items } = await trailOf(first.id);
    expect(items).toContainEqual(
      expect.objectContaining({
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: first.depositId,
      }),
    );
    // And the identity review, logged against the submission, and the page view, against the user.
    expect(items.some((item) => item.targetType === 'identity_submission')).toBe(true);
    expect(items).toContainEqual(
      expect.objectContaining({ targetType: 'user', targetId: first.id, action: 'user.view_detail' }),
    );
  });

  it("does not show another user's deposit, identity review or account", async () => {
    const firstTrail = await trailOf(first.id);
    const secondTrail = await trailOf(second.id);
    expect(secondTrail.items).toContainEqual(
      expect.objectContaining({ action: 'deposit.approve', targetId: second.depositId }),
    );
    const foreign = (mine: Depositor, other: Depositor, items: Entry[]) =>
      items.filter(
        (item) =>
          (item.targetType === 'deposit' && item.targetId !== mine.depositId) ||
          (item.targetType === 'user' && item.targetId !== mine.id) ||
          item.targetId === other.depositId,
      );
    expect(foreign(first, second, firstTrail.items)).toEqual([]);
    expect(foreign(second, first, secondTrail.items)).toEqual([]);
    // Each submission shows in one trail only.
    const submissions = (items: Entry[]) =>
      items.filter((item) => item.targetType === 'identity_submission').map((item) => item.targetId);
    const shared = submissions(firstTrail.items).filter((id) => submissions(secondTrail.items).includes(id));
    expect(shared).toEqual([]);
    // Nothing about the staff accounts or channels leaks into a user's trail.
    expect(
      [...firstTrail.items, ...secondTrail.items].filter((item) =>
        ['staff', 'deposit_channel', 'staff_username'].includes(item.targetType),
      ),
    ).toEqual([]);
  });

  it('is the same in total as in its rows, and empty for a user nobody touched', async () => {
    const { items, total } = await trailOf(first.id);
    expect(total).toBe(items.length);
    expect((await trailOf('999999')).total).toBe(0);
  });

  it('is refused to a role that may not read the audit log', async () => {
    const response = await callAdmin(
      testApp,
      '/audit/list',
      { aboutUserId: first.id, page: 1, pageSize: 10 },
      finance,
    );
    expect(response.json().status).not.toBe(1);
  });
});
