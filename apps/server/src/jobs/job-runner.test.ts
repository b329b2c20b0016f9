import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ManualClock, systemClock } from '../core/clock';
import { queryRows } from '../ledger/ledger.repository';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createTestDatabase, isPostgres, type TestDatabase } from '../../test/helpers/test-database';
import { createJobRunner, defineJob } from './job-runner';
import { vacuumJobTables } from './job-store';

// The runner's contract, driven by a manual clock (nothing runs until runDue, no real waiting):
// delayed runs at their time, one waiting run per key, periodic runs once per period, retries with
// backoff, and a run enqueued before a restart runs after it. PGlite here, PostgreSQL under test:pg.

const START = '2026-03-02T10:00:00.000Z';
const SECOND = 1_000;
const silentLog = { error: () => undefined, warn: () => undefined };

type Run = { job: string; key: string; dueAt: string; attempt: number; at: string; payload: unknown };

function recordingRunner(database: { db: DatabaseHandle['db'] }, clock: ManualClock, runs: Run[]) {
  const runner = createJobRunner({ db: database.db, clock, mode: 'manual', log: silentLog });
  const record =
    (job: string) => async (context: { key: string; dueAt: Date; attempt: number; payload: unknown }) => {
      runs.push({
        job,
        key: context.key,
        dueAt: context.dueAt.toISOString(),
        attempt: context.attempt,
        at: clock.now().toISOString(),
        payload: context.payload,
      });
    };
  return { runner, record };
}

const reminder = defineJob<{ withdrawalId: string }>({ name: 'test.reminder' });
const tick = defineJob({ name: 'test.tick', retry: { limit: 0, delaySeconds: 0, backoff: 'fixed' } });
const flaky = defineJob({
  name: 'test.flaky',
  retry: { limit: 2, delaySeconds: 10, backoff: 'exponential' },
});

