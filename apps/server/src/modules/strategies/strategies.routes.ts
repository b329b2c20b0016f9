import {
  ADMIN_API_BASE_PATH,
  adminStrategyEndpoints,
  adminStrategyRoles,
  strategyEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function strategiesRoutes(app: FastifyInstance): Promise<void> {
  const { strategies } = app.services;
  registerEndpoint(app, strategyEndpoints.list, () => strategies.list());
  registerEndpoint(app, strategyEndpoints.detail, ({ session, body }) =>
    strategies.detail(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, strategyEndpoints.follow, ({ session, body, request }) =>
    strategies.follow(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, strategyEndpoints.redeem, ({ session, body, request }) =>
    strategies.redeem(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, strategyEndpoints.mine, ({ session, body }) => strategies.mine(session.userId, body));
  const staff = { basePath: ADMIN_API_BASE_PATH } as const;
  registerEndpoint(app, adminStrategyEndpoints.strategyList, () => strategies.listForStaff(), {
    ...staff,
    staffRoles: adminStrategyRoles.strategyList,
  });
  registerEndpoint(
    app,
    adminStrategyEndpoints.strategyCreate,
    ({ session, body }) => strategies.createByStaff(session, body),
    { ...staff, staffRoles: adminStrategyRoles.strategyCreate },
  );
  registerEndpoint(
    app,
    adminStrategyEndpoints.strategyClose,
    ({ session, body }) => strategies.closeByStaff(session, body),
    { ...staff, staffRoles: adminStrategyRoles.strategyClose },
  );
}
