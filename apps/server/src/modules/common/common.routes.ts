import { commonEndpoints, userEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { acceptedLanguage } from '../../http/request-headers';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { common } = app.services;
  registerEndpoint(app, commonEndpoints.config, () => common.siteConfig());
  registerEndpoint(app, userEndpoints.notice, ({ body, request }) =>
    common.notices(body?.language ?? acceptedLanguage(request) ?? 'en'),
  );
}
