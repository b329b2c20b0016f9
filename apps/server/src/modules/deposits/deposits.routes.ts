import { fundsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  const { deposits } = app.services;
  registerEndpoint(app, fundsEndpoints.rechargeChannel, () => deposits.channels());
  registerEndpoint(app, fundsEndpoints.recharge, ({ session, body, request }) =>
    deposits.submit(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, fundsEndpoints.depositList, ({ session, body }) =>
    deposits.list(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.depositCancel, ({ session, body }) =>
    deposits.cancel(session.userId, body),
  );
  registerAdminEndpoint(app, 'depositChannelSave', ({ session, body }) =>
    deposits.saveChannel(session, body),
  );
  registerAdminEndpoint(app, 'depositChannelList', ({ body }) => deposits.staffChannels(body));
  registerAdminEndpoint(app, 'depositList', ({ body }) => deposits.staffList(body));
  registerAdminEndpoint(app, 'depositReview', ({ session, body }) => deposits.review(session, body));
}
