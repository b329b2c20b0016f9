import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { BODY_LIMIT_BYTES } from './errors';

// JSON bodies: an empty body reads as "no payload" (the spec sends some calls with none), invalid
// JSON is a catalogued 400, and prototype-poisoning keys are refused by secure-json-parse.
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(
          null,
          secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
        );
      } catch {
        const error = Object.assign(new Error('The body is not valid JSON.'), {
          code: 'MALFORMED_JSON',
          statusCode: 400,
        });
        done(error, undefined);
      }
    },
  );
}
