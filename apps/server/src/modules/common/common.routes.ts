import { commonEndpoints, languages, userEndpoints, type Language } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { acceptedLanguage } from '../../http/request-headers';

const languageOf = (code: string | undefined): Language =>
  languages.find((language) => language === code) ?? 'en';

export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { common, messages } = app.services;
  registerEndpoint(app, commonEndpoints.config, () => common.siteConfig());
  // The site's notices and the user's own messages, in the language asked for.
  registerEndpoint(app, userEndpoints.notice, ({ body, request, session }) =>
    messages.inbox(session.userId, body?.language ?? languageOf(acceptedLanguage(request))),
  );
}
