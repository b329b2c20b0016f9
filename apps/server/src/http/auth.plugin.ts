import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AuthenticatedSession } from '../modules/users/sessions.service';
import { sessionAccount, sessionToken } from './request-headers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session behind the `token` and `account` headers; throws UNAUTHENTICATED (HTTP 401). */
    authenticate(request: FastifyRequest): Promise<AuthenticatedSession>;
  }
}

// The `is-admin` header is accepted and ignored: a client header grants nothing (DESIGN.md §1.11).
export const authPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('authenticate', (request: FastifyRequest) =>
      app.services.sessions.authenticate(sessionToken(request), sessionAccount(request)),
    );
  },
  { name: 'beurs-auth', dependencies: ['beurs-services'] },
);
