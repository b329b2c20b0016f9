import { userEndpoints } from '@beurs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

const LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS = 20;
const REGISTRATIONS_PER_MINUTE_PER_ADDRESS = 10;

const clientOf = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? '',
  ipAddress: request.ip,
});

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users, sessions } = app.services;

  registerEndpoint(app, userEndpoints.register, ({ body }) => users.register(body), {
    rateLimitPerMinute: REGISTRATIONS_PER_MINUTE_PER_ADDRESS,
  });
  registerEndpoint(app, userEndpoints.login, ({ body, request }) => users.login(body, clientOf(request)), {
    rateLimitPerMinute: LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS,
  });
  registerEndpoint(app, userEndpoints.logout, async ({ session }) => {
    await sessions.revoke(session, session.sessionId);
    return null;
  });
  registerEndpoint(app, userEndpoints.getUserinfo, ({ session }) => users.userInfo(session));
  registerEndpoint(app, userEndpoints.changePassword, async ({ session, body }) => {
    await users.changePassword(session, body);
    return null;
  });
  registerEndpoint(app, userEndpoints.sessions, ({ session }) => sessions.list(session));
  registerEndpoint(app, userEndpoints.revokeSession, async ({ session, body }) => {
    await sessions.revoke(session, BigInt(body.id));
    return null;
  });
  registerEndpoint(app, userEndpoints.revokeOtherSessions, async ({ session }) => ({
    revoked: await sessions.revokeOthers(session),
  }));
}
