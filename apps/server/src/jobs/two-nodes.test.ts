import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../core/clock';
import { houseAccount } from '../ledger/ledger-accounts';
import { queryRows } from '../ledger/ledger.repository';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { createJobRunner, defineJob, type JobRunner } from './job-runner';
import { testSource } from '../ledger/ledger-test-support';

// Two API nodes on one database (PostgreSQL under test:pg: two pools racing for each run; PGlite
// under npm test: two runners on one embedded database). Each periodic run and each delayed run
// happens once, on one of them, whichever claims it.

const SECOND = 1_000;
const heartbeat = defineJob({
  name: 'test.heartbeat',
  retry: { limit: 0, delaySeconds: 0, backoff: 'fixed' },
});
const settle = defineJob<{ orderId: string }>({ name: 'test.settle' });
const flaky = defineJob({ name: 'test.flaky', retry: { limit: 3, delaySeconds: 1, backoff: 'fixed' } });

type Run = { node: string; job: string; key: string; dueAt: number; attempt: number };

function registerRecorders(
  runner: JobRunner,
  node: string,
  runs: Run[],
  options: { isFlakyFailing: () => boolean },
) {
  const record = (job: string) => async (context: { key: string; dueAt: Date; attempt: number }) => {
    runs.push({ node, job, key: context.key, dueAt: context.dueAt.getTime(), attempt: context.attempt });
  };
  runner.register(heartbeat, record('heartbeat'));
  runner.every(heartbeat, SECOND);
  runner.register(settle, record('settle'));
  runner.register(flaky, async (context) => {
    await record('flaky')(context);
    if (options.isFlakyFailing()) throw new Error('downstream refused');
  });
}

describe('two app instances on one database, jobs driven by one manual clock', () => {
  let first: TestApp;
  let second: TestApp;
  const runs: Run[] = [];
  beforeAll(async () => {
    first = await buildTestApp();
    second = await buildTestApp({ sharedDatabase: first.database, clock: first.clock });
    registerRecorders(first.app.jobs, 'first', runs, { isFlakyFailing: () => true });
    registerRecorders(second.app.jobs, 'second', runs, { isFlakyFailing: () => true });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const bothRunDue = () => Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()]);

  it('a periodic job runs once per second across both nodes, and a delayed job once at its time', async () => {
    const start = first.clock.now().getTime();
    await bothRunDue(); // schedules the first heartbeat one second out
    // Both nodes enqueue the same settlement; one waiting run per key.
    const runAt = new Date(start + 5 * SECOND);
    const queued = await Promise.all([
      first.app.jobs.enqueue(settle, { orderId: '1' }, { key: 'order:1', runAt }),
      second.app.jobs.enqueue(settle, { orderId: '1' }, { key: 'order:1', runAt }),
    ]);
    expect(queued.filter(Boolean)).toHaveLength(1);
    for (let second_ = 1; second_ <= 8; second_ += 1) {
      first.clock.advance(SECOND);
      await bothRunDue();
    }
    const heartbeats = runs
      .filter((run) => run.job === 'heartbeat')
      .map((run) => (run.dueAt - start) / SECOND);
    expect(heartbeats).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const settlements = runs.filter((run) => run.job === 'settle');
    expect(settlements.map((run) => [run.key, run.dueAt - start])).toEqual([['order:1', 5 * SECOND]]);
  });

  it('a failing job is retried (by either node), once per retry, until its limit', async () => {
    await first.app.jobs.enqueue(flaky, {}, { key: 'flaky' });
    for (let step = 0; step < 10; step += 1) {
      await bothRunDue();
      first.clock.advance(SECOND);
    }
    expect(runs.filter((run) => run.job === 'flaky').map((run) => run.attempt)).toEqual([0, 1, 2, 3]);
  });

  it('seals the ledger through the ledger.seal job', async () => {
    const before = await sealedCount(first);
    await first.app.services.ledger.transfer(first.app.db, {
      source: testSource(),
      idempotencyKey: 'two-nodes-seal',
      kind: 'correction',
      memo: 'sealed by the job',
      postings: [
        { account: houseAccount('bank_cash', 'EUR'), amountMinor: -1_00n },
        { account: houseAccount('corrections', 'EUR'), amountMinor: 1_00n },
      ],
    });
    expect(await sealedCount(first)).toBe(before);
    first.clock.advance(SECOND);
    await bothRunDue();
    expect(await sealedCount(first)).toBe(before + 1);
  });
});

async function sealedCount(testApp: TestApp): Promise<number> {
  const rows = await queryRows<{ count: string }>(
    testApp.app.db,
    sql`select count(*)::text as count from ledger_seals`,
  );
  return Number(rows[0]?.count ?? '0');
}

describe('two runners polling in real time on one database', () => {
  let database: TestDatabase;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await database.close();
  });

  it('the one-second job runs once a second, a delayed job once, a failing job retries a second later', async () => {
    const runs: Run[] = [];
    let flakyFailures = 0;
    for (const node of ['first', 'second']) {
      const runner = createJobRunner({
        db: database.db,
        clock: systemClock,
        mode: 'background',
        log: { error: () => undefined, warn: () => undefined },
        pollIntervalMs: 100,
      });
      registerRecorders(runner, node, runs, { isFlakyFailing: () => flakyFailures++ === 0 });
      runners.push(runner);
    }
    await Promise.all(runners.map((runner) => runner.start()));
    const startedAt = Date.now();
    const runAt = new Date(startedAt + 1_500);
    await Promise.all(
      runners.map((runner) => runner.enqueue(settle, { orderId: '2' }, { key: 'order:2', runAt })),
    );
    await runners[0]!.enqueue(flaky, {}, { key: 'flaky' });
    await new Promise((resolve) => setTimeout(resolve, 4_300));
    await Promise.all(runners.map((runner) => runner.stop()));

    const heartbeats = runs.filter((run) => run.job === 'heartbeat').map((run) => run.dueAt);
    expect(heartbeats.length).toBeGreaterThanOrEqual(3);
    expect(heartbeats.length).toBeLessThanOrEqual(5);
    expect(new Set(heartbeats).size).toBe(heartbeats.length);
    for (let index = 1; index < heartbeats.length; index += 1) {
      expect(heartbeats[index]! - heartbeats[index - 1]!).toBe(SECOND);
    }
    expect(runs.filter((run) => run.job === 'settle').map((run) => run.dueAt)).toEqual([runAt.getTime()]);
    expect(runs.filter((run) => run.job === 'flaky').map((run) => run.attempt)).toEqual([0, 1]);
  });
});
