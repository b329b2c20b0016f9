import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { startFakePushService, type FakeBrowser } from './fake-push-service-test-support';
import { pushSubscriptions } from './messages.tables';

// Web Push (issue 14, item 4): a message is pushed after its decision commits, encrypted for the
// subscription (RFC 8291) and signed with the server's VAPID key (RFC 8292), in the language the
// browser subscribed with, unless the user turned push off for that kind. Checked against a local
// push service that decrypts and verifies on its own.

let testApp: TestApp;
let admin: StaffHeaders;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;

beforeAll(async () => {
  pushService = await startFakePushService();
  testApp = await buildTestApp({
    config: {
      push: {
        ...testConfig().push,
        serviceHosts: ['127.0.0.1'],
        trustedCertificate: pushService.certificate,
      },
    },
  });
  admin = await adminLogin(testApp);
});
afterAll(async () => {
  await testApp.close();
  await pushService.close();
});

type User = { token: string; account: string };

const subscribe = (user: User, browser: FakeBrowser, language = 'en') =>
  call(testApp.app, '/notifications/push/subscribe', { subscription: browser.subscription, language }, user);

/** The user writes to support and support answers: one support_reply message. */
async function supportAnswers(user: User, body: string) {
  await call(testApp.app, '/support/send', { body: 'Question?' }, user);
  const list = await callAdmin(testApp, '/support/conversations', { pageSize: 100 }, admin);
  const conversation = (list.json().data.items as Array<{ userId: string; account: string }>).find(
    (item) => item.account === user.account,
  )!;
  const reply = await callAdmin(testApp, '/support/reply', { userId: conversation.userId, body }, admin);
  expect(reply.json().status).toBe(1);
  await testApp.app.services.messages.pushesSettled();
}

describe('web push', () => {
  it('pushes a message encrypted for the browser, VAPID-signed, in the language it subscribed with', async () => {
    const user = await signUp(testApp);
    const browser = pushService.subscribe();
    expect((await subscribe(user, browser, 'de')).json()).toEqual({ status: 1, msg: '', data: null });
    const { publicKey } = (await call(testApp.app, '/notifications/push/key', undefined, user)).json().data;

    const before = pushService.received.length;
    await supportAnswers(user, 'Ihre Einzahlung ist angekommen.');
    expect(pushService.errors).toEqual([]);
    const pushed = pushService.received.slice(before);
    expect(pushed).toHaveLength(1);
    const inbox = (await call(testApp.app, '/user/notice', { language: 'de' }, user)).json().data;
    expect(pushed[0]).toMatchObject({
      path: new URL(browser.subscription.endpoint).pathname,
      contentEncoding: 'aes128gcm',
      ttl: '86400',
      vapidPublicKey: publicKey,
      claims: { aud: pushService.origin, sub: 'mailto:support@beurs.example' },
      payload: {
        id: inbox[0].id,
        title: 'Der Support hat geantwortet',
        content: 'Ihre Einzahlung ist angekommen.',
        url: `#/information/msgInfo?id=${inbox[0].id}`,
      },
    });
  });

  it('sends nothing for a kind the user turned off; the message is still in Messages', async () => {
    const user = await signUp(testApp);
    await subscribe(user, pushService.subscribe());
    const saved = await call(
      testApp.app,
      '/notifications/settings/save',
      { kind: 'support', isPushEnabled: false },
      user,
    );
    expect(saved.json().data).toContainEqual({ kind: 'support', isPushEnabled: false });
    expect(saved.json().data).toContainEqual({ kind: 'price_alerts', isPushEnabled: true });

    const before = pushService.received.length;
    await supportAnswers(user, 'Muted answer');
    expect(pushService.received.length).toBe(before);
    const inbox = (await call(testApp.app, '/user/notice', {}, user)).json().data;
    expect(inbox[0]).toMatchObject({ title: 'Support answered you', content: 'Muted answer' });
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const user = await signUp(testApp);
    const browser = pushService.subscribe();
    await subscribe(user, browser);
    pushService.unsubscribe(browser);
    await supportAnswers(user, 'Anyone there?');
    const rows = await testApp.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(rows).toEqual([]);
  });

  it('refuses a subscription that does not point at an allowed push service over https', async () => {
    const user = await signUp(testApp);
    const browser = pushService.subscribe();
    const elsewhere = {
      ...browser.subscription,
      endpoint: 'https://internal.example/admin/delete-everything',
    };
    const refused = await call(
      testApp.app,
      '/notifications/push/subscribe',
      { subscription: elsewhere, language: 'en' },
      user,
    );
    expect(refused.json().code).toBe('PUSH_SERVICE_NOT_ALLOWED');
    const plain = {
      ...browser.subscription,
      endpoint: browser.subscription.endpoint.replace('https:', 'http:'),
    };
    const notHttps = await call(
      testApp.app,
      '/notifications/push/subscribe',
      { subscription: plain, language: 'en' },
      user,
    );
    expect(notHttps.json().code).toBe('VALIDATION_FAILED');
    const badKey = { ...browser.subscription, keys: { ...browser.subscription.keys, p256dh: 'short' } };
    expect(
      (
        await call(
          testApp.app,
          '/notifications/push/subscribe',
          { subscription: badKey, language: 'en' },
          user,
        )
      ).json().code,
    ).toBe('VALIDATION_FAILED');
  });

  it('keeps one VAPID key pair: generated once, the same for every caller', async () => {
    const first = await signUp(testApp);
    const second = await signUp(testApp);
    const keyOf = async (user: User) =>
      (await call(testApp.app, '/notifications/push/key', undefined, user)).json().data.publicKey as string;
    const key = await keyOf(first);
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await keyOf(second)).toBe(key);
  });
});