describe('the jobs runner', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a delayed job once, at its time, and not before', async () => {
    const clock = new ManualClock(START);
    const runs: Run[] = [];
    const { runner, record } = recordingRunner(database, clock, runs);
    runner.register(reminder, record('reminder'));
    try {
      const runAt = new Date(clock.now().getTime() + 3_600 * SECOND);
      expect(await runner.enqueue(reminder, { withdrawalId: '7' }, { key: 'withdrawal:7', runAt })).toBe(
        true,
      );
      expect(await runner.runDue()).toBe(0);
      clock.advance(3_600 * SECOND - 1);
      expect(await runner.runDue()).toBe(0);
      clock.advance(1);
      expect(await runner.runDue()).toBe(1);
      expect(runs).toEqual([
        {
          job: 'reminder',
          key: 'withdrawal:7',
          dueAt: runAt.toISOString(),
          attempt: 0,
          at: runAt.toISOString(),
          payload: { withdrawalId: '7' },
        },
      ]);
      clock.advance(3_600 * SECOND);
      expect(await runner.runDue()).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('keeps one waiting run per key: enqueueing the same key again does nothing', async () => {
    const clock = new ManualClock(START);
    const runs: Run[] = [];
    const { runner, record } = recordingRunner(database, clock, runs);
    runner.register(reminder, record('reminder'));
    try {
      const runAt = new Date(clock.now().getTime() + 60 * SECOND);
      expect(await runner.enqueue(reminder, { withdrawalId: '8' }, { key: 'withdrawal:8', runAt })).toBe(
        true,
      );
      expect(await runner.enqueue(reminder, { withdrawalId: '8' }, { key: 'withdrawal:8', runAt })).toBe(
        false,
      );
      expect(await runner.enqueue(reminder, { withdrawalId: '9' }, { key: 'withdrawal:9', runAt })).toBe(
        true,
      );
      clock.advance(60 * SECOND);
      expect(await runner.runDue()).toBe(2);
      expect(runs.map((run) => run.key).sort()).toEqual(['withdrawal:8', 'withdrawal:9']);
      // Once it ran, the key is free again.
      expect(await runner.enqueue(reminder, { withdrawalId: '8' }, { key: 'withdrawal:8' })).toBe(true);
      expect(await runner.runDue()).toBe(1);
    } finally {
      await runner.stop();
    }
  });

  it('runs a one-second periodic job once per second, on a fixed grid; missed periods collapse into one run', async () => {
    const clock = new ManualClock(START);
    const runs: Run[] = [];
    const { runner, record } = recordingRunner(database, clock, runs);
    runner.register(tick, record('tick'));
    runner.every(tick, SECOND);
    try {
      expect(await runner.runDue()).toBe(0); // the first run is one period after the schedule starts
      for (let second = 1; second <= 3; second += 1) {
        clock.advance(SECOND);
        expect(await runner.runDue()).toBe(1);
        expect(await runner.runDue()).toBe(0);
      }
      clock.advance(10 * SECOND + 300);
      expect(await runner.runDue()).toBe(1);
      clock.advance(700);
      expect(await runner.runDue()).toBe(1);
      const start = Date.parse(START);
      expect(runs.map((run) => Date.parse(run.dueAt) - start)).toEqual(
        [1, 2, 3, 4, 14].map((s) => s * SECOND),
      );
      expect(runs.map((run) => Date.parse(run.at) - start)).toEqual(
        [1, 2, 3, 13.3, 14].map((s) => s * SECOND),
      );
    } finally {
      await runner.stop();
    }
  });

  it('retries a failing job with exponential backoff, then gives up after its limit', async () => {
    const clock = new ManualClock(START);
    const attempts: Array<{ attempt: number; at: number }> = [];
    const runner = createJobRunner({ db: database.db, clock, mode: 'manual', log: silentLog });
    runner.register(flaky, async ({ attempt }) => {
      attempts.push({ attempt, at: clock.now().getTime() });
      throw new Error('the bank is down');
    });
    try {
      await runner.enqueue(flaky, {}, { key: 'flaky' });
      for (let second = 0; second <= 120; second += 1) {
        await runner.runDue();
        clock.advance(SECOND);
      }
      expect(attempts.map((attempt) => attempt.attempt)).toEqual([0, 1, 2]);
      const [first, second, third] = attempts.map((attempt) => attempt.at);
      // Retry n waits between delay·2^(n-1) and delay·2^n seconds (pg-boss jitter), seen to the second.
      expect(second! - first!).toBeGreaterThanOrEqual(10 * SECOND);
      expect(second! - first!).toBeLessThanOrEqual(21 * SECOND);
      expect(third! - second!).toBeGreaterThanOrEqual(20 * SECOND);
      expect(third! - second!).toBeLessThanOrEqual(41 * SECOND);
    } finally {
      await runner.stop();
    }
  });

  it('a job that fails once and then succeeds is not run again', async () => {
    const clock = new ManualClock(START);
    const runner = createJobRunner({ db: database.db, clock, mode: 'manual', log: silentLog });
    const once = defineJob({ name: 'test.once', retry: { limit: 3, delaySeconds: 5, backoff: 'fixed' } });
    const attempts: number[] = [];
    runner.register(once, async ({ attempt }) => {
      attempts.push(attempt);
      if (attempt === 0) throw new Error('first attempt fails');
    });
    try {
      await runner.enqueue(once, {}, { key: 'once' });
      expect(await runner.runDue()).toBe(1);
      clock.advance(4 * SECOND);
      expect(await runner.runDue()).toBe(0); // fixed delay: not before 5 s
      clock.advance(SECOND);
      expect(await runner.runDue()).toBe(1);
      clock.advance(60 * SECOND);
      expect(await runner.runDue()).toBe(0);
      expect(attempts).toEqual([0, 1]);
    } finally {
      await runner.stop();
    }
  });

  it('stop() waits for the run in progress, then nothing more runs', async () => {
    const clock = new ManualClock(START);
    const runner = createJobRunner({
      db: database.db,
      clock,
      mode: 'background',
      log: silentLog,
      pollIntervalMs: 20,
    });
    const slow = defineJob({ name: 'test.slow' });
    let finish = () => undefined as void;
    const events: string[] = [];
    runner.register(slow, async () => {
      events.push('started');
      await new Promise<void>((resolve) => (finish = resolve));
      events.push('finished');
    });
    await runner.start();
    await runner.enqueue(slow, {}, { key: 'slow' });
    while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = runner.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(['started']);
    finish();
    await stopped;
    expect(events).toEqual(['started', 'finished', 'stopped']);
    await expect(runner.enqueue(slow, {}, { key: 'later' })).rejects.toThrow(/stopped/);
  });

  it('two nodes with one manual clock start at once, again and again, without tripping over each other', async () => {
    // Each start attaches the shared test clock, which drops and recreates its table: two at once on
    // PostgreSQL collided on that table's type (duplicate key in pg_type) before starts were queued.
    for (let round = 0; round < 12; round += 1) {
      const clock = new ManualClock(START);
      const nodes = [0, 1].map(() => recordingRunner(database, clock, []));
      for (const node of nodes) node.runner.register(reminder, node.record('reminder'));
      try {
        await Promise.all(nodes.map((node) => node.runner.runDue()));
      } finally {
        await Promise.all(nodes.map((node) => node.runner.stop()));
      }
    }
  });

  it('refuses to enqueue a job it has not registered, and to register after it opened', async () => {
    const clock = new ManualClock(START);
    const runner = createJobRunner({ db: database.db, clock, mode: 'manual', log: silentLog });
    try {
      await expect(runner.enqueue(reminder, { withdrawalId: '1' }, { key: 'x' })).rejects.toThrow(
        /not registered/,
      );
      runner.register(tick, async () => undefined);
      await runner.runDue();
      expect(() => runner.register(flaky, async () => undefined)).toThrow(/before the runner starts/);
    } finally {
      await runner.stop();
    }
  });
});

