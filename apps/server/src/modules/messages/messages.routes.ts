import { inboxEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { sessionAccount } from '../../http/request-headers';

// Notification settings and Web Push subscriptions. The messages themselves are listed by
// /user/notice (common.routes.ts), with the site's notices.
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { messages } = app.services;
  registerEndpoint(app, inboxEndpoints.notificationSettings, ({ session }) =>
    messages.settings(session.userId),
  );
  registerEndpoint(app, inboxEndpoints.notificationSettingsSave, ({ session, body }) =>
    messages.saveSetting(session.userId, body.kind, body.isPushEnabled),
  );
  registerEndpoint(app, inboxEndpoints.pushKey, () => messages.pushKey());
  registerEndpoint(
    app,
    inboxEndpoints.pushSubscribe,
    ({ session, body }) => messages.subscribe(session.userId, body),
    // Per account, after the session is checked (an anonymous caller is told 401 first).
    { accountRateLimit: { perMinute: 20, accountOf: sessionAccount } },
  );
  registerEndpoint(app, inboxEndpoints.pushUnsubscribe, ({ session, body }) =>
    messages.unsubscribe(session.userId, body.endpoint),
  );
}
