import { fundsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function exchangeRoutes(app: FastifyInstance): Promise<void> {
  const { exchange } = app.services;
  registerEndpoint(app, fundsEndpoints.exchangeQuote, ({ session, body }) =>
    exchange.quote(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.exchange, ({ session, body, request }) =>
    exchange.exchange(session.userId, body, idempotencyKey(request)),
  );
}
