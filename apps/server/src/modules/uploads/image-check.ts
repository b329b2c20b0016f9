import { DomainError, UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MEGAPIXELS } from '@beurs/contract';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';

// What an uploaded photo must be (issue 4): a JPEG, PNG or WebP by its content (never its name), at
// most 10 MB and 40 megapixels (read from the header before any pixel is decoded), decodable to
// the end. It is re-encoded to JPEG, which drops every metadata block (EXIF, GPS, XMP, ICC
// comments); the orientation is applied to the pixels first so the photo still stands upright.
//
// HEIC: sharp's prebuilt libvips reads HEIF only as AVIF (no HEVC decoder is shipped, for patent
// reasons), so HEIC photos are refused with UPLOAD_HEIC_UNSUPPORTED rather than half-supported.

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'] as const;
const HEIF_FAMILY = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence', 'image/avif'];
const LIMIT_PIXELS = UPLOAD_LIMIT_MEGAPIXELS * 1_000_000;

/**
 * Decoding is where memory goes (a 40-megapixel photo is about 120 MB of pixels), so at most this
 * many photos are decoded at once on a node; the others wait their turn (issue 12: twelve parallel
 * 6,300×6,300 uploads took the server from 270 MB to 1.1 GB).
 */
export const IMAGE_DECODES_AT_ONCE = 2;
const decodeSlots = pLimit(IMAGE_DECODES_AT_ONCE);
const decodes = { active: 0, peak: 0 };

/** How many decodes run now and the most that ever ran at once (tests read it). */
export function imageDecodeCounts(): { active: number; peak: number } {
  return { ...decodes };
}

export type CheckedImage = { jpeg: Buffer; width: number; height: number };

export async function checkAndReencode(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > UPLOAD_LIMIT_BYTES) {
    throw new DomainError('UPLOAD_TOO_LARGE', { limitBytes: UPLOAD_LIMIT_BYTES });
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type && HEIF_FAMILY.includes(type.mime)) throw new DomainError('UPLOAD_HEIC_UNSUPPORTED');
  if (!type || !(ACCEPTED as readonly string[]).includes(type.mime)) {
    throw new DomainError('UPLOAD_TYPE_UNSUPPORTED', { accepted: 'JPEG, PNG, WebP' });
  }
  const { width, height } = await readHeader(bytes);
  if (width * height > LIMIT_PIXELS) {
    throw new DomainError('UPLOAD_TOO_MANY_PIXELS', { limitMegapixels: UPLOAD_LIMIT_MEGAPIXELS });
  }
  return decodeSlots(() => reencode(bytes));
}

async function reencode(bytes: Buffer): Promise<CheckedImage> {
  decodes.active += 1;
  decodes.peak = Math.max(decodes.peak, decodes.active);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: LIMIT_PIXELS, failOn: 'warning' })
      .rotate()
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new DomainError('UPLOAD_IMAGE_INVALID');
  } finally {
    decodes.active -= 1;
  }
}

/** Width and height from the file's header only (sharp's metadata reads no pixel data). */
async function readHeader(bytes: Buffer): Promise<{ width: number; height: number }> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    return { width: metadata.width, height: metadata.height };
  } catch {
    throw new DomainError('UPLOAD_IMAGE_INVALID');
  }
}
