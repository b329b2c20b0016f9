import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AuthenticatedSession } from '../modules/users/sessions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The session behind the `token` and `account` headers; throws UNAUTHENTICATED (HTTP 401). */
    authenticate(request: FastifyRequest): Promise<AuthenticatedSession>;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

// The `is-admin` header is accepted and ignored: a client header grants nothing (DESIGN.md §1.11).
export const authPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.decorate('authenticate', (request: FastifyRequest) =>
      app.services.sessions.authenticate(header(request, 'token'), header(request, 'account')),
    );
  },
  { name: 'beurs-auth', dependencies: ['beurs-services'] },
);
