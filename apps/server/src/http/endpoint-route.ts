import {
  API_BASE_PATH,
  DomainError,
  failureEnvelope,
  successEnvelope,
  type DataOf,
  type Endpoint,
  type StaffRole,
} from '@beurs/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffSession } from '../modules/staff-auth/staff-auth.service';
import type { AuthenticatedSession } from '../modules/users/sessions.service';
import { staffSessionHeaders, staffToken, userSessionHeaders } from './request-headers';

/** What a handler gets: the validated body, the caller's session (for 'user' endpoints), the request. */
export type EndpointContext<E extends Endpoint> = {
  body: z.output<E['request']>;
  session: E['auth'] extends 'user' ? AuthenticatedSession : E['auth'] extends 'staff' ? StaffSession : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type EndpointOptions = {
  /** Per-route rate limit (per address): requests per minute. */
  rateLimitPerMinute?: number;
  basePath?: string;
  /** 'staff' endpoints: the roles allowed besides admin (others get FORBIDDEN, HTTP 403). */
  staffRoles?: readonly StaffRole[];
};

/**
 * Registers one contract endpoint as a POST route: the body is validated by the endpoint's zod
 * schema, 'user' endpoints require a valid session (headers `token` and `account`), the answer is
 * wrapped in the envelope and checked against the declared `data` schema (no field leaks).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<DataOf<E>>,
  options: EndpointOptions = {},
): void {
  const refusal = failureEnvelope;
  const routeOptions: RouteShorthandOptions = {
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'api'],
      body: endpoint.request,
      ...(endpoint.auth === 'user'
        ? { headers: userSessionHeaders, security: [{ token: [], account: [] }] }
        : endpoint.auth === 'staff'
          ? { headers: staffSessionHeaders, security: [{ staffToken: [] }] }
          : {}),
      response: {
        200: z.union([successEnvelope(endpoint.data), refusal]),
        400: refusal,
        401: refusal,
        403: refusal,
        413: refusal,
        429: refusal,
        500: refusal,
      },
    },
    ...(options.rateLimitPerMinute
      ? { config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } }
      : {}),
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(`${options.basePath ?? API_BASE_PATH}${endpoint.path}`, routeOptions, async (request, reply) => {
    const session =
      endpoint.auth === 'user'
        ? await app.authenticate(request)
        : endpoint.auth === 'staff'
          ? await app.services.staffAuth.authenticate(staffToken(request), options.staffRoles ?? [])
          : null;
    const data = await handler({
      body: request.body as z.output<E['request']>,
      session: session as EndpointContext<E>['session'],
      request,
      reply,
    });
    return { status: 1 as const, msg: '' as const, data };
  });
}

export function unauthenticated(): DomainError {
  return new DomainError('UNAUTHENTICATED');
}
