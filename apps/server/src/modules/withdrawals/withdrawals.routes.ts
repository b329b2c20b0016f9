import { fundsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function withdrawalsRoutes(app: FastifyInstance): Promise<void> {
  const { withdrawals } = app.services;
  registerEndpoint(app, fundsEndpoints.withdrawalRules, ({ session, body }) =>
    withdrawals.rules(session.userId, body.currency),
  );
  registerEndpoint(app, fundsEndpoints.cashOut, ({ session, body, request }) =>
    withdrawals.submit(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, fundsEndpoints.withdrawalList, ({ session, body }) =>
    withdrawals.list(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.withdrawalCancel, ({ session, body }) =>
    withdrawals.cancel(session.userId, body),
  );
  registerAdminEndpoint(app, 'withdrawalList', ({ body }) => withdrawals.staffList(body));
  registerAdminEndpoint(app, 'withdrawalReview', ({ session, body }) => withdrawals.review(session, body));
}
