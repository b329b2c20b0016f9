import { z } from 'zod';
import { errorCodes } from './errors';

// The answer envelope of DESIGN.md §2: success `{status: 1, msg: '', data}`, refusal
// `{status: 0, msg: code, code, params, requestId}`. Every answer also carries `x-request-id`.

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(1), msg: z.literal(''), data });

// Both carry an id: the OpenAPI document states them once, under components, and refers to them.
const errorCode = z.enum(errorCodes).meta({ id: 'ErrorCode' });

export const failureEnvelope = z
  .object({
    status: z.literal(0),
    msg: errorCode,
    code: errorCode,
    params: z.record(z.string(), z.unknown()),
    requestId: z.string(),
  })
  .meta({ id: 'Refusal' });
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export type SuccessEnvelope<T> = { status: 1; msg: ''; data: T };
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;
