import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestApp } from '../../../test/helpers/build-app';
import { callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';

// Test helpers: real images made with sharp, raw uploads, and a user taken through verification.

type UserSession = { token: string; account: string };

export function uploadBytes(
  testApp: TestApp,
  user: UserSession,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/vue/upload/image',
    headers: { token: user.token, account: user.account, 'content-type': contentType },
    payload: bytes,
  });
}

/** A small real JPEG carrying an EXIF copyright text (to prove metadata is stripped). */
export function sampleJpeg(width = 64, height = 48, marker = 'beurs-exif-marker'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Copyright: marker } })
    .jpeg()
    .toBuffer();
}

export async function uploadSample(testApp: TestApp, user: UserSession): Promise<string> {
  const response = await uploadBytes(testApp, user, await sampleJpeg());
  const body = response.json();
  if (body.status !== 1) throw new Error(`upload failed: ${response.body}`);
  return body.data.id as string;
}

/** A valid Belgian national register number (born 1985-07-30, serial 033). */
export const VALID_NATIONAL_NUMBER = '85.07.30-033.28';

/** Submits identity documents and has staff approve them; answers the verified real name. */
export async function verifyIdentity(
  testApp: TestApp,
  user: UserSession,
  staff: StaffHeaders,
  realname = 'Jan Peeters',
): Promise<string> {
  const frontImageId = await uploadSample(testApp, user);
  const backImageId = await uploadSample(testApp, user);
  const submitted = await testApp.app.inject({
    method: 'POST',
    url: '/api/vue/information/submitAuth',
    headers: { token: user.token, account: user.account },
    payload: {
      realname,
      documentType: 'be_national_register',
      documentNumber: VALID_NATIONAL_NUMBER,
      frontImageId,
      backImageId,
    },
  });
  if (submitted.json().status !== 1) throw new Error(`submitAuth failed: ${submitted.body}`);
  const list = await callAdmin(testApp, '/identity/list', { state: 'under_review', pageSize: 100 }, staff);
  if (list.json().status !== 1)
    throw new Error(`identity list failed (a reviewer or admin is needed): ${list.body}`);
  const item = (list.json().data.items as Array<{ id: string; account: string }>).find(
    (candidate) => candidate.account === user.account,
  );
  if (!item) throw new Error('the submission is not in the review list');
  const reviewed = await callAdmin(
    testApp,
    '/identity/review',
    { id: item.id, decision: 'approve', reason: 'documents match' },
    staff,
  );
  if (reviewed.json().status !== 1) throw new Error(`review failed: ${reviewed.body}`);
  return realname;
}
