import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function userSearchRoutes(app: FastifyInstance): Promise<void> {
  const { userSearch } = app.services;
  registerAdminEndpoint(app, 'userSearch', ({ body }) => userSearch.search(body.query));
}
