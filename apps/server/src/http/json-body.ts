import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { BODY_LIMIT_BYTES } from './errors';

// JSON bodies: an empty body reads as "no payload" (the spec sends some calls with none), invalid
// JSON is a catalogued 400, and prototype-poisoning keys are refused by secure-json-parse. A NUL
// character (U+0000) in any string or key is refused here, once for every call, as
// VALIDATION_FAILED (400): PostgreSQL cannot store it in text, and no field has a use for it.
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      let hasNul = false;
      const refuseNul = (key: string, value: unknown) => {
        if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) hasNul = true;
        return value;
      };
      try {
        const parsed: unknown = secureJsonParse.parse(text, refuseNul, {
          protoAction: 'error',
          constructorAction: 'error',
        });
        if (!hasNul) return done(null, parsed);
        const error = Object.assign(new Error('A string contains a NUL character.'), {
          code: 'BODY_CONTAINS_NUL',
          statusCode: 400,
        });
        done(error, undefined);
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
