import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';

// Support chat (issue 14, item 3): the user writes (text, pictures under the upload rules), support
// staff read and answer through /api/admin/, each side sees what it has not read, and an answer
// reaches the user as a message.

let testApp: TestApp;
let admin: StaffHeaders;
let support: StaffHeaders;
let finance: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  support = await createStaff(testApp, admin, 'support');
  finance = await createStaff(testApp, admin, 'finance');
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const send = (user: User, payload: unknown) => call(testApp.app, '/support/send', payload, user);
const unread = async (user: User) =>
  (await call(testApp.app, '/support/unread', undefined, user)).json().data.unread as number;
const conversationOf = async (user: User) => {
  const list = await callAdmin(testApp, '/support/conversations', { pageSize: 100 }, support);
  expect(list.json().status).toBe(1);
  return (list.json().data.items as Array<{ userId: string; account: string; unread: number }>).find(
    (item) => item.account === user.account,
  );
};

describe('support chat', () => {
  it('user writes, support reads and answers, each side sees its unread count', async () => {
    const user = await signUp(testApp);
    expect((await send(user, { body: 'My deposit has not arrived.' })).json()).toMatchObject({
      status: 1,
      data: { author: 'user', body: 'My deposit has not arrived.', attachmentId: null },
    });
    await send(user, { body: 'Reference BRS-1.' });
    const conversation = await conversationOf(user);
    expect(conversation).toMatchObject({ unread: 2 });

    const thread = await callAdmin(testApp, '/support/thread', { userId: conversation!.userId }, support);
    expect(thread.json().data.messages.map((message: { body: string }) => message.body)).toEqual([
      'My deposit has not arrived.',
      'Reference BRS-1.',
    ]);
    expect(await conversationOf(user)).toMatchObject({ unread: 0 });

    expect(await unread(user)).toBe(0);
    const reply = await callAdmin(
      testApp,
      '/support/reply',
      { userId: conversation!.userId, body: 'We received it; it is credited today.' },
      support,
    );
    expect(reply.json()).toMatchObject({ status: 1, data: { author: 'staff' } });
    expect(await unread(user)).toBe(1);

    const inbox = (await call(testApp.app, '/user/notice', { language: 'en' }, user)).json().data;
    expect(inbox[0]).toMatchObject({
      title: 'Support answered you',
      content: 'We received it; it is credited today.',
    });

    const mine = (await call(testApp.app, '/support/thread', undefined, user)).json().data.messages;
    expect(mine.map((message: { author: string }) => message.author)).toEqual(['user', 'user', 'staff']);
    expect(await unread(user)).toBe(0);
  });

  it('a picture is attached under the upload rules and seen by support, not by finance', async () => {
    const user = await signUp(testApp);
    const pictureId = await uploadSample(testApp, user);
    const sent = await send(user, { attachmentId: pictureId });
    expect(sent.json()).toMatchObject({ status: 1, data: { body: '', attachmentId: pictureId } });
    const get = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: `/api/uploads/${pictureId}`, headers });
    const isImage = (response: { headers: Record<string, unknown> }) =>
      String(response.headers['content-type']).startsWith('image/');
    expect(isImage(await get({ token: user.token, account: user.account }))).toBe(true);
    expect(isImage(await get({ 'staff-token': support.staffToken }))).toBe(true);
    const byFinance = await get({ 'staff-token': finance.staffToken });
    expect(isImage(byFinance)).toBe(false);
    expect(byFinance.json().code).toBe('UPLOAD_NOT_FOUND');

    // Someone else's picture, or an ID photo, cannot be attached.
    const other = await signUp(testApp);
    expect((await send(other, { attachmentId: pictureId })).json().code).toBe('UPLOAD_NOT_FOUND');
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    await verifyIdentity(testApp, other, reviewer);
    const idPhotos = await callAdmin(
      testApp,
      '/identity/list',
      { state: 'authenticated', pageSize: 100 },
      admin,
    );
    const submission = (idPhotos.json().data.items as Array<{ account: string; frontImageId: string }>).find(
      (item) => item.account === other.account,
    );
    expect(submission).toBeDefined();
    expect((await send(other, { attachmentId: submission!.frontImageId })).json().code).toBe(
      'UPLOAD_NOT_FOUND',
    );
  });

  it('refuses an empty message, a too long one, an answer to no conversation, and other roles', async () => {
    const user = await signUp(testApp);
    expect((await send(user, { body: '   ' })).json().code).toBe('SUPPORT_MESSAGE_EMPTY');
    expect((await send(user, {})).json().code).toBe('SUPPORT_MESSAGE_EMPTY');
    expect((await send(user, { body: 'x'.repeat(2001) })).json().code).toBe('VALIDATION_FAILED');
    expect(await conversationOf(user)).toBeUndefined();

    const noConversation = await callAdmin(
      testApp,
      '/support/reply',
      { userId: '999999999', body: 'Hello' },
      support,
    );
    expect(noConversation.json().code).toBe('SUPPORT_CONVERSATION_NOT_FOUND');

    await send(user, { body: 'Hello?' });
    const conversation = await conversationOf(user);
    const byFinance = await callAdmin(
      testApp,
      '/support/reply',
      { userId: conversation!.userId, body: 'Hi' },
      finance,
    );
    expect(byFinance.statusCode).toBe(403);
    expect((await callAdmin(testApp, '/support/conversations', {}, finance)).statusCode).toBe(403);
    // A user session is not a staff session.
    const asUser = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/support/conversations',
      headers: { token: user.token, account: user.account },
      payload: {},
    });
    expect(asUser.statusCode).toBe(401);
  });

  it('every answer and every read by staff is in the audit log', async () => {
    const user = await signUp(testApp);
    await send(user, { body: 'Question' });
    const conversation = await conversationOf(user);
    await callAdmin(testApp, '/support/thread', { userId: conversation!.userId }, support);
    await callAdmin(testApp, '/support/reply', { userId: conversation!.userId, body: 'Answer' }, support);
    const log = await callAdmin(testApp, '/audit/list', { pageSize: 100 }, admin);
    const actions = (log.json().data.items as Array<{ action: string; targetId: string }>)
      .filter((item) => item.targetId === conversation!.userId)
      .map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['support.view', 'support.reply']));
  });
});
