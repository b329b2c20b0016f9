import {
  adminApi,
  adminEndpointRoles,
  adminIpoPaths,
  adminMarginPaths,
  adminMarginSettingsPaths,
  adminPaths,
  adminPlacementPaths,
  adminProfessionalPaths,
  adminRecordsPaths,
  adminStrategyPaths,
  adminSupportPaths,
  adminSupportRoles,
  assignableStaffRoles,
  type AdminEndpointName,
} from '@beurs/contract';
import {
  adminIpoRoles,
  adminMarginRoles,
  adminMarginSettingsRoles,
  adminPlacementRoles,
  adminProfessionalRoles,
  adminRecordsRoles,
  adminStrategyRoles,
} from '@beurs/contract/admin-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from './admin-test-support';

// The back-office shows each role only the calls `adminEndpointRoles` gives it; the server must
// refuse every other call to that role (FORBIDDEN, HTTP 403) whatever the body, and let through
// every call the table gives it. One signed-in staff member per role tries every call.

let testApp: TestApp;
const sessions = new Map<string, StaffHeaders>();
const names = Object.keys(adminPaths).filter((name) => name !== 'login') as AdminEndpointName[];
// Calls that end or change the caller's own session are tried last, once every other call was.
const selfChanging: AdminEndpointName[] = ['logout', 'changePassword', 'twoFactorSetup', 'twoFactorEnable'];

beforeAll(async () => {
  testApp = await buildTestApp();
  const admin = await adminLogin(testApp);
  for (const role of assignableStaffRoles) {
    if (role !== 'admin') sessions.set(role, await createStaff(testApp, admin, role));
  }
});
afterAll(() => testApp.close());

describe.each(assignableStaffRoles.filter((role) => role !== 'admin'))('role %s', (role) => {
  const allowed = (name: AdminEndpointName) => (adminEndpointRoles[name] as readonly string[]).includes(role);

  it.each(names.filter((name) => !allowed(name)))('is refused %s', async (name) => {
    const response = await callAdmin(testApp, adminPaths[name], {}, sessions.get(role));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });

  it.each(names.filter((name) => allowed(name) && !selfChanging.includes(name)))(
    'may call %s',
    async (name) => {
      const response = await callAdmin(testApp, adminPaths[name], {}, sessions.get(role));
      expect(response.statusCode).not.toBe(403);
      expect(response.json().code).not.toBe('FORBIDDEN');
    },
  );
});

describe.each(assignableStaffRoles.filter((role) => role !== 'admin'))('support chat, role %s', (role) => {
  const isAllowed = (adminSupportRoles as readonly string[]).includes(role);
  it.each(Object.values(adminSupportPaths))(`${isAllowed ? 'may call' : 'is refused'} %s`, async (path) => {
    const response = await callAdmin(testApp, path, {}, sessions.get(role));
    if (isAllowed) expect(response.json().code).not.toBe('FORBIDDEN');
    else expect(response.json()).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });
});

// The modules' own back-office calls (professional clients, records, IPOs, placements, strategies,
// margin, margin settings), each with its role table: the same rule, call by call.
const moduleCalls = (
  [
    [adminProfessionalPaths, adminProfessionalRoles],
    [adminRecordsPaths, adminRecordsRoles],
    [adminIpoPaths, adminIpoRoles],
    [adminPlacementPaths, adminPlacementRoles],
    [adminStrategyPaths, adminStrategyRoles],
    [adminMarginPaths, adminMarginRoles],
    [adminMarginSettingsPaths, adminMarginSettingsRoles],
  ] as Array<[Record<string, string>, Record<string, readonly string[]>]>
).flatMap(([paths, roles]) =>
  Object.entries(paths).map(([name, path]) => ({ name, path, roles: roles[name] ?? [] })),
);

it('every back-office call is in a role table', () => {
  const tabled = new Set([
    ...Object.values(adminPaths),
    ...Object.values(adminSupportPaths),
    ...moduleCalls.map((call) => call.path),
  ]);
  expect(Object.keys(adminApi).filter((path) => !tabled.has(path))).toEqual([]);
});

describe.each(assignableStaffRoles.filter((role) => role !== 'admin'))('module calls, role %s', (role) => {
  it.each(moduleCalls.map((call) => [call.name, call] as const))('%s as its table says', async (_, call) => {
    const answer = (await callAdmin(testApp, call.path, {}, sessions.get(role))).json();
    if (call.roles.includes(role)) expect(answer.code).not.toBe('FORBIDDEN');
    else expect(answer).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });
});

describe('read-only roles', () => {
  it('auditor and product may make no call that changes anything', () => {
    const writes: AdminEndpointName[] = [
      'createStaff',
      'disableStaff',
      'enableStaff',
      'restrict',
      'liftRestriction',
      'identityReview',
      'depositChannelSave',
      'depositReview',
      'withdrawalReview',
      'correctionPropose',
      'correctionReview',
    ];
    for (const role of ['auditor', 'product'] as const) {
      expect(writes.filter((name) => (adminEndpointRoles[name] as readonly string[]).includes(role))).toEqual(
        [],
      );
    }
  });
});
