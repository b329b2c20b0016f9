import { ADMIN_API_BASE_PATH, adminIpoEndpoints, adminIpoRoles, ipoEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function offeringsRoutes(app: FastifyInstance): Promise<void> {
  const { offerings } = app.services;
  registerEndpoint(app, ipoEndpoints.list, ({ body }) => offerings.list(body));
  registerEndpoint(app, ipoEndpoints.detail, ({ session, body }) =>
    offerings.detail(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, ipoEndpoints.preview, ({ session, body }) => offerings.preview(session.userId, body));
  registerEndpoint(app, ipoEndpoints.subscribe, ({ session, body, request }) =>
    offerings.subscribe(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, ipoEndpoints.subscriptions, ({ session, body }) =>
    offerings.subscriptions(session.userId, body),
  );
  const staff = { basePath: ADMIN_API_BASE_PATH } as const;
  registerEndpoint(app, adminIpoEndpoints.ipoCreate, ({ session, body }) => offerings.create(session, body), {
    ...staff,
    staffRoles: adminIpoRoles.ipoCreate,
  });
  registerEndpoint(app, adminIpoEndpoints.ipoList, ({ body }) => offerings.listForStaff(body), {
    ...staff,
    staffRoles: adminIpoRoles.ipoList,
  });
}
