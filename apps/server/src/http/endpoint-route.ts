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
import { sessionAccount, staffSessionHeaders, staffToken, userSessionHeaders } from './request-headers';

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
  /**
   * A second per-route limit keyed by the account the call is about (the typed account name or
   * username, or the caller's own account), so guesses spread over many addresses are limited too.
   */
  accountRateLimit?: { perMinute: number; accountOf: (request: FastifyRequest) => string | undefined };
  basePath?: string;
  /** 'staff' endpoints: the roles allowed besides admin (others get FORBIDDEN, HTTP 403). */
  staffRoles?: readonly StaffRole[];
  /**
   * 'staff' endpoints a member may call before changing the first-start password and setting up
   * two-factor sign-in (the calls that do that, me and logout).
   */
  isAllowedBeforeSetup?: boolean;
};

/**
 * Registers one contract endpoint as a POST route: 'user' endpoints require a valid session
 * (headers `token` and `account`) and 'staff' endpoints a staff session with the role, checked
 * before the body is read or validated (an anonymous caller learns nothing about a schema); the
 * body is validated by the endpoint's zod schema; the answer is wrapped in the envelope and checked
 * against the declared `data` schema (no field leaks).
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
    ...(options.accountRateLimit
      ? { preHandler: accountRateLimit(app, endpoint, options.accountRateLimit) }
      : {}),
  };
  const sessions = new WeakMap<FastifyRequest, AuthenticatedSession | StaffSession>();
  if (endpoint.auth !== 'public') {
    // After the per-address rate limit (onRequest), before the body is parsed and validated.
    routeOptions.preParsing = async (request: FastifyRequest) => {
      sessions.set(
        request,
        endpoint.auth === 'user'
          ? await app.authenticate(request)
          : await app.services.staffAuth.authenticate(staffToken(request), options.staffRoles ?? [], {
              isAllowedBeforeSetup: options.isAllowedBeforeSetup ?? false,
            }),
      );
    };
  }
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(`${options.basePath ?? API_BASE_PATH}${endpoint.path}`, routeOptions, async (request, reply) => {
    const session = sessions.get(request) ?? null;
    if (endpoint.auth !== 'public' && !session) throw unauthenticated();
    const data = await handler({
      body: request.body as z.output<E['request']>,
      session: session as EndpointContext<E>['session'],
      request,
      reply,
    });
    return { status: 1 as const, msg: '' as const, data };
  });
}

/** Calls that check the signed-in user's login or fund password: per address and per account. */
export function passwordCheckLimits(app: FastifyInstance): EndpointOptions {
  return {
    rateLimitPerMinute: app.config.rateLimits.login,
    accountRateLimit: { perMinute: app.config.rateLimits.account, accountOf: sessionAccount },
  };
}

function accountRateLimit(
  app: FastifyInstance,
  endpoint: Endpoint,
  limit: NonNullable<EndpointOptions['accountRateLimit']>,
) {
  const limiter = app.rateLimit({
    max: limit.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `account:${endpoint.path}:${limit.accountOf(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // @fastify/rate-limit marks a request once a limit has run on it and skips any later limit; this
    // second limit counts another key (the account), so the per-address mark is cleared for it.
    for (const symbol of Object.getOwnPropertySymbols(request)) {
      if (symbol.description === 'fastify.request.rateLimitRan') Reflect.set(request, symbol, false);
    }
    return limiter.call(app, request, reply);
  };
}

export function unauthenticated(): DomainError {
  return new DomainError('UNAUTHENTICATED');
}
