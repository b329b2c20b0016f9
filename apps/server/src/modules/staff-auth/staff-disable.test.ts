import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import {
  adminLogin,
  callAdmin,
  nextTotpCode,
  rememberedSecret,
  staffLogin,
  type StaffHeaders,
} from './admin-test-support';

// An admin disables a staff account (with a reason, audited): it cannot sign in and its open
// sessions stop working at once. Not oneself; never the last enabled admin; admins only.

const PASSWORD = 'staff-password-long-enough';

let testApp: TestApp;
let admin: StaffHeaders;
let firstAdminId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  firstAdminId = (await callAdmin(testApp, '/auth/me', {}, admin)).json().data.id as string;
});
afterAll(() => testApp.close());

async function newStaff(username: string, role: 'admin' | 'reviewer' | 'finance' | 'support') {
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username, password: PASSWORD, role, reason: 'disable test' },
    admin,
  );
  expect(created.json().status).toBe(1);
  return { id: created.json().data.id as string, session: await staffLogin(testApp, username, PASSWORD) };
}

const disable = (id: string, by: StaffHeaders, reason = 'left the company') =>
  callAdmin(testApp, '/staff/disable', { id, reason }, by);
const enable = (id: string, by: StaffHeaders, reason = 'came back') =>
  callAdmin(testApp, '/staff/enable', { id, reason }, by);

async function auditActions(staffId: string) {
  const page = await callAdmin(testApp, '/audit/list', { targetType: 'staff', targetId: staffId }, admin);
  return page.json().data.items as Array<{ action: string; staffId: string; reason: string }>;
}

