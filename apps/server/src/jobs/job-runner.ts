import type { Job, SendOptions } from 'pg-boss';
import type { Clock } from '../core/clock';
import type { Database } from '../db/database';
import { createJobStore, isEmbedded, vacuumJobTables, type JobStoreMode } from './job-store';
import { nextDueAt } from './periodic-schedule';

// The jobs runner: periodic and delayed jobs stored in the database (pg-boss), claimed by one node
// at a time (SELECT … FOR UPDATE SKIP LOCKED), retried with backoff, and surviving restarts. The
// same code runs on PGlite and PostgreSQL. See README.md in this folder.

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A job's payload: plain JSON (ids as strings, money as decimal strings; no bigint, no Date). */
export type JobPayload = { [key: string]: JsonValue };
type NoPayload = Record<string, never>;

export type RetryPolicy = {
  /** Attempts after the first; 0 = never retried. */
  limit: number;
  /** Whole seconds before the first retry. */
  delaySeconds: number;
  /** `exponential`: retry n waits between delay·2^(n-1) and delay·2^n seconds (jittered). */
  backoff: 'fixed' | 'exponential';
  /** With `exponential`: the longest wait. */
  delayMaxSeconds?: number;
};

export type JobDefinition<Payload extends JobPayload> = {
  /** Dotted, owner first: `ledger.seal`, `withdrawals.escalate`. Letters, digits, `.`, `-`, `_`. */
  readonly name: string;
  readonly retry: RetryPolicy;
  /** A run still going after this long counts as failed (its node is presumed dead) and is retried. */
  readonly timeoutSeconds: number;
  /** Type only: the payload this job carries. */
  readonly payload?: Payload;
};

const DEFAULT_RETRY: RetryPolicy = {
  limit: 5,
  delaySeconds: 10,
  backoff: 'exponential',
  delayMaxSeconds: 3_600,
};
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
const JOB_NAME = /^[a-z][\w.-]*$/;

/** Declares a job: a module-level constant that the registration and every enqueuer share. */
export function defineJob<Payload extends JobPayload = NoPayload>(definition: {
  name: string;
  retry?: RetryPolicy;
  timeoutSeconds?: number;
}): JobDefinition<Payload> {
  if (!JOB_NAME.test(definition.name)) throw new Error(`invalid job name: ${definition.name}`);
  const retry = definition.retry ?? DEFAULT_RETRY;
  if (!Number.isInteger(retry.limit) || !Number.isInteger(retry.delaySeconds)) {
    throw new Error(`job ${definition.name}: retry limit and delay are whole numbers`);
  }
  return {
    name: definition.name,
    retry,
    timeoutSeconds: definition.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
  };
}

export type JobContext<Payload extends JobPayload> = {
  payload: Payload;
  /** When this run was due, on the injected clock (a retry keeps its run's due time). */
  dueAt: Date;
  /** 0 on the first attempt, n on the n-th retry. */
  attempt: number;
  /** The de-duplication key the run was enqueued with (a periodic job's is its name). */
  key: string;
  clock: Clock;
};
export type JobHandler<Payload extends JobPayload> = (context: JobContext<Payload>) => Promise<void>;

export type EnqueueOptions = {
  /** At most one waiting run per job and key: enqueueing again while one waits does nothing. */
  key: string;
  /** When to run, on the injected clock; default now. */
  runAt?: Date;
};

/** What a service needs to schedule work for later. */
export type JobQueue = {
  /** True when queued; false when a run of this job with this key is already waiting. */
  enqueue<Payload extends JobPayload>(
    job: JobDefinition<Payload>,
    payload: Payload,
    options: EnqueueOptions,
  ): Promise<boolean>;
};

export type JobRunner = JobQueue & {
  /** Binds a job to its handler; before `start`. */
  register<Payload extends JobPayload>(job: JobDefinition<Payload>, handler: JobHandler<Payload>): void;
  /** Runs a registered job every `periodMs` (one run per period across all nodes); before `start`. */
  every(job: JobDefinition<NoPayload>, periodMs: number): void;
  /** Background mode: claims and runs due jobs every poll interval until `stop`. */
  start(): Promise<void>;
  /** Runs every due job now, one after another, until none is due; returns how many ran. */
  runDue(): Promise<number>;
  /** Stops polling, waits for the runs in progress, closes pg-boss. The database stays open. */
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  db: Database;
  clock: Clock;
  /** `background` (the server) or `manual` (tests: only `runDue` runs jobs, on the injected clock). */
  mode: JobStoreMode;
  /** Where failed runs are reported (the app's logger). */
  log: JobLog;
  /** Background mode: how often each job's queue is polled. */
  pollIntervalMs?: number;
};

