import {
  API_BASE_PATH,
  DomainError,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_PATH,
  UPLOADED_FILES_PATH,
  failureEnvelope,
  successEnvelope,
  uploadData,
} from '@beurs/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { declaredContentLength, sessionToken, staffToken } from '../../http/request-headers';
import type { AuthenticatedSession } from '../users/sessions.service';

// Uploads travel as the raw file bytes (application/octet-stream or image/*), counted as they
// arrive: past 10 MB the read stops and the call is refused, before anything is written.

async function readLimited(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  if (declaredContentLength(request) > UPLOAD_LIMIT_BYTES) {
    throw new DomainError('UPLOAD_TOO_LARGE', { limitBytes: UPLOAD_LIMIT_BYTES });
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of payload) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > UPLOAD_LIMIT_BYTES) {
      payload.destroy();
      throw new DomainError('UPLOAD_TOO_LARGE', { limitBytes: UPLOAD_LIMIT_BYTES });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const UPLOADS_PER_MINUTE = 30;

export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const { uploads, staffAuth } = app.services;
  const sessions = new WeakMap<FastifyRequest, AuthenticatedSession>();
  app.addContentTypeParser(
    /^(application\/octet-stream|image\/[\w.+-]+)$/,
    (request: FastifyRequest, payload: Readable) => readLimited(request, payload),
  );

  app.post(
    `${API_BASE_PATH}${UPLOAD_PATH}`,
    {
      schema: {
        summary:
          'Upload a photo as raw bytes (JPEG, PNG or WebP by content; at most 10 MB and 40 megapixels); it is re-encoded without metadata.',
        tags: ['upload'],
        security: [{ token: [], account: [] }],
        response: { 200: z.union([successEnvelope(uploadData), failureEnvelope]) },
      },
      // Image decoding is costly: a few uploads a minute per session is all the screens need.
      config: {
        rateLimit: {
          max: UPLOADS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `upload:${sessionToken(request) ?? request.ip}`,
        },
      },
      // The session is checked before the body is read: strangers cannot make us buffer 10 MB.
      onRequest: async (request) => {
        sessions.set(request, await app.authenticate(request));
      },
    },
    async (request) => {
      const session = sessions.get(request);
      if (!session) throw new DomainError('UNAUTHENTICATED');
      if (!Buffer.isBuffer(request.body)) {
        throw new DomainError('UPLOAD_TYPE_UNSUPPORTED', { accepted: 'JPEG, PNG, WebP' });
      }
      const data = await uploads.store(session.userId, request.body);
      return { status: 1 as const, msg: '' as const, data };
    },
  );

  // Private files: the owner (user headers) or staff with the role for that kind of file.
  app.get<{ Params: { id: string } }>(
    `${UPLOADED_FILES_PATH}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (!/^\d{1,18}$/.test(request.params.id)) throw new DomainError('UPLOAD_NOT_FOUND');
      const staffSessionToken = staffToken(request);
      const viewer = staffSessionToken
        ? { staff: await staffAuth.authenticate(staffSessionToken, ['reviewer', 'finance', 'support']) }
        : { userId: (await app.authenticate(request)).userId };
      const file = await uploads.read(BigInt(request.params.id), viewer);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
