import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, type StaffHeaders } from './admin-test-support';

// Five failed staff sign-ins lock the account for 15 minutes, like a user's (ManualClock).

const PASSWORD = 'staff-password-long-enough';
const FIFTEEN_MINUTES_MS = 15 * 60_000;

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

async function newStaff(username: string): Promise<string> {
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username, password: PASSWORD, role: 'finance', reason: 'lockout test' },
    admin,
  );
  expect(created.json().status).toBe(1);
  return created.json().data.id as string;
}

const login = async (username: string, password: string) =>
  (await callAdmin(testApp, '/auth/login', { username, password })).json();

async function lockAuditRows(staffId: string) {
  const page = await callAdmin(testApp, '/audit/list', { targetType: 'staff', targetId: staffId }, admin);
  return (page.json().data.items as Array<{ action: string; staffId: string; after: unknown }>).filter(
    (entry) => entry.action === 'staff.login_locked',
  );
}

describe('staff login lockout', () => {
  it('locks after five failures, even for the right password, and unlocks after 15 minutes', async () => {
    const staffId = await newStaff('lockme');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await login('lockme', `wrong-${attempt}`)).toMatchObject({ code: 'WRONG_CREDENTIALS' });
    }
    const lockedAt = testApp.clock.now();
    const fifth = await login('lockme', 'wrong-5');
    expect(fifth).toMatchObject({ status: 0, code: 'LOGIN_LOCKED' });
    expect(fifth.params.until).toBe(new Date(lockedAt.getTime() + FIFTEEN_MINUTES_MS).toISOString());

    expect(await login('lockme', PASSWORD)).toMatchObject({ status: 0, code: 'LOGIN_LOCKED' });
    testApp.clock.advance(FIFTEEN_MINUTES_MS - 1_000);
    expect(await login('lockme', PASSWORD)).toMatchObject({ status: 0, code: 'LOGIN_LOCKED' });

    testApp.clock.advance(1_000);
    const unlocked = await login('lockme', PASSWORD);
    expect(unlocked.status).toBe(1);
    expect(typeof unlocked.data.token).toBe('string');

    const audited = await lockAuditRows(staffId);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staffId, after: { loginLockedUntil: fifth.params.until } });
  });

  it('answers an unknown username exactly like a wrong password before the lock', async () => {
    await newStaff('knownname');
    const wrongPassword = await login('knownname', 'not-the-password');
    const unknownUser = await login('no-such-staff', 'not-the-password');
    const { requestId: _first, ...wrongPasswordAnswer } = wrongPassword;
    const { requestId: _second, ...unknownUserAnswer } = unknownUser;
    expect(unknownUserAnswer).toEqual(wrongPasswordAnswer);
    expect(unknownUser).toMatchObject({ status: 0, code: 'WRONG_CREDENTIALS' });
  });

  it('starts counting again after a successful sign-in and after the lock ends', async () => {
    await newStaff('resetme');
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('resetme', 'wrong');
    expect((await login('resetme', PASSWORD)).status).toBe(1);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await login('resetme', 'wrong')).toMatchObject({ code: 'WRONG_CREDENTIALS' });
    }
    expect(await login('resetme', 'wrong')).toMatchObject({ code: 'LOGIN_LOCKED' });
    testApp.clock.advance(FIFTEEN_MINUTES_MS);
    expect(await login('resetme', 'wrong')).toMatchObject({ code: 'WRONG_CREDENTIALS' });
  });

  it('shows the lock in force in the staff list', async () => {
    const staffId = await newStaff('listlock');
    for (let attempt = 1; attempt <= 5; attempt += 1) await login('listlock', 'wrong');
    const list = await callAdmin(testApp, '/staff/list', { pageSize: 100 }, admin);
    const entry = (list.json().data.items as Array<{ id: string; loginLockedUntil: string | null }>).find(
      (item) => item.id === staffId,
    );
    expect(entry?.loginLockedUntil).toBe(
      new Date(testApp.clock.now().getTime() + FIFTEEN_MINUTES_MS).toISOString(),
    );
  });
});
