import { IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER, STAFF_TOKEN_HEADER } from '@beurs/contract';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';

// Every request header the server reads is read here, so what a client can send us is one page.
// A repeated header (an array) counts as absent. The spec's `is-admin` header is deliberately never
// read: a client header grants nothing (DESIGN.md §1.11); staff are known by `staff-token` alone.

type WithHeaders = { headers: IncomingHttpHeaders };

function single(request: WithHeaders, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The user's session token (`token`); checked together with `account`. */
export const sessionToken = (request: WithHeaders) => single(request, 'token');

/** The account the user's session claims (`account`). */
export const sessionAccount = (request: WithHeaders) => single(request, 'account');

/** The back-office session token (`staff-token`), never the user's `token`. */
export const staffToken = (request: WithHeaders) => single(request, STAFF_TOKEN_HEADER);

/** The client's key for a money-moving call (`idempotency-key`); the service validates it. */
export const idempotencyKey = (request: WithHeaders) => single(request, IDEMPOTENCY_KEY_HEADER);

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** The caller's request id (`x-request-id`) when it is short and plain, else undefined. */
export function requestId(request: WithHeaders): string | undefined {
  const value = single(request, REQUEST_ID_HEADER);
  return value !== undefined && REQUEST_ID_PATTERN.test(value) ? value : undefined;
}

/** The browser's `user-agent`, shown in the user's list of sessions. */
export const userAgent = (request: WithHeaders) => single(request, 'user-agent') ?? '';

/** The two-letter language of `accept-language` (`de-BE,de;q=0.9` → `de`), or undefined. */
export const acceptedLanguage = (request: WithHeaders) => single(request, 'accept-language')?.slice(0, 2);

/** The declared body size (`content-length`) in bytes; 0 when absent or not a number. */
export function declaredContentLength(request: WithHeaders): number {
  const bytes = Number(single(request, 'content-length') ?? 0);
  return Number.isFinite(bytes) ? bytes : 0;
}

/** The headers user endpoints declare (OpenAPI); their values are read by the functions above. */
export const userSessionHeaders = z.looseObject({
  token: z.string().optional(),
  account: z.string().optional(),
});

/** The header staff endpoints declare (OpenAPI). */
export const staffSessionHeaders = z.looseObject({ [STAFF_TOKEN_HEADER]: z.string().optional() });
