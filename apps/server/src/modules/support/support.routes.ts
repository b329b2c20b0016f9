import {
  ADMIN_API_BASE_PATH,
  adminSupportEndpoints,
  adminSupportRoles,
  inboxEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { sessionAccount } from '../../http/request-headers';

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { support } = app.services;
  registerEndpoint(app, inboxEndpoints.supportThread, ({ session }) => support.thread(session.userId));
  registerEndpoint(
    app,
    inboxEndpoints.supportSend,
    ({ session, body }) => support.send(session.userId, body),
    // Per account, after the session is checked (an anonymous caller is told 401 first).
    { accountRateLimit: { perMinute: 30, accountOf: sessionAccount } },
  );
  registerEndpoint(app, inboxEndpoints.supportUnread, ({ session }) => support.unread(session.userId));

  const staff = { basePath: ADMIN_API_BASE_PATH, staffRoles: adminSupportRoles };
  registerEndpoint(
    app,
    adminSupportEndpoints.supportConversations,
    ({ body }) => support.conversations(body),
    staff,
  );
  registerEndpoint(
    app,
    adminSupportEndpoints.supportThread,
    ({ session, body }) => support.staffThread(session, BigInt(body.userId)),
    staff,
  );
  registerEndpoint(
    app,
    adminSupportEndpoints.supportReply,
    ({ session, body }) => support.reply(session, body),
    staff,
  );
}
