import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/helpers/build-app';

// Test helpers for the back-office API: sign in as the first-start admin, create staff with a role,
// and POST to /api/admin/… with the staff token.

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

export async function staffLogin(
  testApp: TestApp,
  username: string,
  password: string,
): Promise<StaffHeaders> {
  const response = await callAdmin(testApp, '/auth/login', { username, password });
  const body = response.json();
  if (body.status !== 1) throw new Error(`staff login failed: ${response.body}`);
  return { staffToken: body.data.token as string };
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
  role: 'admin' | 'reviewer' | 'finance' | 'support',
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
