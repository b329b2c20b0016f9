import { checkInEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function checkInRoutes(app: FastifyInstance): Promise<void> {
  const { checkIn } = app.services;
  registerEndpoint(app, checkInEndpoints.status, ({ session, body }) => checkIn.status(session.userId, body));
  registerEndpoint(app, checkInEndpoints.checkIn, ({ session, body }) =>
    checkIn.checkIn(session.userId, body),
  );
  registerEndpoint(app, checkInEndpoints.claimBadge, ({ session, body }) =>
    checkIn.claimBadge(session.userId, body),
  );
}
