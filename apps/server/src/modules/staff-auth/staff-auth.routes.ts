import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function staffAuthRoutes(app: FastifyInstance): Promise<void> {
  const { staffAuth, audit } = app.services;
  registerAdminEndpoint(app, 'login', ({ body, request }) => staffAuth.login(body, request.ip), {
    rateLimitPerMinute: app.config.rateLimits.login,
  });
  registerAdminEndpoint(app, 'logout', async ({ session }) => {
    await staffAuth.logout(session);
    return null;
  });
  registerAdminEndpoint(app, 'me', async ({ session }) => ({
    id: session.staffId.toString(),
    username: session.username,
    role: session.role,
  }));
  registerAdminEndpoint(app, 'changePassword', async ({ session, body }) => {
    await staffAuth.changePassword(session, body);
    return null;
  });
  registerAdminEndpoint(app, 'createStaff', ({ session, body }) => staffAuth.createStaff(session, body));
  registerAdminEndpoint(app, 'auditLog', ({ body }) => audit.list(body));
}
