import {
  DomainError,
  errorCatalogue,
  type ErrorCode,
  type ErrorParams,
  type FailureEnvelope,
} from '@beurs/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// One error handler maps every failure to the envelope `{status: 0, msg, code, params, requestId}`.
// A 5xx never leaks its message or stack; the request id ties the answer to the log line.

export function sendRefusal(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  params: ErrorParams = {},
): FastifyReply {
  const body: FailureEnvelope = { status: 0, msg: code, code, params, requestId: String(request.id) };
  return reply.code(errorCatalogue[code].http).send(body);
}

function transportCode(error: FastifyError): { code: ErrorCode; params: ErrorParams } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'PAYLOAD_TOO_LARGE', params: { limitBytes: BODY_LIMIT_BYTES } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'MALFORMED_JSON':
      return { code: 'MALFORMED_JSON', params: {} };
    // @fastify/static refuses a path that would leave its folder (`..\`, an encoded backslash):
    // to the caller that is a file that does not exist.
    case 'FST_STATIC_FORBIDDEN_PATH':
      return { code: 'NOT_FOUND', params: {} };
    case 'BODY_CONTAINS_NUL':
      return {
        code: 'VALIDATION_FAILED',
        params: { issues: [{ path: '/', message: 'a string contains a NUL character (U+0000)' }] },
      };
    default:
      break;
  }
  if (error.statusCode === 429) {
    return { code: 'RATE_LIMITED', params: { retryAfterSeconds: 60 } };
  }
  if (error.statusCode === 400) return { code: 'VALIDATION_FAILED', params: { issues: [] } };
  return null;
}

export const BODY_LIMIT_BYTES = 1_048_576;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.httpStatus >= 500) request.log.error({ err: error }, 'refused with a fault code');
      return sendRefusal(reply, request, error.code, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath || '/',
        message: issue.message ?? 'invalid',
      }));
      return sendRefusal(reply, request, 'VALIDATION_FAILED', { issues });
    }
    const transport = transportCode(error);
    if (transport) return sendRefusal(reply, request, transport.code, transport.params);
    request.log.error({ err: error }, 'unhandled fault');
    return sendRefusal(reply, request, 'INTERNAL_ERROR');
  });

  app.setNotFoundHandler((request, reply) => sendRefusal(reply, request, 'NOT_FOUND'));

  // A NUL byte in a path names no file (the file system refuses it with a fault): no route or
  // static file has one, so it is answered as not found before any lookup.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (path.includes('\u0000') || path.toLowerCase().includes('%00')) {
      return sendRefusal(reply, request, 'NOT_FOUND');
    }
  });
}

/** Fastify's own refusals before routing (a URL that cannot be decoded): catalogued, in the envelope. */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendRefusal(reply, request, 'NOT_FOUND');
}
