import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { identityPaths } from './paths';
import { deciders, documentTypes } from './enums';
import { DOCUMENT_NUMBER_LENGTH, FUND_PASSWORD_PATTERN, REALNAME_LENGTH } from './rules';
import { identityStateSchema } from './users';

// Real-name verification, uploads and the fund password (issue 4, spec sections 4–6).
//
// Uploads: POST the raw file bytes (not multipart, not base64) to `/api/vue/upload/image` with the
// `token` and `account` headers and `content-type: application/octet-stream` (or the image's own
// type). The server sniffs the content (JPEG, PNG, WebP; HEIC is refused with
// UPLOAD_HEIC_UNSUPPORTED), refuses more than 10 MB or 40 megapixels, re-encodes to JPEG without
// metadata and answers `{id}`. `GET /api/uploads/{id}` serves it to its owner (user headers) or to
// staff with the right role (`staff-token`).

export const uploadData = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadData = z.output<typeof uploadData>;

export const documentTypeSchema = z.enum(documentTypes);

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const authInfoData = z.object({
  state: identityStateSchema,
  realname: z.string(),
  documentType: documentTypeSchema.nullable(),
  /** Masked: first 6 and last 1 characters (spec section 9). */
  documentNumberMasked: z.string(),
  /**
   * The reviewer's reason when the state is failed; empty otherwise. The reviewer's words, or an
   * error code of the catalogue (the demo desk's reasons; the app translates it).
   */
  reason: z.string(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Who reviewed it: a staff member, or the demo desk (demo mode only); null before a review. */
  reviewedBy: z.enum(deciders).nullable(),
  /** The latest submission's ID photos (`GET /api/uploads/{id}`, owner only); null before any. */
  frontImageId: z.string().nullable(),
  backImageId: z.string().nullable(),
});

export const fundPasswordSchema = z.string().regex(FUND_PASSWORD_PATTERN, 'six digits');

export const fundPasswordStatusData = z.object({
  isSet: z.boolean(),
  /** While set, fund operations are refused with FUND_PASSWORD_LOCKED. */
  lockedUntil: z.iso.datetime().nullable(),
});

export const identityEndpoints = defineEndpoints(identityPaths, {
  authInfo: {
    auth: 'user',
    summary:
      'The real-name verification state, masked document number, reviewer reason and the ids of the submitted ID photos.',
    request: z.strictObject({}).nullish(),
    data: authInfoData,
  },
  submitAuth: {
    auth: 'user',
    summary: 'Submit (or resubmit after a failure) the real name, ID number and the two uploaded ID photos.',
    request: z.strictObject({
      realname: z.string().trim().min(REALNAME_LENGTH.min).max(REALNAME_LENGTH.max),
      documentType: documentTypeSchema,
      documentNumber: z.string().trim().min(DOCUMENT_NUMBER_LENGTH.min).max(DOCUMENT_NUMBER_LENGTH.max),
      frontImageId: idText,
      backImageId: idText,
    }),
    data: authInfoData,
  },
  fundPassword: {
    auth: 'user',
    summary: 'Whether a fund password is set and whether fund operations are locked.',
    request: z.strictObject({}).nullish(),
    data: fundPasswordStatusData,
  },
  setFundPassword: {
    auth: 'user',
    summary: 'Set the six-digit fund password the first time.',
    request: z.strictObject({ password: fundPasswordSchema, confirmPassword: z.string().max(6) }),
    data: fundPasswordStatusData,
  },
  changeFundPassword: {
    auth: 'user',
    summary: 'Change the fund password; the old one must match (wrong entries count toward the lock).',
    request: z.strictObject({
      oldPassword: z.string().max(6),
      newPassword: fundPasswordSchema,
      confirmPassword: z.string().max(6),
    }),
    data: fundPasswordStatusData,
  },
  resetFundPassword: {
    auth: 'user',
    summary: 'Reset a forgotten fund password with the login password; needs a verified identity.',
    request: z.strictObject({
      loginPassword: z.string().min(1).max(128),
      newPassword: fundPasswordSchema,
      confirmPassword: z.string().max(6),
    }),
    data: fundPasswordStatusData,
  },
});
