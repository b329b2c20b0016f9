import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { checkReceipt } from '../../ledger/check-receipt';
import { adminLogin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { createChannel, depositAndApprove, readyDepositor } from '../deposits/deposit-test-support';

// Issue 12, item 1: the head is public (GET /api/ledger/head) and a user downloads a receipt for
// each of their entries that a third party checks with the published key alone; a receipt names
// no other user's entry, and an edited receipt does not check.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  const finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
});
afterAll(() => testApp.close());

const head = async () => (await testApp.app.inject({ method: 'GET', url: '/api/ledger/head' })).json();

describe('the published head and receipts', () => {
  it('publishes the head and gives the owner a receipt that checks against it', async () => {
    const user = await readyDepositor(testApp, admin);
    await depositAndApprove(testApp, user, admin, channelId, '64.00');
    await testApp.app.services.ledger.seal(testApp.database.db);

    const published = await head();
    expect(published).toMatchObject({ status: 1, data: { publicKey: expect.stringMatching(/^ed25519:/) } });
    expect(Number(published.data.sequence)).toBeGreaterThan(0);

    const records = await call(testApp.app, '/fundRecord/list', { tab: 'all', page: 1, pageSize: 10 }, user);
    const entryId = records.json().data.items[0].id as string;
    const answer = await call(testApp.app, '/fundRecord/receipt', { entryId }, user);
    const receipt = answer.json().data;
    expect(receipt).toMatchObject({ format: 'beurs-ledger-receipt-v1', entryId });
    expect(receipt.head.sequence).toBe(published.data.sequence);
    expect(receipt.head.hash).toBe(published.data.hash);
    expect(JSON.parse(receipt.body)).toMatchObject({ id: entryId, kind: 'deposit' });

    const checks = checkReceipt(receipt, published.data.publicKey);
    expect(checks.map((check) => check.isOk)).toEqual([true, true, true, true]);

    const edited = { ...receipt, body: receipt.body.replace('"deposit"', '"correction"') };
    expect(checkReceipt(edited, published.data.publicKey)[0]?.isOk).toBe(false);
    const otherTree = { ...receipt, head: { ...receipt.head, merkleRoot: '0'.repeat(64) } };
    expect(
      checkReceipt(otherTree, published.data.publicKey)
        .slice(2)
        .map((check) => check.isOk),
    ).toEqual([false, false]);

    const stranger = await readyDepositor(testApp, admin);
    const refused = await call(testApp.app, '/fundRecord/receipt', { entryId }, stranger);
    expect(refused.json()).toMatchObject({ status: 0, code: 'RECORD_NOT_FOUND' });
  });
});
