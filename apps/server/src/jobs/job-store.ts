import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgBoss, TestClock, fromPglite, type ConstructorOptions } from 'pg-boss';
import pg from 'pg';
import type { Clock } from '../core/clock';
import type { Database } from '../db/database';

// Where the jobs live: pg-boss's tables (schema `pgboss`, created and migrated by pg-boss itself at
// start, under its own advisory lock, so several nodes may start at once) in the app's database.
// On PGlite pg-boss runs on the app's own single connection (its `pglite` backend); on PostgreSQL it
// keeps a small pool of its own on the same database.

export const JOBS_SCHEMA = 'pgboss';
const POSTGRES_POOL_SIZE = 3;
const MAINTENANCE_INTERVAL_SECONDS = 600;

export type JobStoreMode = 'background' | 'manual';

/**
 * A pg-boss instance on `db`. In `background` mode pg-boss keeps its own time and maintenance
 * (expiring jobs whose node died, deleting old ones). In `manual` mode (tests) nothing runs by
 * itself and pg-boss reads its time, in JavaScript and in SQL, from a test clock that the runner
 * moves to the injected clock's time before every statement (`syncTime`).
 */
export function createJobStore(
  db: Database,
  options: { mode: JobStoreMode; clock: Clock },
): { boss: PgBoss; start: () => Promise<void>; syncTime: () => Promise<void> } {
  const shared = options.mode === 'manual' ? testClockFor(options.clock) : null;
  const connection = connectionOf(db);
  const boss = new PgBoss({
    ...connection.options,
    schema: JOBS_SCHEMA,
    application_name: 'beurs-jobs',
    schedule: false, // periodic jobs re-enqueue themselves (see job-runner.ts); no cron
    supervise: options.mode === 'background',
    // Expiry of runs whose node died every minute (pg-boss's default); deletion of old runs every
    // ten minutes rather than once a day, so a one-second job leaves hundreds of rows, not 86,400.
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    registerInstance: false,
    ...(shared ? { clock: shared.testClock } : {}),
  });
  return {
    boss,
    start: () => connection.startOne(() => boss.start().then(() => undefined)),
    syncTime: shared ? () => shared.sync(options.clock) : async () => undefined,
  };
}

type Connection = {
  options: Pick<ConstructorOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  /** Runs pg-boss starts (schema install or migration) on this database one at a time. */
  startOne(start: () => Promise<void>): Promise<void>;
};

/**
 * pg-boss starts (schema install or migration, and in manual mode the test clock's attach, which
 * drops and creates its clock table) one at a time per database in this process. PGlite is one
 * session, in which advisory locks never block, so pg-boss's own start-up lock cannot keep two
 * runners on one PGlite (two test nodes) apart; and on PostgreSQL the test clock's attach runs after
 * that lock is released, so two test nodes attaching at once race on the clock table's type
 * (`pg_type_typname_nsp_index`). Starts in other processes are kept apart by pg-boss's advisory lock.
 */
const startQueues = new Map<PGlite | string, Promise<void>>();

function startOneAt(key: PGlite | string, start: () => Promise<void>): Promise<void> {
  const started = (startQueues.get(key) ?? Promise.resolve()).then(start);
  const settled = started.catch(() => undefined);
  startQueues.set(key, settled);
  void settled.then(() => {
    if (startQueues.get(key) === settled) startQueues.delete(key);
  });
  return started;
}

/** True when `db` is embedded PGlite (one process, one session, no autovacuum). */
export function isEmbedded(db: Database): boolean {
  return clientOf(db) instanceof PGlite;
}

/**
 * PGlite has no autovacuum: without this, every run's deleted row stays on disk (about 0.4 KB a
 * run, 37 MB a day for a one-second job, measured). Cheap: a few milliseconds every ten minutes.
 */
export async function vacuumJobTables(db: Database): Promise<void> {
  await db.execute(sql.raw(`VACUUM ${JOBS_SCHEMA}.job, ${JOBS_SCHEMA}.queue`));
}

function clientOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

function connectionOf(db: Database): Connection {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    return {
      options: { db: fromPglite(client), backend: 'pglite' },
      startOne: (start) => startOneAt(client, start),
    };
  }
  if (client instanceof pg.Pool && client.options.connectionString) {
    const { connectionString } = client.options;
    return {
      options: { connectionString, max: POSTGRES_POOL_SIZE },
      startOne: (start) => startOneAt(connectionString, start),
    };
  }
  throw new Error('jobs: the database is neither PGlite nor a PostgreSQL pool opened from a URL');
}

type SharedTestClock = { testClock: TestClock; sync(clock: Clock): Promise<void> };
/**
 * One pg-boss test clock per injected clock, so two runners of a test on one database (two nodes)
 * share it, as pg-boss requires. Moves are serialised: pg-boss refuses overlapping moves.
 */
const testClocks = new WeakMap<Clock, SharedTestClock>();

function testClockFor(clock: Clock): SharedTestClock {
  const existing = testClocks.get(clock);
  if (existing) return existing;
  const testClock = new TestClock(clock.now().getTime());
  let moving: Promise<void> = Promise.resolve();
  const shared: SharedTestClock = {
    testClock,
    sync(source) {
      const move = moving.then(async () => {
        const target = source.now().getTime();
        if (target !== testClock.now()) await testClock.setTime(target);
      });
      moving = move.catch(() => undefined);
      return move;
    },
  };
  testClocks.set(clock, shared);
  return shared;
}
