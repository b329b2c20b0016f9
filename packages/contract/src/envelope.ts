import { z } from 'zod';
import { errorCodes } from './errors';

// The answer envelope of DESIGN.md §2: success `{status: 1, msg: '', data}`, refusal
// `{status: 0, msg: code, code, params, requestId}`. Every answer also carries `x-request-id`.

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), msg: z.literal(''), data });

export const failureEnvelope = z.object({
  status: z.literal(0),
  msg: z.enum(errorCodes),
  code: z.enum(errorCodes),
  params: z.record(z.string(), z.unknown()),
  requestId: z.string(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export type SuccessEnvelope<T> = { status: 1; msg: ''; data: T };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
