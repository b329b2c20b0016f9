import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';
import { callWithKey, createChannel } from './deposit-test-support';

// Meant for PostgreSQL (npm run test:pg), where the calls really run at once on separate
// connections; on PGlite they are serialised, and the answers must be the same.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

async function readyUser() {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, admin);
  await call(
    testApp.app,
    '/information/scamCheck',
    { trigger: 'first_deposit', wasToldByOnlineContact: false },
    user,
  );
  return user;
}

describe('concurrent deposit calls', () => {
  it('two staff approving the same deposit at once credit it once', async () => {
    const financeA = await createStaff(testApp, admin, 'finance');
    const financeB = await createStaff(testApp, admin, 'finance');
    for (let round = 0; round < 5; round += 1) {
      const user = await readyUser();
      const proofImageId = await uploadSample(testApp, user);
      const deposit = (
        await callWithKey(testApp, '/recharge/submit', { channelId, amount: '321.09', proofImageId }, user)
      ).json().data;
      const answers = await Promise.all(
        [financeA, financeB].map((staff) =>
          callAdmin(
            testApp,
            '/deposits/review',
            { id: deposit.id, decision: 'approve', reason: 'matched' },
            staff,
          ),
        ),
      );
      const codes = answers.map((answer) => answer.json().code ?? 'OK').sort();
      expect(codes).toEqual(['ALREADY_PROCESSED', 'OK']);
      const info = await call(testApp.app, '/user/getUserinfo', undefined, user);
      expect(info.json().data.balances[0]).toMatchObject({ available: '321.09' });
    }
    const verification = await verifyLedger(testApp.database.db);
    expect(verification.breaches).toEqual([]);
  });

  it('the same deposit retried at once with one idempotency key creates one record', async () => {
    const user = await readyUser();
    const proofImageId = await uploadSample(testApp, user);
    const payload = { channelId, amount: '42.00', proofImageId };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callWithKey(testApp, '/recharge/submit', payload, user, 'retry-same-key-01'),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.json().data?.id));
    expect(answers.map((answer) => answer.json().status)).toEqual(Array(8).fill(1));
    expect(ids.size).toBe(1);
    expect((await call(testApp.app, '/recharge/list', {}, user)).json().data.total).toBe(1);
  });
});
