import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import { ManualClock } from '../../src/core/clock';
import { cryptoRandom } from '../../src/core/random';
import { runFirstStart, type FirstStartReport } from '../../src/first-start';
import { createTestDatabase, type TestDatabase } from './test-database';

// `build()` for integration tests: the real app on a fresh database (PGlite, or PostgreSQL under
// test:pg), a manual clock, first start done, jobs run by hand. Call `close()` in afterAll.

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  clock: ManualClock;
  firstStart: FirstStartReport;
  close(): Promise<void>;
};

export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    beforeReady?: (app: FastifyInstance) => void;
    /** A second API node on the same database: pass the first node's database (closed by its owner). */
    sharedDatabase?: TestDatabase;
    /** A second node's clock: pass the first node's, so both see one time (and one job clock). */
    clock?: ManualClock;
    /** The app's logger (e.g. `{ level: 'info', stream }` to read what it logged); none by default. */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const database = options.sharedDatabase ?? (await createTestDatabase());
  const clock = options.clock ?? new ManualClock('2026-03-02T10:00:00Z');
  const config = testConfig(options.config);
  // Jobs run only when a test calls app.jobs.runDue(), on this manual clock.
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    random: cryptoRandom,
    jobsMode: 'manual',
    ...(options.logger ? { logger: options.logger } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  const firstStart = await runFirstStart({
    db: database.db,
    clock,
    random: cryptoRandom,
    config,
    ensureHouseAccounts: (db) => app.services.ledger.ensureHouseAccounts(db),
    prepareDemoDesk: () => app.services.demoDesk.prepareAtStart(),
  });
  return {
    app,
    database,
    clock,
    firstStart,
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
    },
  };
}

/** POST a JSON payload to /api/vue{path}, with session headers when given. */
export function call(
  app: FastifyInstance,
  path: string,
  payload?: unknown,
  session?: { token: string; account: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/vue${path}`,
    headers: session ? { token: session.token, account: session.account } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

let accountCounter = 0;
/** A unique phone-number account for this test process. */
export function uniqueAccount(): string {
  accountCounter += 1;
  return `32470${String(process.pid % 1000).padStart(3, '0')}${String(accountCounter).padStart(4, '0')}`;
}

export const DEFAULT_PASSWORD = 'correct horse 42';

/** Registers and logs in a fresh user; returns the session headers. */
export async function signUp(testApp: TestApp, password = DEFAULT_PASSWORD) {
  const account = uniqueAccount();
  const registered = await call(testApp.app, '/user/register', {
    account,
    password,
    confirmPassword: password,
    invitationCode: testApp.firstStart.invitationCode,
  });
  if (registered.json().status !== 1) throw new Error(`register failed: ${registered.body}`);
  const loggedIn = await call(testApp.app, '/user/login', { account, password });
  const body = loggedIn.json();
  if (body.status !== 1) throw new Error(`login failed: ${loggedIn.body}`);
  return { account, token: body.data.token as string };
}