describe.runIf(!isPostgres)('on PGlite (no autovacuum)', () => {
  it('a background runner schedules the vacuum of its tables, and the vacuum runs', async () => {
    const database = await createTestDatabase();
    const runner = createJobRunner({
      db: database.db,
      clock: systemClock,
      mode: 'background',
      log: silentLog,
    });
    try {
      await runner.start();
      const waiting = await queryRows<{ name: string }>(
        database.db,
        sql`select name from pgboss.job where state = 'created' order by name`,
      );
      expect(waiting.map((row) => row.name)).toEqual(['jobs.vacuum']);
      await vacuumJobTables(database.db);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
});

describe('across a restart', () => {
  it('a job enqueued before the server stops runs after it starts again', async () => {
    const { open, cleanup } = await reopenableDatabase();
    const clock = new ManualClock(START);
    const runs: Run[] = [];
    try {
      const before = await open();
      const first = recordingRunner(before, clock, runs);
      first.runner.register(reminder, first.record('reminder'));
      const runAt = new Date(clock.now().getTime() + 10 * SECOND);
      await first.runner.enqueue(reminder, { withdrawalId: '42' }, { key: 'withdrawal:42', runAt });
      await first.runner.stop();
      await before.close();

      const after = await open();
      const second = recordingRunner(after, clock, runs);
      second.runner.register(reminder, second.record('reminder'));
      clock.advance(10 * SECOND);
      expect(await second.runner.runDue()).toBe(1);
      expect(runs.map((run) => [run.key, run.payload])).toEqual([['withdrawal:42', { withdrawalId: '42' }]]);
      await second.runner.stop();
      await after.close();
    } finally {
      await cleanup();
    }
  });
});

/** A database that can be closed and opened again: a PGlite data folder, or a PostgreSQL database. */
async function reopenableDatabase(): Promise<{
  open: () => Promise<DatabaseHandle>;
  cleanup: () => Promise<void>;
}> {
  if (isPostgres) {
    const owner = await createTestDatabase();
    return {
      open: () => openDatabase({ engine: 'postgres', url: owner.url!, poolSize: 4 }),
      cleanup: () => owner.close(),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'beurs-jobs-'));
  return {
    open: () => openDatabase({ engine: 'pglite', dataDir }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
