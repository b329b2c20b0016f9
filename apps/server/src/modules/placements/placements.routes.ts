import {
  ADMIN_API_BASE_PATH,
  adminPlacementEndpoints,
  adminPlacementRoles,
  placementEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function placementsRoutes(app: FastifyInstance): Promise<void> {
  const { placements } = app.services;
  registerEndpoint(app, placementEndpoints.list, ({ body }) => placements.list(body));
  registerEndpoint(app, placementEndpoints.detail, ({ session, body }) =>
    placements.detail(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, placementEndpoints.preview, ({ session, body }) =>
    placements.preview(session.userId, body),
  );
  registerEndpoint(app, placementEndpoints.subscribe, ({ session, body, request }) =>
    placements.subscribe(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, placementEndpoints.subscriptions, ({ session, body }) =>
    placements.subscriptions(session.userId, body),
  );
  const staff = { basePath: ADMIN_API_BASE_PATH } as const;
  registerEndpoint(
    app,
    adminPlacementEndpoints.placementCreate,
    ({ session, body }) => placements.create(session, body),
    { ...staff, staffRoles: adminPlacementRoles.placementCreate },
  );
  registerEndpoint(app, adminPlacementEndpoints.placementList, ({ body }) => placements.listForStaff(body), {
    ...staff,
    staffRoles: adminPlacementRoles.placementList,
  });
  registerEndpoint(
    app,
    adminPlacementEndpoints.placementClose,
    ({ session, body }) => placements.closeEarly(session, body),
    { ...staff, staffRoles: adminPlacementRoles.placementClose },
  );
}
