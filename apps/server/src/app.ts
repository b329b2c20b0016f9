import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { REQUEST_ID_HEADER } from '@beurs/contract';
import { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Config } from './config';
import type { Clock } from './core/clock';
import { createLocalBus, createRedisBus } from './core/invalidation-bus';
import type { RandomSource } from './core/random';
import { ping, type Database } from './db/database';
import { authPlugin } from './http/auth.plugin';
import { BODY_LIMIT_BYTES, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { requestId } from './http/request-headers';
import { registerSecurityHeaders } from './http/security-headers';
import { contractSerializerCompiler } from './http/serializer';
import { openApiInfo } from './http/openapi';
import { registerJobs } from './jobs';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { registerModules } from './modules';
import { fromServerRoot } from './server-root';
import { createServices, type Services } from './services';

// The app as a Fastify instance: external plugins → our plugins → modules. `server.ts` owns the
// process (logger, listen, graceful close); tests build this with `inject` and no port.

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    jobs: JobRunner;
    db: Database;
    config: Config;
  }
}

export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  random: RandomSource;
  logger?: FastifyServerOptions['logger'];
  /** `background` (default): `app.jobs.start()` polls; `manual` (tests): jobs run on `app.jobs.runDue()`. */
  jobsMode?: 'background' | 'manual';
};

const mobileDist = fromServerRoot('..', 'mobile', 'dist');
const adminDist = fromServerRoot('..', 'admin', 'dist');
const publicDir = fromServerRoot('public');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.trustProxy,
    frameworkErrors,
    genReqId: (request) => requestId(request) ?? randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerJsonBodyParser(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, {
    hstsMaxAgeSeconds: deps.config.hstsMaxAgeSeconds,
    appIndexHtmlPath: `${mobileDist}/index.html`,
  });

  // Rate limits are per process by default and shared between nodes through Redis when configured.
  const redis = deps.config.redisUrl ? new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'beurs-rate-limit:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'rate limited',
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  await app.register(fastifySwagger, {
    openapi: openApiInfo,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { validatorUrl: null } });

  await app.register(
    fastifyPlugin(
      async (instance) => {
        instance.decorate('db', deps.db);
        instance.decorate('config', deps.config);
        const bus = deps.config.redisUrl ? await createRedisBus(deps.config.redisUrl) : createLocalBus();
        instance.addHook('onClose', () => bus.close());
        const services = createServices({ ...deps, bus, log: app.log });
        instance.decorate('services', services);
        // Started by server.ts once the app is ready; stopped on close, before the database closes.
        const jobs = createJobRunner({
          db: deps.db,
          clock: deps.clock,
          mode: deps.jobsMode ?? 'background',
          log: app.log,
        });
        registerJobs(jobs, { db: deps.db, services, checkpointDir: deps.config.ledger.checkpointDir });
        instance.decorate('jobs', jobs);
        // IPOs' new instruments: known at start, and those created on another node within seconds.
        instance.addHook('onReady', async () => void (await services.ipoListings.sync()));
        instance.addHook('onRequest', async (request) => {
          await services.ipoListings.syncIfStale().catch((error: unknown) => {
            request.log.error({ err: error }, 'IPO listings: sync failed');
          });
        });
        // Instruments' margin and lending overrides (issue 15 item 4): read at start, and those set
        // on another node within seconds, as the IPO listings.
        instance.addHook('onReady', async () => void (await services.margin.settings.sync()));
        instance.addHook('onRequest', async (request) => {
          await services.margin.settings.syncIfStale().catch((error: unknown) => {
            request.log.error({ err: error }, 'margin settings: sync failed');
          });
        });
        instance.addHook('onClose', async () => {
          await jobs.stop();
          // A graceful stop seals what the last passes left, so no entry outlives the deadline unsealed.
          if ((deps.jobsMode ?? 'background') === 'background') await services.ledger.seal(deps.db);
        });
      },
      { name: 'beurs-services' },
    ),
  );
  await app.register(authPlugin);

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await ping(deps.db);
    return { status: 'ok', mode: deps.config.mode };
  });
  await app.register(registerModules);

  await app.register(fastifyStatic, { root: publicDir, prefix: '/api/static/', decorateReply: false });
  if (existsSync(adminDist)) {
    // The back-office (apps/admin), under /admin/ only: the mobile app never loads it.
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      preCompressed: true,
    });
    app.get('/admin', { schema: { hide: true } }, (_request, reply) => reply.redirect('/admin/'));
  }
  if (existsSync(mobileDist)) {
    // The build writes .br and .gz beside every asset; they are sent to clients that accept them.
    await app.register(fastifyStatic, {
      root: mobileDist,
      prefix: '/',
      decorateReply: false,
      preCompressed: true,
    });
  }
  return app;
}
