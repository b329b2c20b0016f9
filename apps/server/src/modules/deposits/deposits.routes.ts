import { fundsEndpoints, IDEMPOTENCY_KEY_HEADER } from '@beurs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { registerAdminEndpoint } from '../staff-auth/admin-route';

export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const { deposits } = app.services;
  registerEndpoint(app, fundsEndpoints.rechargeChannel, () => deposits.channels());
  registerEndpoint(app, fundsEndpoints.recharge, ({ session, body, request }) =>
    deposits.submit(session.userId, body, idempotencyKeyOf(request)),
  );
  registerEndpoint(app, fundsEndpoints.depositList, ({ session, body }) =>
    deposits.list(session.userId, body),
  );
  registerAdminEndpoint(app, 'depositChannelSave', ({ session, body }) =>
    deposits.saveChannel(session, body),
  );
  registerAdminEndpoint(app, 'depositList', ({ body }) => deposits.staffList(body));
  registerAdminEndpoint(app, 'depositReview', ({ session, body }) => deposits.review(session, body));
}
