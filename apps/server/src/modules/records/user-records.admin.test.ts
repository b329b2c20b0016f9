import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// Issue 15: the back-office's user page lists the user's records, the same entries, reasons and
// amounts the user's own records screen shows, paged; only the roles that may open the user page
// may read them.

let testApp: TestApp;
let admin: StaffHeaders;
let user: Awaited<ReturnType<typeof fundedUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  user = await fundedUser(testApp, admin, '750.00', await createChannel(testApp, admin));
});
afterAll(() => testApp.close());

describe("a user's records for staff", () => {
  it('are the records the user sees, paged', async () => {
    const own = (await call(testApp.app, '/fundRecord/list', { tab: 'all', pageSize: 100 }, user)).json()
      .data;
    expect(own.total).toBeGreaterThan(0);
    const support = await createStaff(testApp, admin, 'support');
    const response = await callAdmin(
      testApp,
      '/users/records',
      { account: user.account, pageSize: 100 },
      support,
    );
    expect(response.json().status).toBe(1);
    expect(response.json().data).toEqual(own);
    expect(own.items).toContainEqual(expect.objectContaining({ amount: '750.00', currency: 'EUR' }));

    const firstPage = await callAdmin(
      testApp,
      '/users/records',
      { account: user.account, pageSize: 1 },
      support,
    );
    expect(firstPage.json().data).toEqual({ total: own.total, items: own.items.slice(0, 1) });
  });

  it('are refused to a role that may not open the user page, and unknown accounts are named', async () => {
    const product = await createStaff(testApp, admin, 'product');
    const refused = await callAdmin(testApp, '/users/records', { account: user.account }, product);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const unknown = await callAdmin(testApp, '/users/records', { account: '32400000000' }, admin);
    expect(unknown.json().code).toBe('ACCOUNT_NOT_FOUND');
  });
});
