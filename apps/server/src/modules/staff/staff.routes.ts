import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { staff } = app.services;
  registerAdminEndpoint(app, 'staffList', ({ body }) => staff.list(body));
  registerAdminEndpoint(app, 'disableStaff', ({ session, body }) => staff.disable(session, body));
  registerAdminEndpoint(app, 'enableStaff', ({ session, body }) => staff.enable(session, body));
}
