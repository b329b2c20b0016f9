import { identityEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function fundPasswordRoutes(app: FastifyInstance): Promise<void> {
  const { fundPassword } = app.services;
  registerEndpoint(app, identityEndpoints.fundPassword, ({ session }) => fundPassword.status(session.userId));
  registerEndpoint(app, identityEndpoints.setFundPassword, ({ session, body }) =>
    fundPassword.set(session.userId, body),
  );
  registerEndpoint(app, identityEndpoints.changeFundPassword, ({ session, body }) =>
    fundPassword.change(session.userId, body),
  );
  registerEndpoint(app, identityEndpoints.resetFundPassword, ({ session, body }) =>
    fundPassword.reset(session.userId, body),
  );
}
