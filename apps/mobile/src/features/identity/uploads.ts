import type { identityEndpoints, RequestOf, UploadData } from '@beurs/contract';
import { api } from '../../api';
import type { CallOptions } from '../../api/client';

// Uploads (docs/identity-and-money.md): the raw file as the body, not multipart, not base64.
// iPhone HEIC cannot be decoded by the server: where the browser can decode it, it is redrawn to
// JPEG first; otherwise the server's UPLOAD_HEIC_UNSUPPORTED explains.

export type UploadResult = UploadData;
export type SubmitAuthRequest = RequestOf<typeof identityEndpoints.submitAuth>;

const isHeic = (file: Blob) => /image\/hei[cf]/i.test(file.type);

async function heicToJpeg(file: Blob): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return jpeg ?? file;
  } catch {
    return file;
  }
}

export async function uploadImage(file: Blob, options: CallOptions = {}): Promise<UploadResult> {
  const body = isHeic(file) ? await heicToJpeg(file) : file;
  return api.upload(body, options);
}
