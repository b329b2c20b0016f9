import type { assignableStaffRoles } from '@beurs/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../../../test/helpers/build-app';
import { TOTP_PERIOD_SECONDS } from '../two-factor/two-factor.service';

// Test helpers for the back-office API: sign in as the first-start admin, create staff with a role,
// and POST to /api/admin/… with the staff token. Staff must set up two-factor sign-in: the first
// sign-in through `staffLogin` sets it up (as a staff member would with an authenticator app) and
// keeps the secret, so later sign-ins answer with a code computed from it at the app's clock.

export type StaffHeaders = { staffToken: string };

export function callAdmin(
  testApp: TestApp,
  path: string,
  payload: unknown,
  staff?: StaffHeaders,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/admin${path}`,
    headers: staff ? { 'staff-token': staff.staffToken } : {},
    payload: payload as object,
  });
}

const secretsByApp = new WeakMap<TestApp['app'], Map<string, string>>();
const lastStepsByApp = new WeakMap<TestApp['app'], Map<string, number>>();

/** The TOTP secret a test set up for `key` (a staff username, or `user:<account>`). */
export function rememberedSecret(testApp: TestApp, key: string): string | undefined {
  return secretsByApp.get(testApp.app)?.get(key);
}

export function rememberSecret(testApp: TestApp, key: string, secret: string): void {
  const secrets = secretsByApp.get(testApp.app) ?? new Map<string, string>();
  secrets.set(key, secret);
  secretsByApp.set(testApp.app, secrets);
}

/**
 * A code the server accepts now for `secret`: each code is accepted once, so this uses the time
 * steps the server allows (one before and one after the current step) in turn, and moves the test
 * clock on by a step when a test signs in more than three times within one frozen step.
 */
export function nextTotpCode(testApp: TestApp, key: string, secret: string): string {
  const steps = lastStepsByApp.get(testApp.app) ?? new Map<string, number>();
  lastStepsByApp.set(testApp.app, steps);
  const stepNow = () => Math.floor(testApp.clock.now().getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const step = Math.max(stepNow() - 1, (steps.get(key) ?? -Infinity) + 1);
  while (step > stepNow() + 1) testApp.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  steps.set(key, step);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/** Sets up and confirms two-factor sign-in for the signed-in staff member; answers the secret. */
export async function enrolStaffTwoFactor(
  testApp: TestApp,
  staff: StaffHeaders,
  username: string,
  password: string,
): Promise<string> {
  const setup = await callAdmin(testApp, '/auth/twoFactor/setup', { password }, staff);
  if (setup.json().status !== 1) throw new Error(`two-factor setup failed: ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const code = nextTotpCode(testApp, username, secret);
  const enabled = await callAdmin(testApp, '/auth/twoFactor/enable', { code }, staff);
  if (enabled.json().status !== 1) throw new Error(`two-factor enable failed: ${enabled.body}`);
  rememberSecret(testApp, username, secret);
  return secret;
}

/**
 * Signs a staff member in, with a two-factor code when they have set it up through these helpers;
 * the first time, sets it up (two-factor sign-in is required for staff).
 */
export async function staffLogin(
  testApp: TestApp,
  username: string,
  password: string,
): Promise<StaffHeaders> {
  const secret = rememberedSecret(testApp, username);
  const response = await callAdmin(testApp, '/auth/login', {
    username,
    password,
    ...(secret ? { twoFactorCode: nextTotpCode(testApp, username, secret) } : {}),
  });
  const body = response.json();
  if (body.status !== 1) throw new Error(`staff login failed: ${response.body}`);
  const staff = { staffToken: body.data.token as string };
  if (body.data.mustEnrolTwoFactor) await enrolStaffTwoFactor(testApp, staff, username, password);
  return staff;
}

/** What the tests change the first-start admin password to at its first sign-in. */
export const CHANGED_ADMIN_PASSWORD = 'admin-password-changed-by-tests';
const changedAdmins = new WeakSet<TestApp['app']>();

/**
 * Signs in as the first-start admin. The first time in an app, the printed password must be
 * changed before anything else (the staff API refuses other calls): this changes it to
 * CHANGED_ADMIN_PASSWORD, as an operator would, and signs in with that from then on.
 */
export async function adminLogin(testApp: TestApp): Promise<StaffHeaders> {
  const { username } = testApp.firstStart.staff;
  if (changedAdmins.has(testApp.app)) return staffLogin(testApp, username, CHANGED_ADMIN_PASSWORD);
  const password = testApp.firstStart.staff.password;
  if (!password) throw new Error('the first-start admin password is unknown to this test');
  const first = await staffLogin(testApp, username, password);
  const changed = await callAdmin(
    testApp,
    '/auth/changePassword',
    { oldPassword: password, newPassword: CHANGED_ADMIN_PASSWORD },
    first,
  );
  if (changed.json().status !== 1) throw new Error(`first-start password change failed: ${changed.body}`);
  changedAdmins.add(testApp.app);
  return first;
}

let staffCounter = 0;
/** Creates a staff member with the role (through the audited API) and signs them in. */
export async function createStaff(
  testApp: TestApp,
  admin: StaffHeaders,
  role: (typeof assignableStaffRoles)[number],
): Promise<StaffHeaders> {
  staffCounter += 1;
  const username = `${role}${staffCounter}`;
  const password = 'staff-password-long-enough';
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username, password, role, reason: 'test staff member' },
    admin,
  );
  if (created.json().status !== 1) throw new Error(`create staff failed: ${created.body}`);
  return staffLogin(testApp, username, password);
}
