import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { identityStateSchema } from './users';

// Real-name verification, uploads and the fund password (issue 4, spec sections 4–6).
//
// Uploads: POST the raw file bytes (not multipart, not base64) to `/api/vue/upload/image` with the
// `token` and `account` headers and `content-type: application/octet-stream` (or the image's own
// type). The server sniffs the content (JPEG, PNG, WebP; HEIC is refused with
// UPLOAD_HEIC_UNSUPPORTED), refuses more than 10 MB or 40 megapixels, re-encodes to JPEG without
// metadata and answers `{id}`. `GET /api/uploads/{id}` serves it to its owner (user headers) or to
// staff with the right role (`staff-token`).

export const UPLOAD_PATH = '/upload/image';
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const UPLOAD_LIMIT_MEGAPIXELS = 40;
export const uploadPurposes = ['identity_document', 'deposit_proof'] as const;
export const uploadData = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });

/** Documents whose numbers we check: the Belgian national register number (mod 97), or a passport. */
export const documentTypes = ['be_national_register', 'passport'] as const;
export const documentTypeSchema = z.enum(documentTypes);

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const authInfoData = z.object({
  state: identityStateSchema,
  realname: z.string(),
  documentType: documentTypeSchema.nullable(),
  /** Masked: first 6 and last 1 characters (spec section 9). */
  documentNumberMasked: z.string(),
  /** The reviewer's reason when the state is failed; empty otherwise. */
  reason: z.string(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** The latest submission's ID photos (`GET /api/uploads/{id}`, owner only); null before any. */
  frontImageId: z.string().nullable(),
  backImageId: z.string().nullable(),
});

export const fundPasswordSchema = z.string().regex(/^\d{6}$/, 'six digits');

export const fundPasswordStatusData = z.object({
  isSet: z.boolean(),
  /** While set, fund operations are refused with FUND_PASSWORD_LOCKED. */
  lockedUntil: z.iso.datetime().nullable(),
});

export const identityEndpoints = {
  authInfo: defineEndpoint({
    path: '/information/authInfo',
    auth: 'user',
    summary:
      'The real-name verification state, masked document number, reviewer reason and the ids of the submitted ID photos.',
    request: z.strictObject({}).nullish(),
    data: authInfoData,
  }),
  submitAuth: defineEndpoint({
    path: '/information/submitAuth',
    auth: 'user',
    summary: 'Submit (or resubmit after a failure) the real name, ID number and the two uploaded ID photos.',
    request: z.strictObject({
      realname: z.string().trim().min(2).max(140),
      documentType: documentTypeSchema,
      documentNumber: z.string().trim().min(5).max(32),
      frontImageId: idText,
      backImageId: idText,
    }),
    data: authInfoData,
  }),
  fundPassword: defineEndpoint({
    path: '/information/fundPass',
    auth: 'user',
    summary: 'Whether a fund password is set and whether fund operations are locked.',
    request: z.strictObject({}).nullish(),
    data: fundPasswordStatusData,
  }),
  setFundPassword: defineEndpoint({
    path: '/information/fundPass/set',
    auth: 'user',
    summary: 'Set the six-digit fund password the first time.',
    request: z.strictObject({ password: fundPasswordSchema, confirmPassword: z.string().max(6) }),
    data: fundPasswordStatusData,
  }),
  changeFundPassword: defineEndpoint({
    path: '/information/fundPass/change',
    auth: 'user',
    summary: 'Change the fund password; the old one must match (wrong entries count toward the lock).',
    request: z.strictObject({
      oldPassword: z.string().max(6),
      newPassword: fundPasswordSchema,
      confirmPassword: z.string().max(6),
    }),
    data: fundPasswordStatusData,
  }),
  resetFundPassword: defineEndpoint({
    path: '/information/fundPass/reset',
    auth: 'user',
    summary: 'Reset a forgotten fund password with the login password; needs a verified identity.',
    request: z.strictObject({
      loginPassword: z.string().min(1).max(128),
      newPassword: fundPasswordSchema,
      confirmPassword: z.string().max(6),
    }),
    data: fundPasswordStatusData,
  }),
};
