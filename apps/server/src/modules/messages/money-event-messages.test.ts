import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel, readyDepositor } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, VALID_NATIONAL_NUMBER } from '../uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// Issue 13 item 5: every money event a user must hear of is a message in their language, posted
// in the deciding transaction; nothing English is stored (the same row reads in each language).

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp({
    config: { funds: { ...testConfig().funds, withdrawalFeeMinor: { EUR: 2_50n, USD: 0n } } },
  });
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
type Item = { id: string; title: string; content: string; createdAt: string };

const inbox = async (user: User, language = 'en'): Promise<Item[]> => {
  const response = await call(testApp.app, '/user/notice', { language }, user);
  expect(response.json().status).toBe(1);
  return response.json().data as Item[];
};
/** The user's own messages (ids `m…`), newest first; notices (the welcome) are left out. */
const messagesOf = async (user: User, language = 'en') =>
  (await inbox(user, language)).filter((item) => item.id.startsWith('m'));

async function submitIdentity(user: User) {
  const response = await call(
    testApp.app,
    '/information/submitAuth',
    {
      realname: 'Jan Peeters',
      documentType: 'be_national_register',
      documentNumber: VALID_NATIONAL_NUMBER,
      frontImageId: await uploadSample(testApp, user),
      backImageId: await uploadSample(testApp, user),
    },
    user,
  );
  expect(response.json().status).toBe(1);
  const list = await callAdmin(testApp, '/identity/list', { pageSize: 100 }, admin);
  return (list.json().data.items as Array<{ id: string; account: string }>).find(
    (item) => item.account === user.account,
  )!.id;
}

describe('messages for money events', () => {
  it('a new user has only the welcome notice', async () => {
    const user = await signUp(testApp);
    const items = await inbox(user);
    expect(items.map((item) => item.title)).toEqual(['Welcome to Beurs']);
  });

  it('identity approved, and identity rejected with the reason, in the reader’s language', async () => {
    const approved = await signUp(testApp);
    const approvedId = await submitIdentity(approved);
    await callAdmin(
      testApp,
      '/identity/review',
      { id: approvedId, decision: 'approve', reason: 'documents match' },
      admin,
    );
    expect((await messagesOf(approved)).map((item) => item.title)).toEqual(['Identity verified']);
    expect((await messagesOf(approved, 'nl'))[0]!.title).toBe('Identiteit geverifieerd');
    expect((await messagesOf(approved, 'zh'))[0]!.title).toBe('身分已驗證');

    const rejected = await signUp(testApp);
    const rejectedId = await submitIdentity(rejected);
    await callAdmin(
      testApp,
      '/identity/review',
      { id: rejectedId, decision: 'reject', reason: 'ID_PHOTOS_MISSING' },
      admin,
    );
    const [message] = await messagesOf(rejected);
    expect(message!.title).toBe('Identity not verified');
    // A catalogued reason code is translated, never shown raw.
    expect(message!.content).not.toContain('ID_PHOTOS_MISSING');
    const [german] = await messagesOf(rejected, 'de');
    expect(german!.content).toContain('Ihre Identitätsprüfung wurde nicht bestanden');
  });

  it('deposit credited and deposit rejected, with the amount in the reader’s format', async () => {
    const user = await readyDepositor(testApp, admin);
    const submit = async (amount: string) => {
      const response = await callWithKey(
        testApp,
        '/recharge/submit',
        { channelId, amount, proofImageId: await uploadSample(testApp, user) },
        user,
      );
      expect(response.json().status).toBe(1);
      return response.json().data as { id: string; reference: string };
    };
    const first = await submit('1234.50');
    await callAdmin(
      testApp,
      '/deposits/review',
      { id: first.id, decision: 'approve', reason: 'received' },
      admin,
    );
    const second = await submit('20.00');
    await callAdmin(
      testApp,
      '/deposits/review',
      { id: second.id, decision: 'reject', reason: 'no transfer arrived' },
      admin,
    );
    const [rejected, credited] = await messagesOf(user);
    expect(credited).toMatchObject({ title: 'Deposit credited' });
    expect(credited!.content).toContain('1,234.50 €');
    expect(credited!.content).toContain(first.reference);
    expect(rejected).toMatchObject({ title: 'Deposit not credited' });
    expect(rejected!.content).toContain('20.00 €');
    expect(rejected!.content).toContain('no transfer arrived');
    expect((await messagesOf(user, 'fr'))[1]!.content).toContain('1.234,50 €');
  });

  it('withdrawal paid (payout and fee) and withdrawal rejected', async () => {
    const user = await fundedUser(testApp, admin, '500.00', channelId);
    const withdraw = async (amount: string) => {
      const response = await callWithKey(
        testApp,
        '/cashOut/submit',
        { currency: 'EUR', amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
        user,
      );
      expect(response.json().status).toBe(1);
      return response.json().data.id as string;
    };
    const paidId = await withdraw('150.00');
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: paidId, decision: 'approve', reason: 'paid' },
      admin,
    );
    const rejectedId = await withdraw('100.00');
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: rejectedId, decision: 'reject', reason: 'card holder differs' },
      admin,
    );
    const [rejected, paid] = await messagesOf(user);
    expect(paid).toMatchObject({
      title: 'Withdrawal paid out',
      content:
        'Your withdrawal of 150.00 € has been approved: 147.50 € is paid out to your card (fee 2.50 €).',
    });
    expect(rejected!.title).toBe('Withdrawal rejected');
    expect(rejected!.content).toContain('100.00 €');
    expect(rejected!.content).toContain('card holder differs');
  });

  it('the fund password lock is told once, by the attempt that set it', async () => {
    const user = await fundedUser(testApp, admin, '200.00', channelId);
    const before = (await messagesOf(user)).length;
    for (let attempt = 0; attempt < 7; attempt += 1) {
      await callWithKey(
        testApp,
        '/cashOut/submit',
        { currency: 'EUR', amount: '100.00', cardId: user.cardId, fundPassword: '000000' },
        user,
      );
    }
    const messages = await messagesOf(user);
    expect(messages).toHaveLength(before + 1);
    expect(messages[0]!.title).toBe('Fund password locked');
    expect(messages[0]!.content).toContain('locked until 2026.03.02 11:15:00');
    expect((await messagesOf(user, 'ko'))[0]!.title).toBe('자금 비밀번호 잠김');
  });

  it('a decision refused (decided twice) posts no second message', async () => {
    const user = await readyDepositor(testApp, admin);
    const submitted = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '50.00', proofImageId: await uploadSample(testApp, user) },
      user,
    );
    const id = submitted.json().data.id as string;
    await callAdmin(testApp, '/deposits/review', { id, decision: 'approve', reason: 'received' }, admin);
    const again = await callAdmin(
      testApp,
      '/deposits/review',
      { id, decision: 'reject', reason: 'again' },
      admin,
    );
    expect(again.json().code).toBe('ALREADY_PROCESSED');
    const titles = (await messagesOf(user)).map((item) => item.title);
    expect(titles.filter((title) => title.startsWith('Deposit'))).toEqual(['Deposit credited']);
  });
});
