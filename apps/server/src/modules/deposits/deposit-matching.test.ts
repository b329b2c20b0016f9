import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample } from '../uploads/upload-test-support';
import { callWithKey, createChannel, depositAndApprove, readyDepositor } from './deposit-test-support';

// The deposit queue's matching helpers, facts the server has: the user's other deposits through
// the same channel (counted per outcome, the latest listed) and another deposit whose proof is the
// same uploaded picture. Another user's deposits and another channel's never count.

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;
let otherChannelId: string;

type User = { token: string; account: string };
type Matching = {
  onChannel: {
    approved: number;
    rejected: number;
    cancelled: number;
    recent: { id: string; amount: string; reference: string; state: string }[];
  };
  sameProofDepositIds: string[];
};
type Item = { id: string; account: string; reference: string; matching: Matching };

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
  otherChannelId = await createChannel(testApp, finance, {
    name: 'Second account',
    collectionAccount: 'BE68 5390 0754 7034',
    reason: 'a second collection account',
  });
});
afterAll(() => testApp.close());

async function submit(user: User, channel: string, amount: string, proofImageId?: string) {
  const proof = proofImageId ?? (await uploadSample(testApp, user));
  const response = await callWithKey(
    testApp,
    '/recharge/submit',
    { channelId: channel, amount, proofImageId: proof },
    user,
  );
  expect(response.json().status, response.body).toBe(1);
  return { id: response.json().data.id as string, proof };
}

async function reject(id: string) {
  const response = await callAdmin(
    testApp,
    '/deposits/review',
    { id, decision: 'reject', reason: 'no transfer received' },
    finance,
  );
  expect(response.json().status).toBe(1);
}

async function pending(): Promise<Item[]> {
  const response = await callAdmin(testApp, '/deposits/list', { pageSize: 100 }, finance);
  expect(response.json().status).toBe(1);
  return response.json().data.items as Item[];
}

describe('deposit matching helpers', () => {
  it("count and list the user's earlier deposits through this channel only, not other users' or channels'", async () => {
    const user = await readyDepositor(testApp, admin);
    const approvedId = await depositAndApprove(testApp, user, finance, channelId, '100.00');
    const rejected = await submit(user, channelId, '70.00');
    await reject(rejected.id);
    const elsewhere = await submit(user, otherChannelId, '40.00');
    await reject(elsewhere.id);
    // Another user on the same channel.
    const stranger = await readyDepositor(testApp, admin);
    await depositAndApprove(testApp, stranger, finance, channelId, '900.00');

    const waiting = await submit(user, channelId, '250.00');
    const item = (await pending()).find((entry) => entry.id === waiting.id);
    expect(item?.matching.onChannel).toMatchObject({ approved: 1, rejected: 1, cancelled: 0 });
    expect(item?.matching.onChannel.recent.map((entry) => [entry.id, entry.amount, entry.state])).toEqual([
      [rejected.id, '70.00', 'rejected'],
      [approvedId, '100.00', 'approved'],
    ]);
    expect(item?.matching.sameProofDepositIds).toEqual([]);
    await reject(waiting.id);
  });

  it('flag a proof picture already used for another deposit', async () => {
    const user = await readyDepositor(testApp, admin);
    const first = await submit(user, channelId, '120.00');
    await reject(first.id);
    const again = await submit(user, channelId, '120.00', first.proof);
    const item = (await pending()).find((entry) => entry.id === again.id);
    expect(item?.matching.sameProofDepositIds).toEqual([first.id]);
    expect(item?.matching.onChannel.rejected).toBe(1);
    // A fresh picture is not flagged.
    await reject(again.id);
    const fresh = await submit(user, channelId, '120.00');
    const freshItem = (await pending()).find((entry) => entry.id === fresh.id);
    expect(freshItem?.matching.sameProofDepositIds).toEqual([]);
    expect(freshItem?.matching.onChannel.rejected).toBe(2);
  });
});
