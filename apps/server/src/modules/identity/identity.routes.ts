import { identityEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const { identity } = app.services;
  registerEndpoint(app, identityEndpoints.authInfo, ({ session }) => identity.authInfo(session.userId));
  registerEndpoint(app, identityEndpoints.submitAuth, ({ session, body }) =>
    identity.submit(session.userId, body),
  );
  registerAdminEndpoint(app, 'identityList', ({ body }) => identity.list(body));
  registerAdminEndpoint(app, 'identityReview', ({ session, body }) => identity.review(session, body));
}
