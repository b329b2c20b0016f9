import { userEndpoints } from '@beurs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordCheckLimits, registerEndpoint } from '../../http/endpoint-route';
import { userAgent } from '../../http/request-headers';

const clientOf = (request: FastifyRequest) => ({ userAgent: userAgent(request), ipAddress: request.ip });

const accountInBody = (request: FastifyRequest) =>
  (request.body as { account?: string } | undefined)?.account;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users, sessions } = app.services;
  const { rateLimits } = app.config;

  registerEndpoint(app, userEndpoints.register, ({ body }) => users.register(body), {
    rateLimitPerMinute: rateLimits.register,
  });
  registerEndpoint(app, userEndpoints.login, ({ body, request }) => users.login(body, clientOf(request)), {
    rateLimitPerMinute: rateLimits.login,
    accountRateLimit: { perMinute: rateLimits.account, accountOf: accountInBody },
  });
  registerEndpoint(app, userEndpoints.logout, async ({ session }) => {
    await sessions.revoke(session, session.sessionId);
    return null;
  });
  registerEndpoint(app, userEndpoints.getUserinfo, ({ session }) => users.userInfo(session));
  registerEndpoint(
    app,
    userEndpoints.changePassword,
    async ({ session, body }) => {
      await users.changePassword(session, body);
      return null;
    },
    passwordCheckLimits(app),
  );
  registerEndpoint(app, userEndpoints.sessions, ({ session }) => sessions.list(session));
  registerEndpoint(app, userEndpoints.signInHistory, ({ session }) => sessions.history(session));
  registerEndpoint(app, userEndpoints.twoFactorStatus, ({ session }) => users.twoFactorStatus(session));
  registerEndpoint(
    app,
    userEndpoints.twoFactorSetup,
    ({ session, body }) => users.twoFactorSetup(session, body.password),
    passwordCheckLimits(app),
  );
  registerEndpoint(
    app,
    userEndpoints.twoFactorEnable,
    ({ session, body }) => users.twoFactorEnable(session, body.code),
    passwordCheckLimits(app),
  );
  registerEndpoint(
    app,
    userEndpoints.twoFactorDisable,
    ({ session, body }) => users.twoFactorDisable(session, body),
    passwordCheckLimits(app),
  );
  registerEndpoint(app, userEndpoints.revokeSession, async ({ session, body }) => {
    await sessions.revoke(session, BigInt(body.id));
    return null;
  });
  registerEndpoint(app, userEndpoints.revokeOtherSessions, async ({ session }) => ({
    revoked: await sessions.revokeOthers(session),
  }));
}
