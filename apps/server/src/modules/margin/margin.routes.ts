import {
  ADMIN_API_BASE_PATH,
  adminMarginEndpoints,
  adminMarginRoles,
  marginEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function marginRoutes(app: FastifyInstance): Promise<void> {
  const { margin } = app.services;
  registerEndpoint(app, marginEndpoints.status, ({ session, body }) =>
    margin.status(session.userId, body.language),
  );
  registerEndpoint(app, marginEndpoints.submitTest, ({ session, body }) =>
    margin.submitTest(session.userId, body.answers),
  );
  registerEndpoint(app, marginEndpoints.accept, ({ session, body }) => margin.accept(session.userId, body));
  registerEndpoint(app, marginEndpoints.parameters, async () => margin.parameters());
  registerEndpoint(app, marginEndpoints.summary, ({ session }) => margin.summary(session.userId));
  registerEndpoint(app, marginEndpoints.transfer, ({ session, body, request }) =>
    margin.transfer(
      session.userId,
      { direction: body.direction, currency: body.currency, amountMinor: body.amount },
      idempotencyKey(request),
    ),
  );
  registerEndpoint(app, adminMarginEndpoints.userMargin, ({ body }) => margin.staffSummary(body.account), {
    basePath: ADMIN_API_BASE_PATH,
    staffRoles: adminMarginRoles.userMargin,
  });
}
