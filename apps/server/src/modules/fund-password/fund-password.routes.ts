import { identityEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { passwordCheckLimits, registerEndpoint } from '../../http/endpoint-route';

export async function fundPasswordRoutes(app: FastifyInstance): Promise<void> {
  const { fundPassword } = app.services;
  registerEndpoint(app, identityEndpoints.fundPassword, ({ session }) => fundPassword.status(session.userId));
  const limits = passwordCheckLimits(app);
  registerEndpoint(
    app,
    identityEndpoints.setFundPassword,
    ({ session, body }) => fundPassword.set(session.userId, body),
    limits,
  );
  registerEndpoint(
    app,
    identityEndpoints.changeFundPassword,
    ({ session, body }) => fundPassword.change(session.userId, body),
    limits,
  );
  registerEndpoint(
    app,
    identityEndpoints.resetFundPassword,
    ({ session, body }) => fundPassword.reset(session.userId, body),
    limits,
  );
}
