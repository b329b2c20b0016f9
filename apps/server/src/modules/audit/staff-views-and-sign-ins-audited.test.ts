import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel, readyDepositor } from '../deposits/deposit-test-support';
import {
  adminLogin,
  callAdmin,
  createStaff,
  staffLogin,
  type StaffHeaders,
} from '../staff-auth/admin-test-support';
import { uploadSample } from '../uploads/upload-test-support';
import { verifyAuditLog } from './audit-chain';

// The audit log is complete (DESIGN.md §1.10, issue 12 item 8): staff sign-ins, refused ones
// included (an unknown username too), a staff member opening a private file (an ID photo, a deposit proof) and opening a
// user's detail in the back-office each leave a row, sealed in the chain. The last test checks the
// chain over everything the file wrote.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type AuditRow = {
  staff_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  after: unknown;
};

async function auditRows(action: string): Promise<AuditRow[]> {
  const result = (await testApp.database.db.execute(
    sql`select staff_id::text, action, target_type, target_id, reason, after from audit_log
      where action = ${action} order by id`,
  )) as unknown as { rows: AuditRow[] };
  return result.rows;
}

async function createReviewer(username: string, password: string): Promise<string> {
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username, password, role: 'reviewer', reason: 'reviews identities' },
    admin,
  );
  expect(created.json().status).toBe(1);
  return created.json().data.id as string;
}

describe('staff sign-in', () => {
  it('records each sign-in and each refused one of an existing account, with the address', async () => {
    const password = 'reviewer-password-long-enough';
    const staffId = await createReviewer('signin-reviewer', password);
    await staffLogin(testApp, 'signin-reviewer', password);
    expect(await auditRows('staff.login')).toContainEqual(
      expect.objectContaining({
        staff_id: staffId,
        target_type: 'staff',
        target_id: staffId,
        reason: 'signed in',
      }),
    );

    const wrong = await callAdmin(testApp, '/auth/login', {
      username: 'signin-reviewer',
      password: 'not-it',
    });
    expect(wrong.json().code).toBe('WRONG_CREDENTIALS');
    const failed = (await auditRows('staff.login_failed')).filter((row) => row.staff_id === staffId);
    expect(failed).toEqual([
      {
        staff_id: staffId,
        action: 'staff.login_failed',
        target_type: 'staff',
        target_id: staffId,
        reason: 'WRONG_CREDENTIALS',
        after: { ipAddress: '127.0.0.1' },
      },
    ]);

    // An unknown username names no account: audited with no actor, the username as its target.
    const unknown = await callAdmin(testApp, '/auth/login', { username: 'nobody-here', password: 'not-it' });
    expect(unknown.json().code).toBe('WRONG_CREDENTIALS');
    expect((await auditRows('staff.login_failed')).filter((row) => row.staff_id === null)).toEqual([
      {
        staff_id: null,
        action: 'staff.login_failed',
        target_type: 'staff_username',
        target_id: 'nobody-here',
        reason: 'WRONG_CREDENTIALS',
        after: { ipAddress: '127.0.0.1' },
      },
    ]);
  });
});

describe('back-office views', () => {
  it("records a staff member opening a user's detail", async () => {
    const user = await signUp(testApp);
    const detail = await callAdmin(testApp, '/users/detail', { account: user.account }, admin);
    const userId = detail.json().data.id as string;
    const rows = (await auditRows('user.view_detail')).filter((row) => row.target_id === userId);
    expect(rows).toMatchObject([{ target_type: 'user', reason: 'opened in the back-office' }]);
    expect(rows[0]?.staff_id).not.toBeNull();
  });

  it('records a staff member viewing an ID photo, and not the owner viewing it', async () => {
    const user = await signUp(testApp);
    const photoId = await uploadSample(testApp, user);
    const submitted = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/information/submitAuth',
      headers: { token: user.token, account: user.account },
      payload: {
        realname: 'Jan Peeters',
        documentType: 'be_national_register',
        documentNumber: '85.07.30-033.28',
        frontImageId: photoId,
        backImageId: await uploadSample(testApp, user),
      },
    });
    expect(submitted.json().status).toBe(1);
    const fetchPhoto = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: `/api/uploads/${photoId}`, headers });

    expect((await fetchPhoto({ token: user.token, account: user.account })).statusCode).toBe(200);
    expect(await auditRows('upload.view')).toEqual([]);

    expect((await fetchPhoto({ 'staff-token': admin.staffToken })).statusCode).toBe(200);
    const rows = await auditRows('upload.view');
    expect(rows).toMatchObject([
      {
        target_type: 'upload',
        target_id: photoId,
        reason: 'viewed in the back-office',
        after: { purpose: 'identity_document', ownerUserId: expect.any(String) },
      },
    ]);

    // A staff member whose role does not review that kind of file sees nothing, and nothing is recorded
    // (support staff may open support attachments only).
    const support = await createStaff(testApp, admin, 'support');
    expect((await fetchPhoto({ 'staff-token': support.staffToken })).json()).toMatchObject({
      status: 0,
      code: 'UPLOAD_NOT_FOUND',
    });
    expect(await auditRows('upload.view')).toHaveLength(1);
  });

  it('records a finance staff member viewing a deposit proof', async () => {
    const finance = await createStaff(testApp, admin, 'finance');
    const channelId = await createChannel(testApp, finance);
    const user = await readyDepositor(testApp, admin);
    const proofImageId = await uploadSample(testApp, user);
    const submitted = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '25.00', proofImageId },
      user,
    );
    expect(submitted.json().status).toBe(1);
    const viewed = await testApp.app.inject({
      method: 'GET',
      url: `/api/uploads/${proofImageId}`,
      headers: { 'staff-token': finance.staffToken },
    });
    expect(viewed.statusCode).toBe(200);
    const me = (await callAdmin(testApp, '/auth/me', {}, finance)).json().data as { id: string };
    expect((await auditRows('upload.view')).filter((row) => row.target_id === proofImageId)).toMatchObject([
      { staff_id: me.id, target_type: 'upload', after: { purpose: 'deposit_proof' } },
    ]);

    const verification = await verifyAuditLog(testApp.database.db);
    expect(verification.breaches).toEqual([]);
    expect(verification.sealedCount).toBe(verification.rowCount);
  });
});
