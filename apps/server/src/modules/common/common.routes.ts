import { commonEndpoints, userEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { common } = app.services;
  registerEndpoint(app, commonEndpoints.config, () => common.siteConfig());
  registerEndpoint(app, userEndpoints.notice, ({ body, request }) => {
    const header = request.headers['accept-language'];
    return common.notices(body?.language ?? (typeof header === 'string' ? header.slice(0, 2) : 'en'));
  });
}
