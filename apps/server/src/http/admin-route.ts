import { ADMIN_API_BASE_PATH, adminEndpointRoles, adminEndpoints, type DataOf } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, type EndpointContext, type EndpointOptions } from './endpoint-route';

type AdminName = keyof typeof adminEndpoints;

/** Registers a back-office call under /api/admin/ with the roles the contract names for it. */
export function registerAdminEndpoint<N extends AdminName>(
  app: FastifyInstance,
  name: N,
  handler: (
    context: EndpointContext<(typeof adminEndpoints)[N]>,
  ) => Promise<DataOf<(typeof adminEndpoints)[N]>>,
  options: Pick<EndpointOptions, 'rateLimitPerMinute' | 'accountRateLimit' | 'isAllowedBeforeSetup'> = {},
): void {
  registerEndpoint(app, adminEndpoints[name], handler, {
    ...options,
    basePath: ADMIN_API_BASE_PATH,
    staffRoles: adminEndpointRoles[name],
  });
}
