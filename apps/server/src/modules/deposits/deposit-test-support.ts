import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { signUp, type TestApp } from '../../../test/helpers/build-app';
import { callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';

type User = { token: string; account: string };

/** POST to /api/vue{path} with the session and an idempotency key. */
export function callWithKey(
  testApp: TestApp,
  path: string,
  payload: unknown,
  user: User,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: { token: user.token, account: user.account, 'idempotency-key': key },
    payload: payload as object,
  });
}

/** A bank-transfer channel to the operator's own account (EUR, 10.00 to 50,000.00). */
export async function createChannel(
  testApp: TestApp,
  staff: StaffHeaders,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await callAdmin(
    testApp,
    '/deposit-channels/save',
    {
      kind: 'bank_transfer',
      name: 'SEPA transfer',
      currency: 'EUR',
      collectionAccount: 'BE71 0961 2345 6769',
      beneficiaryName: 'Beurs Demo NV',
      bic: 'GKCCBEBB',
      minimum: '10.00',
      maximum: '50000.00',
      isEnabled: true,
      reason: 'open the SEPA channel',
      ...overrides,
    },
    staff,
  );
  const body = response.json();
  if (body.status !== 1) throw new Error(`channel save failed: ${response.body}`);
  return body.data.id as string;
}

/** A fresh user with a verified identity who has answered the first-deposit question. */
export async function readyDepositor(testApp: TestApp, staff: StaffHeaders): Promise<User> {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, staff);
  await answerFirstDepositQuestion(testApp, user);
  return user;
}

function answerFirstDepositQuestion(testApp: TestApp, user: User) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/vue/information/scamCheck',
    headers: { token: user.token, account: user.account },
    payload: { trigger: 'first_deposit', wasToldByOnlineContact: false },
  });
}

/** Announces a deposit (answering the first-deposit question) and has staff approve it. */
export async function depositAndApprove(
  testApp: TestApp,
  user: User,
  staff: StaffHeaders,
  channelId: string,
  amount: string,
): Promise<string> {
  await answerFirstDepositQuestion(testApp, user);
  const proofImageId = await uploadSample(testApp, user);
  const submitted = await callWithKey(testApp, '/recharge/submit', { channelId, amount, proofImageId }, user);
  const body = submitted.json();
  if (body.status !== 1) throw new Error(`deposit failed: ${submitted.body}`);
  const reviewed = await callAdmin(
    testApp,
    '/deposits/review',
    { id: body.data.id, decision: 'approve', reason: 'transfer received from own account' },
    staff,
  );
  if (reviewed.json().status !== 1) throw new Error(`deposit review failed: ${reviewed.body}`);
  return body.data.id as string;
}
