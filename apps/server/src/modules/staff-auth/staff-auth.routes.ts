import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';
import { staffToken } from '../../http/request-headers';

export async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const { staffAuth, audit } = app.services;
  const { rateLimits } = app.config;
  registerAdminEndpoint(app, 'login', ({ body, request }) => staffAuth.login(body, request.ip), {
    rateLimitPerMinute: rateLimits.login,
    accountRateLimit: {
      perMinute: rateLimits.account,
      accountOf: (request) => (request.body as { username?: string } | undefined)?.username,
    },
  });
  const beforeSetup = { isAllowedBeforeSetup: true };
  registerAdminEndpoint(
    app,
    'logout',
    async ({ session }) => {
      await staffAuth.logout(session);
      return null;
    },
    beforeSetup,
  );
  registerAdminEndpoint(
    app,
    'me',
    async ({ session }) => ({
      id: session.staffId.toString(),
      username: session.username,
      role: session.role,
    }),
    beforeSetup,
  );
  registerAdminEndpoint(
    app,
    'changePassword',
    async ({ session, body, request }) => {
      await staffAuth.changePassword(session, body, request.ip);
      return null;
    },
    {
      ...beforeSetup,
      rateLimitPerMinute: rateLimits.login,
      accountRateLimit: {
        perMinute: rateLimits.account,
        accountOf: staffToken,
      },
    },
  );
  registerAdminEndpoint(
    app,
    'twoFactorSetup',
    ({ session, body, request }) => staffAuth.twoFactorSetup(session, body.password, request.ip),
    {
      ...beforeSetup,
      rateLimitPerMinute: rateLimits.login,
      accountRateLimit: { perMinute: rateLimits.account, accountOf: staffToken },
    },
  );
  registerAdminEndpoint(
    app,
    'twoFactorEnable',
    ({ session, body }) => staffAuth.twoFactorEnable(session, body.code),
    { ...beforeSetup, rateLimitPerMinute: rateLimits.login },
  );
  registerAdminEndpoint(app, 'createStaff', ({ session, body }) => staffAuth.createStaff(session, body));
  registerAdminEndpoint(app, 'auditLog', ({ body }) => audit.list(body));
}
