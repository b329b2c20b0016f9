import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers/build-app';
import { IMAGE_DECODES_AT_ONCE, imageDecodeCounts } from './image-check';
import { uploadBytes } from './upload-test-support';

// Issue 12, item 7: twelve parallel 6,300×6,300 uploads took the server from 270 MB to 1.1 GB.
// Photos are decoded at most IMAGE_DECODES_AT_ONCE at a time; the others queue. The count of
// decodes running at once is taken inside the decoding itself.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('decoding uploads under a concurrency limit', () => {
  it(`decodes parallel huge photos ${IMAGE_DECODES_AT_ONCE} at a time, and all of them succeed`, async () => {
    // 6,300 × 6,300 = 39.7 megapixels, just under the 40-megapixel limit; one colour, so a small PNG.
    const huge = await sharp({
      create: { width: 6_300, height: 6_300, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const users = await Promise.all(Array.from({ length: 3 }, () => signUp(testApp)));
    const rssBeforeBytes = process.memoryUsage().rss;
    let rssPeakBytes = rssBeforeBytes;
    const sampler = setInterval(() => {
      rssPeakBytes = Math.max(rssPeakBytes, process.memoryUsage().rss);
    }, 20);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => uploadBytes(testApp, users[index % users.length]!, huge)),
    ).finally(() => clearInterval(sampler));
    expect(answers.map((answer) => answer.json().status)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(imageDecodeCounts()).toEqual({ active: 0, peak: IMAGE_DECODES_AT_ONCE });
    console.log(
      `six parallel 6,300×6,300 uploads: at most ${imageDecodeCounts().peak} decodes at once; RSS ${Math.round(rssBeforeBytes / 1e6)} MB → peak ${Math.round(rssPeakBytes / 1e6)} MB`,
    );
  });
});
