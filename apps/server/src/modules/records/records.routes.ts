import { fundsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const { records } = app.services;
  registerEndpoint(app, fundsEndpoints.fundRecord, ({ session, body }) => records.list(session.userId, body));
}