describe('disabling a staff account', () => {
  it('ends the open session at once, refuses sign-in, and is audited', async () => {
    const reviewer = await newStaff('leaver', 'reviewer');
    expect((await callAdmin(testApp, '/auth/me', {}, reviewer.session)).statusCode).toBe(200);

    const disabled = await disable(reviewer.id, admin);
    expect(disabled.json()).toMatchObject({
      status: 1,
      data: { id: reviewer.id, username: 'leaver', disabledAt: testApp.clock.now().toISOString() },
    });

    const me = await callAdmin(testApp, '/auth/me', {}, reviewer.session);
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHENTICATED');
    const refused = await callAdmin(testApp, '/auth/login', {
      username: 'leaver',
      password: PASSWORD,
      twoFactorCode: nextTotpCode(testApp, 'leaver', rememberedSecret(testApp, 'leaver') ?? ''),
    });
    expect(refused.json()).toMatchObject({ status: 0, code: 'STAFF_DISABLED' });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await callAdmin(testApp, '/auth/login', { username: 'leaver', password: 'nope' });
    expect(wrong.json()).toMatchObject({ status: 0, code: 'WRONG_CREDENTIALS' });

    expect((await disable(reviewer.id, admin)).json().code).toBe('STAFF_ALREADY_DISABLED');
    // The refused sign-ins (disabled, then a wrong password) are audited too, newest first.
    const entries = await auditActions(reviewer.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'staff.login_failed',
      'staff.login_failed',
      'staff.disable',
      'staff.two_factor_enable',
      'staff.login',
      'staff.create',
    ]);
    expect(entries.slice(0, 2).map((entry) => entry.reason)).toEqual(['WRONG_CREDENTIALS', 'STAFF_DISABLED']);
  });

  it('re-enabling lets the member sign in again, without reviving the old session', async () => {
    const finance = await newStaff('returner', 'finance');
    await disable(finance.id, admin);
    const enabled = await enable(finance.id, admin);
    expect(enabled.json()).toMatchObject({ status: 1, data: { id: finance.id, disabledAt: null } });
    expect((await callAdmin(testApp, '/auth/me', {}, finance.session)).statusCode).toBe(401);
    const again = await staffLogin(testApp, 'returner', PASSWORD);
    expect((await callAdmin(testApp, '/auth/me', {}, again)).json().data.username).toBe('returner');

    expect((await enable(finance.id, admin)).json().code).toBe('STAFF_NOT_DISABLED');
    const entries = await auditActions(finance.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'staff.login',
      'staff.enable',
      'staff.disable',
      'staff.two_factor_enable',
      'staff.login',
      'staff.create',
    ]);
    expect(entries[1]).toMatchObject({ staffId: firstAdminId, reason: 'came back' });
  });

  it('refuses disabling oneself', async () => {
    const response = await disable(firstAdminId, admin);
    expect(response.json()).toMatchObject({ status: 0, code: 'STAFF_CANNOT_DISABLE_SELF' });
    expect((await callAdmin(testApp, '/auth/me', {}, admin)).statusCode).toBe(200);
  });

  it('never leaves the back-office without an enabled admin, even when two admins race', async () => {
    const second = await newStaff('secondadmin', 'admin');
    // Both sessions are checked before either disable commits (as two requests in flight would be).
    const { staffAuth, staff } = testApp.app.services;
    const firstSession = await staffAuth.authenticate(admin.staffToken, ['admin']);
    const secondSession = await staffAuth.authenticate(second.session.staffToken, ['admin']);
    const outcomes = await Promise.allSettled([
      staff.disable(firstSession, { id: second.id, reason: 'race: first disables second' }),
      staff.disable(secondSession, { id: firstAdminId, reason: 'race: second disables first' }),
    ]);
    const codes = outcomes.map((outcome) =>
      outcome.status === 'fulfilled' ? 'ok' : (outcome.reason as { code?: string }).code,
    );
    expect(codes.sort()).toEqual(['STAFF_LAST_ADMIN', 'ok']);

    const list = await staff.list({ page: 1, pageSize: 100 });
    const enabledAdmins = list.items.filter((item) => item.role === 'admin' && item.disabledAt === null);
    expect(enabledAdmins).toHaveLength(1);
    // The loser's session ended with its account.
    const loser = enabledAdmins[0]?.id === firstAdminId ? second.session : admin;
    expect((await callAdmin(testApp, '/auth/me', {}, loser)).statusCode).toBe(401);

    // Put the first admin back for the tests below.
    if (loser === admin) {
      expect((await enable(firstAdminId, second.session)).json().status).toBe(1);
      admin = await adminLogin(testApp);
    }
  });

  it('lets only admins list, disable and enable staff', async () => {
    const support = await newStaff('notadmin', 'support');
    const target = await newStaff('target', 'reviewer');
    for (const [path, payload] of [
      ['/staff/list', {}],
      ['/staff/disable', { id: target.id, reason: 'not allowed to' }],
      ['/staff/enable', { id: target.id, reason: 'not allowed to' }],
    ] as const) {
      const response = await callAdmin(testApp, path, payload, support.session);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await callAdmin(testApp, '/auth/me', {}, target.session)).statusCode).toBe(200);
  });

  it('needs a reason and an existing staff member', async () => {
    const target = await newStaff('noreason', 'reviewer');
    const missing = await callAdmin(testApp, '/staff/disable', { id: target.id }, admin);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect((await disable('999999', admin)).json().code).toBe('STAFF_NOT_FOUND');
  });

  it('lists staff oldest first, paged, with the disabled state', async () => {
    const first = await callAdmin(testApp, '/staff/list', { page: 1, pageSize: 2 }, admin);
    const body = first.json().data as { total: number; items: Array<{ username: string }> };
    expect(body.items.map((item) => item.username)).toEqual(['admin', 'leaver']);
    const all = await callAdmin(testApp, '/staff/list', { page: 1, pageSize: 100 }, admin);
    const items = all.json().data.items as Array<{ username: string; disabledAt: string | null }>;
    expect(items).toHaveLength(body.total);
    expect(items.find((item) => item.username === 'leaver')?.disabledAt).not.toBeNull();
    expect(items.find((item) => item.username === 'returner')?.disabledAt).toBeNull();
  });
});
