import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEFAULT_PASSWORD, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

describe('staff sessions and roles', () => {
  it('refuses a wrong staff password and calls without a staff token', async () => {
    const wrong = await callAdmin(testApp, '/auth/login', { username: 'admin', password: 'not-it' });
    expect(wrong.json()).toMatchObject({ status: 0, code: 'WRONG_CREDENTIALS' });
    const anonymous = await callAdmin(testApp, '/auth/me', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('does not accept a user token or the is-admin header as staff', async () => {
    const user = await signUp(testApp);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/auth/me',
      headers: { token: user.token, account: user.account, 'is-admin': '1', 'staff-token': user.token },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 FORBIDDEN when the role is not allowed, and ends sessions at logout', async () => {
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    const me = await callAdmin(testApp, '/auth/me', {}, reviewer);
    expect(me.json().data.role).toBe('reviewer');
    const user = await signUp(testApp);
    const forbidden = await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'frozen', reason: 'reviewers may not do this' },
      reviewer,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    await callAdmin(testApp, '/auth/logout', {}, reviewer);
    expect((await callAdmin(testApp, '/auth/me', {}, reviewer)).statusCode).toBe(401);
  });

  it('refuses a staff action without a written reason', async () => {
    const user = await signUp(testApp);
    const response = await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'frozen' },
      admin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('keeps the audit log append-only', async () => {
    const causeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'committed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await causeOf(testApp.database.db.execute(sql`update audit_log set reason = 'edited'`))).toMatch(
      /append-only/,
    );
    expect(await causeOf(testApp.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
  });
});

describe('account restrictions', () => {
  it('freezing signs the user out, refuses login with the reason, is audited, and can be lifted', async () => {
    const support = await createStaff(testApp, admin, 'support');
    const user = await signUp(testApp);
    const frozen = await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'frozen', reason: 'Suspicious sign-in from abroad' },
      support,
    );
    expect(frozen.json().data.restrictions).toMatchObject([
      { kind: 'frozen', reason: 'Suspicious sign-in from abroad' },
    ]);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, user)).statusCode).toBe(401);
    const login = await call(testApp.app, '/user/login', {
      account: user.account,
      password: DEFAULT_PASSWORD,
    });
    expect(login.json()).toMatchObject({
      code: 'ACCOUNT_FROZEN',
      params: { reason: 'Suspicious sign-in from abroad' },
    });

    const again = await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'frozen', reason: 'twice' },
      support,
    );
    expect(again.json()).toMatchObject({ code: 'RESTRICTION_ALREADY_ACTIVE', params: { kind: 'frozen' } });

    const lifted = await callAdmin(
      testApp,
      '/users/lift',
      { account: user.account, kind: 'frozen', reason: 'Customer confirmed by phone' },
      support,
    );
    expect(lifted.json().data.restrictions).toEqual([]);
    const loginAfter = await call(testApp.app, '/user/login', {
      account: user.account,
      password: DEFAULT_PASSWORD,
    });
    expect(loginAfter.json().status).toBe(1);
    const liftAgain = await callAdmin(
      testApp,
      '/users/lift',
      { account: user.account, kind: 'frozen', reason: 'nothing to lift' },
      support,
    );
    expect(liftAgain.json().code).toBe('RESTRICTION_NOT_ACTIVE');

    const detail = await callAdmin(testApp, '/users/detail', { account: user.account }, admin);
    const log = await callAdmin(
      testApp,
      '/audit/list',
      { targetType: 'user', targetId: detail.json().data.id },
      admin,
    );
    const items = log.json().data.items;
    expect(items.map((item: { action: string }) => item.action)).toEqual([
      'user.view_detail',
      'user.lift_restriction',
      'user.restrict',
    ]);
    expect(items[2]).toMatchObject({
      reason: 'Suspicious sign-in from abroad',
      before: [],
      after: ['frozen'],
    });
    expect(items[1].staffUsername).toMatch(/^support/);
  });

  it('a withdrawal bar cannot be imposed alone with free text (seen: a bar asking to pay a tax)', async () => {
    const user = await signUp(testApp);
    const support = await createStaff(testApp, admin, 'support');
    const refused = await callAdmin(
      testApp,
      '/users/restrict',
      {
        account: user.account,
        kind: 'withdrawal_barred',
        reason: 'Pay the 15 % capital gains tax by deposit before withdrawing',
      },
      support,
    );
    expect(refused.json()).toMatchObject({ status: 0, code: 'WITHDRAWAL_BAR_NEEDS_APPROVAL' });
    const info = await call(testApp.app, '/user/getUserinfo', undefined, user);
    expect(info.json().data.restrictions).toEqual([]);
  });

  it('a withdrawal bar needs a listed reason, a note, at most 30 days and a second staff member', async () => {
    const user = await signUp(testApp);
    const support = await createStaff(testApp, admin, 'support');
    const propose = (body: Record<string, unknown>) =>
      callAdmin(
        testApp,
        '/users/withdrawalBar/propose',
        { account: user.account, barReason: 'court_order', note: 'Court order 2026/118', days: 30, ...body },
        support,
      );
    expect((await propose({ barReason: 'unpaid_tax' })).json().code).toBe('VALIDATION_FAILED');
    expect((await propose({ days: 31 })).json().code).toBe('VALIDATION_FAILED');
    expect((await propose({ note: '' })).json().code).toBe('VALIDATION_FAILED');

    const proposed = (await propose({ days: 10 })).json();
    expect(proposed).toMatchObject({
      status: 1,
      data: { state: 'pending', barReason: 'court_order', days: 10 },
    });
    // Pending: nothing barred yet.
    expect((await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.restrictions).toEqual(
      [],
    );

    const review = (staff: StaffHeaders) =>
      callAdmin(
        testApp,
        '/users/withdrawalBar/review',
        { id: proposed.data.id, decision: 'approve', reason: 'order checked' },
        staff,
      );
    expect((await review(support)).json()).toMatchObject({ code: 'WITHDRAWAL_BAR_NEEDS_SECOND_STAFF' });
    const approved = (await review(admin)).json();
    const tenDays = new Date(testApp.clock.now().getTime() + 10 * 24 * 3_600_000).toISOString();
    expect(approved).toMatchObject({ status: 1, data: { state: 'approved', expiresAt: tenDays } });
    expect((await review(admin)).json().code).toBe('ALREADY_PROCESSED');

    // The user sees the listed reason (a code the app names in their language), never the note.
    const info = await call(testApp.app, '/user/getUserinfo', undefined, user);
    expect(info.json().data.restrictions).toEqual([{ kind: 'withdrawal_barred', reason: 'court_order' }]);

    // It ends by itself after its days (restrictions.lift-expired runs this every minute); the
    // shared clock stays put here, so sessions of the other tests live on.
    const { restrictions } = testApp.app.services;
    const at = (days: number) => new Date(testApp.clock.now().getTime() + days * 24 * 3_600_000);
    expect(await restrictions.liftExpired(at(9.99))).toBe(0);
    expect(await restrictions.liftExpired(at(10))).toBe(1);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.restrictions).toEqual(
      [],
    );
  });

  it('disabling and banning login refuse login with their codes', async () => {
    for (const [kind, code] of [
      ['disabled', 'ACCOUNT_DISABLED'],
      ['login_banned', 'LOGIN_BANNED'],
    ] as const) {
      const user = await signUp(testApp);
      await callAdmin(
        testApp,
        '/users/restrict',
        { account: user.account, kind, reason: `test ${kind}` },
        admin,
      );
      expect((await call(testApp.app, '/user/getUserinfo', undefined, user)).statusCode).toBe(401);
      const login = await call(testApp.app, '/user/login', {
        account: user.account,
        password: DEFAULT_PASSWORD,
      });
      expect(login.json()).toMatchObject({ code, params: { reason: `test ${kind}` } });
    }
  });

  it('bars trading and withdrawing with their codes; frozen and disabled refuse every fund operation', async () => {
    const user = await signUp(testApp);
    const detail = await callAdmin(testApp, '/users/detail', { account: user.account }, admin);
    const userId = BigInt(detail.json().data.id);
    const { restrictions } = testApp.app.services;
    const refusal = (operation: 'trade' | 'withdraw' | 'deposit' | 'exchange') =>
      restrictions.assertAllowed(userId, operation).then(
        () => 'allowed',
        (error: { code: string; params: { reason?: string } }) => `${error.code}:${error.params.reason}`,
      );
    expect(await refusal('trade')).toBe('allowed');
    await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'trading_barred', reason: 'MiFID test failed' },
      admin,
    );
    expect(await refusal('trade')).toBe('TRADING_BARRED:MiFID test failed');
    expect(await refusal('withdraw')).toBe('allowed');
    await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'frozen', reason: 'Fraud report' },
      admin,
    );
    for (const operation of ['trade', 'withdraw', 'deposit', 'exchange'] as const) {
      expect(await refusal(operation)).toBe('ACCOUNT_FROZEN:Fraud report');
    }
    await callAdmin(
      testApp,
      '/users/restrict',
      { account: user.account, kind: 'disabled', reason: 'Closed on request' },
      admin,
    );
    expect(await refusal('deposit')).toBe('ACCOUNT_DISABLED:Closed on request');
  });

  it('answers ACCOUNT_NOT_FOUND for an unknown account', async () => {
    const response = await callAdmin(
      testApp,
      '/users/restrict',
      { account: '32400000000', kind: 'frozen', reason: 'no such user' },
      admin,
    );
    expect(response.json().code).toBe('ACCOUNT_NOT_FOUND');
  });
});
