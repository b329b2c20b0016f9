import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff } from '../staff-auth/admin-test-support';
import { sampleJpeg, uploadBytes } from './upload-test-support';

let testApp: TestApp;
let uploadsDir: string;
let user: { token: string; account: string };

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'beurs-upload-test-'));
  testApp = await buildTestApp({ config: { uploadsDir } });
  user = await signUp(testApp);
});
afterAll(() => testApp.close());

const filesOnDisk = async () => (await readdir(uploadsDir)).length;

/** CRC-32 as PNG chunks use it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width × height, with a token of pixel data: tiny on disk, huge decoded. */
function hugePngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO-BMFF 'ftyp' box with brand heic, as an iPhone photo starts. */
function heicStart(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'ascii');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'ascii');
  return Buffer.concat([box, Buffer.alloc(200)]);
}

describe('upload refusals leave no file behind', () => {
  it('refuses a shell script renamed .jpg (content, not name, decides)', async () => {
    const before = await filesOnDisk();
    const response = await uploadBytes(
      testApp,
      user,
      Buffer.from('#!/bin/sh\necho pwned > /tmp/x\n'),
      'image/jpeg',
    );
    expect(response.json()).toMatchObject({ status: 0, code: 'UPLOAD_TYPE_UNSUPPORTED' });
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses a truncated JPEG', async () => {
    const before = await filesOnDisk();
    const whole = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 200, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const response = await uploadBytes(testApp, user, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.json()).toMatchObject({ status: 0, code: 'UPLOAD_IMAGE_INVALID' });
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses a 20,000 × 20,000 image from its header, before decoding it', async () => {
    const before = await filesOnDisk();
    const bytes = hugePngHeader(20_000, 20_000);
    expect(bytes.length).toBeLessThan(200);
    const response = await uploadBytes(testApp, user, bytes);
    expect(response.json()).toMatchObject({
      status: 0,
      code: 'UPLOAD_TOO_MANY_PIXELS',
      params: { limitMegapixels: 40 },
    });
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses a file over 10 MB with HTTP 413', async () => {
    const before = await filesOnDisk();
    const jpeg = await sampleJpeg();
    const oversize = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]);
    const response = await uploadBytes(testApp, user, oversize);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', params: { limitBytes: 10_485_760 } });
    expect(await filesOnDisk()).toBe(before);
  });

  it('refuses HEIC with its own code (this sharp build cannot decode HEVC)', async () => {
    const response = await uploadBytes(testApp, user, heicStart());
    expect(response.json()).toMatchObject({ status: 0, code: 'UPLOAD_HEIC_UNSUPPORTED' });
  });

  it('limits each session to 30 uploads a minute (HTTP 429)', async () => {
    const busy = await signUp(testApp);
    const codes: string[] = [];
    for (let index = 0; index < 31; index += 1) {
      codes.push((await uploadBytes(testApp, busy, Buffer.from('not an image'))).json().code);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill('UPLOAD_TYPE_UNSUPPORTED'));
    expect(codes[30]).toBe('RATE_LIMITED');
    expect((await uploadBytes(testApp, user, Buffer.from('not an image'))).json().code).toBe(
      'UPLOAD_TYPE_UNSUPPORTED',
    );
  });

  it('refuses an upload without a session', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      headers: { 'content-type': 'application/octet-stream' },
      payload: await sampleJpeg(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('accepted uploads', () => {
  it('accepts a large real photo (several MB, above the 1 MB JSON body limit)', async () => {
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await uploadBytes(testApp, user, photo, 'image/jpeg');
    expect(response.json()).toMatchObject({ status: 1, data: { width: 2400, height: 1800 } });
  });

  it('re-encodes without metadata, and serves only to the owner and reviewer staff', async () => {
    const original = await sampleJpeg(64, 48, 'GPS 50.8503N 4.3517E');
    expect(original.includes('GPS 50.8503N')).toBe(true);
    const response = await uploadBytes(testApp, user, original, 'image/png');
    const body = response.json();
    expect(body).toMatchObject({ status: 1, data: { width: 64, height: 48 } });
    const url = `/api/uploads/${body.data.id}`;
    const own = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { token: user.token, account: user.account },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const stored = await Promise.all(
      (await readdir(uploadsDir)).map((name) => readFile(join(uploadsDir, name))),
    );
    const onDisk = stored.find((file) => file.equals(own.rawPayload));
    expect(onDisk).toBeDefined();
    expect(own.rawPayload.includes('GPS 50.8503N')).toBe(false);
    expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();

    const stranger = await signUp(testApp);
    const theirs = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { token: stranger.token, account: stranger.account },
    });
    expect(theirs.json().code).toBe('UPLOAD_NOT_FOUND');

    // Unused uploads are the owner's alone; a reviewer sees it once it belongs to a submission.
    const admin = await adminLogin(testApp);
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    const unused = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'staff-token': reviewer.staffToken },
    });
    expect(unused.json().code).toBe('UPLOAD_NOT_FOUND');
    const submitted = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/information/submitAuth',
      headers: { token: user.token, account: user.account },
      payload: {
        realname: 'Jan Peeters',
        documentType: 'passport',
        documentNumber: 'EM123456',
        frontImageId: body.data.id,
        backImageId: body.data.id,
      },
    });
    expect(submitted.json().status).toBe(1);
    const asReviewer = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'staff-token': reviewer.staffToken },
    });
    expect(asReviewer.statusCode).toBe(200);
    const finance = await createStaff(testApp, admin, 'finance');
    const asFinance = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'staff-token': finance.staffToken },
    });
    expect(asFinance.json().code).toBe('UPLOAD_NOT_FOUND');
    expect((await callAdmin(testApp, '/auth/me', {}, finance)).json().data.role).toBe('finance');
  });
});
