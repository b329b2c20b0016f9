import { creditEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';

export async function creditRoutes(app: FastifyInstance): Promise<void> {
  const { credit } = app.services;
  registerEndpoint(app, creditEndpoints.score, ({ session }) => credit.score(session.userId));
  registerEndpoint(app, creditEndpoints.preview, ({ session, body }) => credit.preview(session.userId, body));
  registerEndpoint(app, creditEndpoints.borrow, ({ session, body, request }) =>
    credit.borrow(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, creditEndpoints.additional, ({ session, body, request }) =>
    credit.additional(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, creditEndpoints.repay, ({ session, body, request }) =>
    credit.repay(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, creditEndpoints.list, ({ session, body }) => credit.list(session.userId, body));
  registerEndpoint(app, creditEndpoints.loan, ({ session, body }) => credit.loan(session.userId, body));
}
