import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

// The audit log as the back-office's auditor filters it: by staff member, action and time. Two
// staff members sign in at different times; each filter finds exactly the rows it names.

let testApp: TestApp;
let admin: StaffHeaders;
let auditor: StaffHeaders;
let auditorId: string;
let between: string;

type Entry = { staffId: string | null; action: string; createdAt: string };
const list = async (filter: Record<string, unknown>) => {
  const response = await callAdmin(testApp, '/audit/list', { pageSize: 100, ...filter }, auditor);
  expect(response.json().status).toBe(1);
  return response.json().data as { total: number; items: Entry[] };
};

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  testApp.clock.advance(60_000);
  between = testApp.clock.now().toISOString();
  testApp.clock.advance(60_000);
  auditor = await createStaff(testApp, admin, 'auditor');
  auditorId = (await callAdmin(testApp, '/auth/me', {}, auditor)).json().data.id as string;
});
afterAll(() => testApp.close());

describe('audit log filters', () => {
  it('by staff member: only the rows of that member', async () => {
    const { items } = await list({ staffId: auditorId });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.staffId === auditorId)).toBe(true);
  });

  it('by action: only that action', async () => {
    const { items } = await list({ action: 'staff.login' });
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((item) => item.action === 'staff.login')).toBe(true);
  });

  it('by time: from is inclusive, to is exclusive, and the two halves make the whole', async () => {
    const all = await list({});
    const before = await list({ to: between });
    const after = await list({ from: between });
    expect(before.total).toBeGreaterThan(0);
    expect(after.total).toBeGreaterThan(0);
    expect(before.total + after.total).toBe(all.total);
    expect(before.items.every((item) => item.createdAt < between)).toBe(true);
    expect(after.items.every((item) => item.createdAt >= between)).toBe(true);
  });

  it('by a user no staff member acted on: nothing', async () => {
    expect((await list({ userId: '999999' })).total).toBe(0);
  });
});
