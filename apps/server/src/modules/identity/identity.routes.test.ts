import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, VALID_NATIONAL_NUMBER } from '../uploads/upload-test-support';
import {
  isValidBelgianNationalNumber,
  maskDocumentNumber,
  normaliseDocumentNumber,
} from './document-numbers';

let testApp: TestApp;
let reviewer: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  reviewer = await createStaff(testApp, await adminLogin(testApp), 'reviewer');
});
afterAll(() => testApp.close());

describe('Belgian national register number', () => {
  it('checks mod 97, with the 2000s prefix', () => {
    expect(isValidBelgianNationalNumber('85073003328')).toBe(true);
    expect(isValidBelgianNationalNumber('85073003329')).toBe(false);
    // Born 2001-02-03, serial 004: 97 − (2010203004 mod 97).
    const body = 2_010_203_004n;
    const check = String(97n - (body % 97n)).padStart(2, '0');
    expect(isValidBelgianNationalNumber(`010203004${check}`)).toBe(true);
    expect(normaliseDocumentNumber('be_national_register', '85.07.30-033.28')).toBe('85073003328');
    expect(normaliseDocumentNumber('be_national_register', '85.07.30-033.2A')).toBeNull();
    expect(normaliseDocumentNumber('passport', 'em 123456')).toBe('EM123456');
    expect(normaliseDocumentNumber('passport', 'ABCDEFG')).toBeNull();
    expect(maskDocumentNumber('85073003328')).toBe('850730****8');
  });
});

async function submit(user: { token: string; account: string }, overrides: Record<string, unknown> = {}) {
  return call(
    testApp.app,
    '/information/submitAuth',
    {
      realname: 'An Janssens',
      documentType: 'be_national_register',
      documentNumber: VALID_NATIONAL_NUMBER,
      frontImageId: await uploadSample(testApp, user),
      backImageId: await uploadSample(testApp, user),
      ...overrides,
    },
    user,
  );
}

async function reviewLatest(account: string, decision: 'approve' | 'reject', reason: string) {
  const list = await callAdmin(testApp, '/identity/list', { pageSize: 100 }, reviewer);
  const item = list.json().data.items.find((candidate: { account: string }) => candidate.account === account);
  return callAdmin(testApp, '/identity/review', { id: item.id, decision, reason }, reviewer);
}

describe('real-name verification', () => {
  it('goes not_certified → under_review → failed with reason → resubmitted → authenticated', async () => {
    const user = await signUp(testApp);
    expect((await call(testApp.app, '/information/authInfo', {}, user)).json().data).toMatchObject({
      state: 'not_certified',
      documentType: null,
    });
    const first = await submit(user);
    expect(first.json().data).toMatchObject({ state: 'under_review', documentNumberMasked: '850730****8' });
    expect((await submit(user)).json().code).toBe('IDENTITY_PENDING');

    const rejected = await reviewLatest(user.account, 'reject', 'The back photo is blurred');
    expect(rejected.json().data).toMatchObject({ state: 'failed', reason: 'The back photo is blurred' });
    expect((await call(testApp.app, '/information/authInfo', {}, user)).json().data).toMatchObject({
      state: 'failed',
      reason: 'The back photo is blurred',
    });
    const info = await call(testApp.app, '/user/getUserinfo', undefined, user);
    expect(info.json().data).toMatchObject({ identityState: 'failed', is_true: 0 });

    expect((await submit(user, { realname: 'An Janssens' })).json().data.state).toBe('under_review');
    const approved = await reviewLatest(user.account, 'approve', 'Photos and number match');
    expect(approved.json().data.state).toBe('authenticated');
    const after = await call(testApp.app, '/user/getUserinfo', undefined, user);
    expect(after.json().data).toMatchObject({
      is_true: 1,
      realname: 'An Janssens',
      identityState: 'authenticated',
    });
    expect((await submit(user)).json().code).toBe('IDENTITY_ALREADY_VERIFIED');

    const again = await callAdmin(
      testApp,
      '/identity/review',
      { id: approved.json().data.id, decision: 'reject', reason: 'second decision' },
      reviewer,
    );
    expect(again.json().code).toBe('ALREADY_PROCESSED');
  });

  it('refuses a wrong check digit and a photo that is not the user’s', async () => {
    const user = await signUp(testApp);
    expect((await submit(user, { documentNumber: '85.07.30-033.29' })).json()).toMatchObject({
      code: 'ID_NUMBER_INVALID',
      params: { documentType: 'be_national_register' },
    });
    const other = await signUp(testApp);
    const othersPhoto = await uploadSample(testApp, other);
    expect((await submit(user, { frontImageId: othersPhoto })).json().code).toBe('UPLOAD_NOT_FOUND');
    expect((await call(testApp.app, '/information/authInfo', {}, user)).json().data.state).toBe(
      'not_certified',
    );
  });

  it('tells the owner the ids of the submitted photos, which the owner can fetch and others cannot', async () => {
    const user = await signUp(testApp);
    const before = (await call(testApp.app, '/information/authInfo', {}, user)).json().data;
    expect(before).toMatchObject({ frontImageId: null, backImageId: null });
    const frontImageId = await uploadSample(testApp, user);
    const backImageId = await uploadSample(testApp, user);
    const submitted = await submit(user, { frontImageId, backImageId });
    expect(submitted.json().data).toMatchObject({ state: 'under_review', frontImageId, backImageId });
    await reviewLatest(user.account, 'reject', 'The front photo is cut off');
    const failed = (await call(testApp.app, '/information/authInfo', {}, user)).json().data;
    expect(failed).toMatchObject({ state: 'failed', frontImageId, backImageId });

    const fetchPhoto = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'GET', url: `/api/uploads/${frontImageId}`, headers });
    const own = await fetchPhoto({ token: user.token, account: user.account });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const other = await signUp(testApp);
    const stranger = await fetchPhoto({ token: other.token, account: other.account });
    expect(stranger.headers['content-type']).toMatch(/^application\/json/);
    expect(stranger.json()).toMatchObject({ status: 0, code: 'UPLOAD_NOT_FOUND' });
  });

  it('lets only reviewers (and admin) review', async () => {
    const support = await createStaff(testApp, await adminLogin(testApp), 'support');
    const response = await callAdmin(testApp, '/identity/list', {}, support);
    expect(response.statusCode).toBe(403);
  });
});
