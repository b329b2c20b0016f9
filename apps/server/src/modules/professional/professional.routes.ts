import {
  ADMIN_API_BASE_PATH,
  adminProfessionalEndpoints,
  adminProfessionalRoles,
  professionalEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function professionalRoutes(app: FastifyInstance): Promise<void> {
  const { professional } = app.services;
  registerEndpoint(app, professionalEndpoints.status, ({ session }) => professional.status(session.userId));
  registerEndpoint(app, professionalEndpoints.apply, ({ session, body }) =>
    professional.apply(session.userId, body),
  );
  const staff = { basePath: ADMIN_API_BASE_PATH } as const;
  registerEndpoint(app, adminProfessionalEndpoints.professionalList, ({ body }) => professional.list(body), {
    ...staff,
    staffRoles: adminProfessionalRoles.professionalList,
  });
  registerEndpoint(
    app,
    adminProfessionalEndpoints.professionalReview,
    ({ session, body }) => professional.review(session, body),
    { ...staff, staffRoles: adminProfessionalRoles.professionalReview },
  );
}
