import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { cryptoRandom } from './core/random';
import { verifyPassword } from './core/passwords';
import { runFirstStart } from './first-start';
import { firstStaffUser } from './modules/staff/staff.repository';
import { buildTestApp, call, type TestApp } from '../test/helpers/build-app';
import {
  callAdmin,
  enrolStaffTwoFactor,
  nextTotpCode,
  staffLogin,
} from './modules/staff-auth/admin-test-support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ config: { initialStaffPassword: 'initial-staff-pass' } });
});
afterAll(() => testApp.close());

describe('first start', () => {
  it('creates a staff account and an invitation code on an empty database', async () => {
    expect(testApp.firstStart.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(testApp.firstStart.staff).toEqual({ username: 'admin', password: 'initial-staff-pass' });
    const staff = await firstStaffUser(testApp.database.db);
    expect(staff?.role).toBe('admin');
    expect(await verifyPassword(staff!.passwordHash, 'initial-staff-pass')).toBe(true);
  });

  it('changes nothing on the next start and never shows the password again', async () => {
    const again = await runFirstStart({
      db: testApp.database.db,
      clock: testApp.clock,
      random: cryptoRandom,
      config: testConfig(),
      ensureHouseAccounts: (db) => testApp.app.services.ledger.ensureHouseAccounts(db),
    });
    expect(again).toEqual({
      staff: { username: 'admin', password: null },
      invitationCode: testApp.firstStart.invitationCode,
    });
  });

  it('makes the first-start password be changed at first sign-in: the staff API refuses all else', async () => {
    const login = await callAdmin(testApp, '/auth/login', {
      username: 'admin',
      password: 'initial-staff-pass',
    });
    expect(login.json().data).toMatchObject({ role: 'admin', mustChangePassword: true });
    const admin = { staffToken: login.json().data.token as string };
    for (const [path, payload] of [
      ['/staff/list', {}],
      ['/audit/list', {}],
      [
        '/staff/create',
        { username: 'second', password: 'a-password-long-enough', role: 'admin', reason: 'try' },
      ],
      ['/users/detail', { account: '32470000000' }],
    ] as const) {
      const refused = await callAdmin(testApp, path, payload, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 0, code: 'STAFF_PASSWORD_CHANGE_REQUIRED' });
    }
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/uploads/1',
          headers: { 'staff-token': admin.staffToken },
        })
      ).json().code,
    ).toBe('STAFF_PASSWORD_CHANGE_REQUIRED');
    expect((await callAdmin(testApp, '/auth/me', {}, admin)).json().data.username).toBe('admin');
    const changed = await callAdmin(
      testApp,
      '/auth/changePassword',
      { oldPassword: 'initial-staff-pass', newPassword: 'the-operators-own-password' },
      admin,
    );
    expect(changed.json().status).toBe(1);
    // Then two-factor sign-in, required for staff, before anything else.
    const beforeTwoFactor = await callAdmin(testApp, '/staff/list', {}, admin);
    expect(beforeTwoFactor.statusCode).toBe(403);
    expect(beforeTwoFactor.json().code).toBe('STAFF_TWO_FACTOR_REQUIRED');
    const secret = await enrolStaffTwoFactor(testApp, admin, 'admin', 'the-operators-own-password');
    expect((await callAdmin(testApp, '/staff/list', {}, admin)).json().status).toBe(1);
    const withoutCode = await callAdmin(testApp, '/auth/login', {
      username: 'admin',
      password: 'the-operators-own-password',
    });
    expect(withoutCode.json()).toMatchObject({ status: 0, code: 'TWO_FACTOR_REQUIRED' });
    const again = await callAdmin(testApp, '/auth/login', {
      username: 'admin',
      password: 'the-operators-own-password',
      twoFactorCode: nextTotpCode(testApp, 'admin', secret),
    });
    expect(again.json().data).toMatchObject({ mustChangePassword: false, mustEnrolTwoFactor: false });
    // Staff created by an admin have no printed password to change; they still set up two-factor.
    const created = await callAdmin(
      testApp,
      '/staff/create',
      { username: 'colleague', password: 'colleague-password-1', role: 'support', reason: 'new colleague' },
      admin,
    );
    expect(created.json().status).toBe(1);
    const firstColleagueLogin = await callAdmin(testApp, '/auth/login', {
      username: 'colleague',
      password: 'colleague-password-1',
    });
    expect(firstColleagueLogin.json().data).toMatchObject({
      mustChangePassword: false,
      mustEnrolTwoFactor: true,
    });
    const colleague = await staffLogin(testApp, 'colleague', 'colleague-password-1');
    expect((await callAdmin(testApp, '/auth/me', {}, colleague)).json().status).toBe(1);
    expect((await call(testApp.app, '/common/config', { type: 'all' })).json().status).toBe(1);
  });
});
