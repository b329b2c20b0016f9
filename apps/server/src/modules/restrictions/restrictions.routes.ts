import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';

export async function restrictionsRoutes(app: FastifyInstance): Promise<void> {
  const { restrictions } = app.services;
  registerAdminEndpoint(app, 'userDetail', ({ session, body }) => restrictions.detail(session, body.account));
  registerAdminEndpoint(app, 'userSessions', ({ session, body }) =>
    restrictions.sessionsOf(session, body.account),
  );
  registerAdminEndpoint(app, 'restrict', ({ session, body }) => restrictions.restrict(session, body));
  registerAdminEndpoint(app, 'liftRestriction', ({ session, body }) => restrictions.lift(session, body));
  registerAdminEndpoint(app, 'withdrawalBarPropose', ({ session, body }) =>
    restrictions.proposeWithdrawalBar(session, body),
  );
  registerAdminEndpoint(app, 'withdrawalBarReview', ({ session, body }) =>
    restrictions.reviewWithdrawalBar(session, body),
  );
  registerAdminEndpoint(app, 'withdrawalBarList', ({ body }) => restrictions.listWithdrawalBars(body));
}
