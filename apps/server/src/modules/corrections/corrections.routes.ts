import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function correctionsRoutes(app: FastifyInstance): Promise<void> {
  const { corrections } = app.services;
  registerAdminEndpoint(app, 'correctionPropose', ({ session, body }) => corrections.propose(session, body));
  registerAdminEndpoint(app, 'correctionReview', ({ session, body }) => corrections.review(session, body));
  registerAdminEndpoint(app, 'correctionList', ({ body }) => corrections.list(body));
}
