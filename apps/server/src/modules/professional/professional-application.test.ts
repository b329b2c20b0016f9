import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';
import { previousQuarters } from './professional.service';

// The professional-client ("seat account") application through the API: the criteria checked,
// the trades criterion counted from the user's own fills, evidence claimed from their uploads, the
// protections acknowledged; staff decide once with a reason, audited; applying again as a
// professional client is ALREADY_PROFESSIONAL.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

async function verifiedUser(): Promise<User> {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, admin, 'Anna Janssens');
  return user;
}

const apply = (user: User, body: Record<string, unknown>) =>
  call(testApp.app, '/seatAccount/apply', body, user);

async function validBody(user: User) {
  return {
    criteria: ['portfolio', 'experience'],
    evidenceUploadIds: [await uploadSample(testApp, user)],
    statement: 'Portfolio at another bank; five years as a bond trader.',
    acknowledgesProtectionsLost: true,
  };
}

describe('professional-client application', () => {
  it('shows the trades counted per quarter and the protections given up', async () => {
    const user = await verifiedUser();
    const status = (await call(testApp.app, '/seatAccount/status', {}, user)).json().data;
    expect(status).toMatchObject({
      isProfessional: false,
      tradesPerQuarter: [0, 0, 0, 0],
      meetsTradesCriterion: false,
      application: null,
    });
    expect(status.protectionsLost.length).toBeGreaterThan(3);
  });

  it('refuses each missing piece with its code', async () => {
    const unverified = await signUp(testApp);
    expect((await apply(unverified, await validBody(unverified))).json().code).toBe('IDENTITY_REQUIRED');
    const user = await verifiedUser();
    const body = await validBody(user);
    expect((await apply(user, { ...body, criteria: ['portfolio'] })).json()).toMatchObject({
      code: 'PROFESSIONAL_CRITERIA_TOO_FEW',
      params: { required: 2 },
    });
    expect((await apply(user, { ...body, criteria: ['portfolio', 'portfolio'] })).json().code).toBe(
      'PROFESSIONAL_CRITERIA_TOO_FEW',
    );
    expect((await apply(user, { ...body, criteria: ['trades', 'portfolio'] })).json()).toMatchObject({
      code: 'PROFESSIONAL_TRADES_NOT_MET',
      params: { required: 40, counted: 0 },
    });
    expect((await apply(user, { ...body, evidenceUploadIds: [] })).json().code).toBe(
      'PROFESSIONAL_EVIDENCE_REQUIRED',
    );
    expect((await apply(user, { ...body, acknowledgesProtectionsLost: false })).json().code).toBe(
      'PROFESSIONAL_PROTECTIONS_NOT_ACKNOWLEDGED',
    );
    const other = await signUp(testApp);
    const strangersUpload = await uploadSample(testApp, other);
    expect((await apply(user, { ...body, evidenceUploadIds: [strangersUpload] })).json().code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    // Nothing was stored by the refusals.
    expect((await call(testApp.app, '/seatAccount/status', {}, user)).json().data.application).toBeNull();
  });

  it('staff decide once with a reason, audited; a professional client applying again is ALREADY_PROFESSIONAL', async () => {
    const user = await verifiedUser();
    const applied = (await apply(user, await validBody(user))).json().data;
    expect(applied).toMatchObject({ state: 'pending', criteria: ['portfolio', 'experience'] });
    expect((await apply(user, await validBody(user))).json().code).toBe('PROFESSIONAL_APPLICATION_PENDING');

    const finance = await createStaff(testApp, admin, 'finance');
    expect((await callAdmin(testApp, '/professional/list', {}, finance)).statusCode).toBe(403);
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    const pending = (await callAdmin(testApp, '/professional/list', { pageSize: 100 }, reviewer)).json().data;
    expect(pending.items.find((item: { id: string }) => item.id === applied.id)).toMatchObject({
      account: user.account,
      realname: 'Anna Janssens',
      state: 'pending',
    });
    const decided = await callAdmin(
      testApp,
      '/professional/review',
      {
        id: applied.id,
        decision: 'approve',
        reason: 'Statements of a 620,000 EUR portfolio and employment checked',
      },
      reviewer,
    );
    expect(decided.json().data).toMatchObject({ state: 'approved' });
    const again = await callAdmin(
      testApp,
      '/professional/review',
      { id: applied.id, decision: 'reject', reason: 'second thoughts' },
      reviewer,
    );
    expect(again.json().code).toBe('ALREADY_PROCESSED');
    const audit = (
      await callAdmin(
        testApp,
        '/audit/list',
        { targetType: 'professional_application', targetId: applied.id, pageSize: 10 },
        admin,
      )
    ).json().data.items;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'professional.approve' });

    const status = (await call(testApp.app, '/seatAccount/status', {}, user)).json().data;
    expect(status).toMatchObject({ isProfessional: true, application: { state: 'approved' } });
    const inbox = (await call(testApp.app, '/user/notice', { language: 'nl' }, user)).json().data;
    // Newest first: the decision, then the identity approval.
    expect(inbox.filter((item: { id: string }) => item.id.startsWith('m'))[0]).toMatchObject({
      title: 'Aanvraag professionele cliënt goedgekeurd',
      content:
        'Je wordt nu als professionele cliënt behandeld: Statements of a 620,000 EUR portfolio and employment checked',
    });
    expect((await apply(user, await validBody(user))).json().code).toBe('ALREADY_PROFESSIONAL');
  });

  it('a rejected applicant sees the reason and may apply again', async () => {
    const user = await verifiedUser();
    const applied = (await apply(user, await validBody(user))).json().data;
    await callAdmin(
      testApp,
      '/professional/review',
      { id: applied.id, decision: 'reject', reason: 'The statement shows 120,000 EUR, not 500,000' },
      admin,
    );
    const status = (await call(testApp.app, '/seatAccount/status', {}, user)).json().data;
    expect(status).toMatchObject({
      isProfessional: false,
      application: { state: 'rejected', reason: 'The statement shows 120,000 EUR, not 500,000' },
    });
    expect((await apply(user, await validBody(user))).json().data.state).toBe('pending');
  });

  it('counts the four calendar quarters before the current one', () => {
    const quarters = previousQuarters(new Date('2026-05-20T12:00:00Z'), 4);
    expect(quarters.map((quarter) => quarter.from.toISOString().slice(0, 10))).toEqual([
      '2025-04-01',
      '2025-07-01',
      '2025-10-01',
      '2026-01-01',
    ]);
    expect(quarters.at(-1)?.to.toISOString().slice(0, 10)).toBe('2026-04-01');
  });
});