export type JobLog = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

type StoredData = { payload: JobPayload; dueAt: string; key: string };
type Store = ReturnType<typeof createJobStore>;
type Registration = {
  job: JobDefinition<JobPayload>;
  handler: JobHandler<JobPayload>;
  periodMs: number | null;
};

const DEFAULT_POLL_INTERVAL_MS = 250;
/** Background mode: how often each node re-creates a periodic job's next run if it went missing. */
const PERIODIC_REPAIR_INTERVAL_MS = 30_000;
const PERIODIC_RUNS_KEPT_SECONDS = 600;
/** On PGlite (no autovacuum), the runner's own job: vacuum the job tables every ten minutes. */
const jobTablesVacuumJob = defineJob({
  name: 'jobs.vacuum',
  retry: { limit: 0, delaySeconds: 0, backoff: 'fixed' },
  timeoutSeconds: 300,
});
const VACUUM_PERIOD_MS = 10 * 60_000;
/** A runaway chain (a handler enqueueing itself due now) stops `runDue` instead of hanging a test. */
const RUN_DUE_LIMIT = 10_000;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { clock, mode, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const registrations = new Map<string, Registration>();
  let opening: Promise<Store> | null = null;
  let isStopping = false;
  let isPolling = false;
  let timer: NodeJS.Timeout | undefined;
  let lastRepairMs = 0;
  const draining = new Map<string, Promise<number>>();
  if (mode === 'background' && isEmbedded(options.db)) {
    registrations.set(jobTablesVacuumJob.name, {
      job: jobTablesVacuumJob,
      handler: () => vacuumJobTables(options.db),
      periodMs: VACUUM_PERIOD_MS,
    });
  }

  /** Starts pg-boss (installing or migrating its schema) and creates the queues, once. */
  function open(): Promise<Store> {
    if (isStopping) return Promise.reject(new Error('jobs: the runner is stopped'));
    opening ??= (async () => {
      const store = createJobStore(options.db, { mode, clock });
      const { boss } = store;
      boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
      boss.on('warning', (warning: unknown) => log.warn({ warning }, 'job queue warning'));
      await store.start();
      for (const { job } of registrations.values()) {
        // `stately`: per key at most one run waiting and one running, so a periodic job never
        // overlaps itself and a key de-duplicates delayed runs.
        if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, { policy: 'stately' });
      }
      return store;
    })();
    return opening;
  }

  function sendOptions(job: JobDefinition<JobPayload>, key: string, runAt: Date): SendOptions {
    const delaySeconds = (runAt.getTime() - clock.now().getTime()) / 1000;
    const isPeriodic = (registrations.get(job.name)?.periodMs ?? null) !== null;
    return {
      // A periodic job leaves a row per run: keep ten minutes of them, not pg-boss's default week.
      ...(isPeriodic ? { deleteAfterSeconds: PERIODIC_RUNS_KEPT_SECONDS } : {}),
      singletonKey: key,
      // Relative to the database's clock, so the injected clock's offset (CLOCK_START) never matters.
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff === 'exponential',
      ...(job.retry.backoff === 'exponential' && job.retry.delayMaxSeconds !== undefined
        ? { retryDelayMax: job.retry.delayMaxSeconds }
        : {}),
      expireInSeconds: job.timeoutSeconds,
    };
  }

  async function send(job: JobDefinition<JobPayload>, payload: JobPayload, key: string, runAt: Date) {
    const { boss, syncTime } = await open();
    await syncTime();
    const data: StoredData = { payload, dueAt: runAt.toISOString(), key };
    return (await boss.send(job.name, data, sendOptions(job, key, runAt))) !== null;
  }

  /**
   * Makes sure every periodic job has a run waiting (a no-op while one waits): the first run, or
   * the next after a node died between claiming a run and queueing its successor. Due one period
   * from now, never now: a run claimed elsewhere may be about to queue its own successor, and the
   * loser of that race must not add a second run to the current period.
   */
  async function repairPeriodic(): Promise<void> {
    for (const { job, periodMs } of registrations.values()) {
      if (periodMs !== null) await send(job, {}, job.name, new Date(clock.now().getTime() + periodMs));
    }
  }

  /** Claims and runs one due run of `registration`'s job; false when none was due. */
  async function runOne(registration: Registration): Promise<boolean> {
    const store = await open();
    await store.syncTime();
    const [claimed] = await store.boss.fetch<StoredData>(registration.job.name);
    if (!claimed) return false;
    await runClaimed(store, registration, claimed);
    return true;
  }

  async function runClaimed({ boss, syncTime }: Store, registration: Registration, claimed: Job<StoredData>) {
    const { job, handler, periodMs } = registration;
    const dueAt = new Date(claimed.data.dueAt);
    const attempt = { id: claimed.id, retryCount: claimed.retryCount };
    // A periodic job queues its next run before this one runs, so a failing or slow run never
    // breaks the chain; `stately` keeps the next from starting before this one ends.
    if (periodMs !== null && claimed.retryCount === 0) {
      await send(job, {}, job.name, nextDueAt(dueAt, periodMs, clock.now())).catch((err: unknown) =>
        log.error({ err, job: job.name }, 'could not queue the next periodic run; the repair will'),
      );
    }
    try {
      await handler({
        payload: claimed.data.payload,
        dueAt,
        attempt: claimed.retryCount,
        key: claimed.data.key,
        clock,
      });
    } catch (error) {
      log.error(
        {
          err: error,
          job: job.name,
          key: claimed.data.key,
          attempt: claimed.retryCount,
          retryLimit: job.retry.limit,
        },
        claimed.retryCount < job.retry.limit
          ? 'job failed; it will be retried'
          : 'job failed; no retries left',
      );
      await syncTime();
      await boss.fail(job.name, attempt, { message: error instanceof Error ? error.message : String(error) });
      return;
    }
    await syncTime();
    await boss.complete(job.name, attempt);
  }

  /** Runs due runs of one job until none is due (one drain per job at a time on this node). */
  function drain(registration: Registration): Promise<number> {
    const name = registration.job.name;
    const running = draining.get(name);
    if (running) return running;
    const run = (async () => {
      let count = 0;
      while (!isStopping && (await runOne(registration))) count += 1;
      return count;
    })().finally(() => draining.delete(name));
    draining.set(name, run);
    return run;
  }

  /** Jobs whose last poll failed (the database is away): reported once, not four times a second. */
  const failingPolls = new Set<string>();

  function poll() {
    if (isStopping) return;
    if (Date.now() - lastRepairMs >= PERIODIC_REPAIR_INTERVAL_MS) {
      lastRepairMs = Date.now();
      repairPeriodic().catch((err: unknown) => log.error({ err }, 'periodic job repair failed'));
    }
    for (const registration of registrations.values()) {
      const name = registration.job.name;
      if (draining.has(name)) continue;
      drain(registration).then(
        () => failingPolls.delete(name),
        (err: unknown) => {
          if (!failingPolls.has(name)) log.error({ err, job: name }, 'job poll failed; retrying every poll');
          failingPolls.add(name);
        },
      );
    }
    timer = setTimeout(poll, pollIntervalMs);
    timer.unref();
  }

  return {
    register(job, handler) {
      if (opening) throw new Error(`jobs: register ${job.name} before the runner starts`);
      if (registrations.has(job.name)) throw new Error(`jobs: ${job.name} is registered twice`);
      registrations.set(job.name, {
        job: job as JobDefinition<JobPayload>,
        handler: handler as JobHandler<JobPayload>,
        periodMs: null,
      });
    },

    every(job, periodMs) {
      const registration = registrations.get(job.name);
      if (!registration) throw new Error(`jobs: register ${job.name} before scheduling it`);
      if (opening) throw new Error(`jobs: schedule ${job.name} before the runner starts`);
      if (!Number.isInteger(periodMs) || periodMs <= 0)
        throw new Error(`jobs: invalid period ${periodMs} ms`);
      registration.periodMs = periodMs;
    },

    async enqueue(job, payload, enqueueOptions) {
      if (!registrations.has(job.name)) throw new Error(`jobs: ${job.name} is not registered`);
      return send(
        job as JobDefinition<JobPayload>,
        payload,
        enqueueOptions.key,
        enqueueOptions.runAt ?? clock.now(),
      );
    },

    async start() {
      if (mode !== 'background') throw new Error('jobs: a manual runner runs jobs only through runDue()');
      if (isPolling) return;
      await open();
      await repairPeriodic();
      lastRepairMs = Date.now();
      isPolling = true;
      poll();
    },

    async runDue() {
      await open();
      await repairPeriodic();
      let count = 0;
      for (;;) {
        let ranThisRound = 0;
        for (const registration of registrations.values()) ranThisRound += await drain(registration);
        count += ranThisRound;
        if (ranThisRound === 0 || isStopping) return count;
        if (count > RUN_DUE_LIMIT) throw new Error(`jobs: more than ${RUN_DUE_LIMIT} runs in one runDue()`);
      }
    },

    async stop() {
      isStopping = true;
      clearTimeout(timer);
      await Promise.allSettled([...draining.values()]);
      if (!opening) return;
      const store = await opening.catch(() => null);
      await store?.boss.stop({ graceful: true, close: true, timeout: 5_000 });
    },
  };
}
