import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, staffLogin, type StaffHeaders } from './admin-test-support';

// A staff member changes their own password (the first-start one is printed once): the old one
// stops working, their other sessions end, this one goes on, and the change is audited.

const OLD = 'first-password-long-enough';
const NEW = 'second-password-long-enough';

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username: 'changer', password: OLD, role: 'finance', reason: 'password test' },
    admin,
  );
  expect(created.json().status).toBe(1);
});
afterAll(() => testApp.close());

describe('staff password change', () => {
  it('refuses a wrong old password and a short new one, changing nothing', async () => {
    const session = await staffLogin(testApp, 'changer', OLD);
    const wrong = await callAdmin(
      testApp,
      '/auth/changePassword',
      { oldPassword: 'not-the-password', newPassword: NEW },
      session,
    );
    expect(wrong.json()).toMatchObject({ status: 0, code: 'WRONG_ORIGINAL_PASSWORD' });
    const short = await callAdmin(
      testApp,
      '/auth/changePassword',
      { oldPassword: OLD, newPassword: 'short' },
      session,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
    await expect(staffLogin(testApp, 'changer', OLD)).resolves.toBeTruthy();
  });

  it('changes it: old password refused, other sessions ended, this one kept, audited', async () => {
    const other = await staffLogin(testApp, 'changer', OLD);
    const current = await staffLogin(testApp, 'changer', OLD);
    const changed = await callAdmin(
      testApp,
      '/auth/changePassword',
      { oldPassword: OLD, newPassword: NEW },
      current,
    );
    expect(changed.json()).toEqual({ status: 1, msg: '', data: null });

    expect((await callAdmin(testApp, '/auth/me', {}, current)).statusCode).toBe(200);
    expect((await callAdmin(testApp, '/auth/me', {}, other)).json().code).toBe('UNAUTHENTICATED');
    const old = await callAdmin(testApp, '/auth/login', { username: 'changer', password: OLD });
    expect(old.json().code).toBe('WRONG_CREDENTIALS');
    await expect(staffLogin(testApp, 'changer', NEW)).resolves.toBeTruthy();

    const me = (await callAdmin(testApp, '/auth/me', {}, current)).json().data as { id: string };
    const log = await callAdmin(testApp, '/audit/list', { targetType: 'staff', targetId: me.id }, admin);
    // Newest first: the sign-in with the new password, the refused one with the old, the change.
    const items = log.json().data.items as Array<{ action: string; reason: string }>;
    expect(items.slice(0, 3).map((item) => item.action)).toEqual([
      'staff.login',
      'staff.login_failed',
      'staff.password_change',
    ]);
    expect(items[2]).toMatchObject({
      action: 'staff.password_change',
      reason: 'changed by the staff member',
    });
  });
});
