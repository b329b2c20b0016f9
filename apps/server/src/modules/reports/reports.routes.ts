import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { reports } = app.services;
  registerAdminEndpoint(app, 'reconciliation', ({ body }) => reports.reconciliation(body));
}
