import { newsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function newsRoutes(app: FastifyInstance): Promise<void> {
  const { news } = app.services;
  registerEndpoint(app, newsEndpoints.list, ({ body }) => news.list(body));
  registerEndpoint(app, newsEndpoints.detail, ({ body }) => news.detail(BigInt(body.id), body.language));
}
