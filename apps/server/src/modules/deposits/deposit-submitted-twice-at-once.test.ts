import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample } from '../uploads/upload-test-support';
import { callWithKey, createChannel, readyDepositor } from './deposit-test-support';

// Meant for PostgreSQL (npm run test:pg), where the calls really run at once on separate
// connections; on PGlite they are serialised, and the answers must be the same. Two staff deciding
// one deposit at once: deposit-decided-once-at-once.test.ts.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

describe('a deposit submitted twice at once', () => {
  it('the same deposit retried at once with one idempotency key creates one record', async () => {
    const user = await readyDepositor(testApp, admin);
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
