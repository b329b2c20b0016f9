import { sql } from 'drizzle-orm';
import type { Clock } from '../core/clock';
import type { Database, Transaction } from '../db/database';
import { GENESIS_HASH, sealHash } from './ledger-hashing';
import * as journal from './ledger-journal.repository';
import { queryRows } from './ledger.repository';

// The hash chain is written after commit, by one sealer at a time (ADR 0002): writers never wait
// for it. Each pass takes a transaction-scoped advisory lock with pg_try_advisory_xact_lock, so on
// several API nodes only one seals and the others skip the pass.

const SEALER_LOCK_ID = 7_311_002;
const BATCH_SIZE = 500;
/** How far below the newest sealed entry a normal pass looks for late commits. */
const STRAGGLER_LOOK_BACK = 1_000n;
/** Every this many passes, the background sealer scans the whole journal for late commits. */
const FULL_SCAN_EVERY = 100;

export type SealReport = {
  sealedCount: number;
  /** True when another sealer held the lock, so this one sealed nothing. */
  isBusy: boolean;
};

export async function sealPending(
  db: Database,
  clock: Clock,
  options: { isFullScan?: boolean } = {},
): Promise<SealReport> {
  let sealedCount = 0;
  for (;;) {
    const batch = await db.transaction((tx) => sealBatch(tx, clock, options.isFullScan ?? false));
    if (batch === null) return { sealedCount, isBusy: true };
    sealedCount += batch;
    if (batch < BATCH_SIZE) return { sealedCount, isBusy: false };
  }
}

/** Seals up to one batch; null when another sealer holds the lock. */
async function sealBatch(tx: Transaction, clock: Clock, isFullScan: boolean): Promise<number | null> {
  const lock = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${SEALER_LOCK_ID}) as locked`,
  );
  if (lock[0]?.locked !== true) return null;
  const lookBack = isFullScan ? null : STRAGGLER_LOOK_BACK;
  const entryIds = await journal.selectUnsealedEntryIds(tx, { limit: BATCH_SIZE, lookBack });
  if (entryIds.length === 0) return 0;
  const entries = await journal.selectEntries(tx, entryIds);
  const last = await journal.selectLastSeal(tx);
  let sequence = last?.sequence ?? 0n;
  let previousHash = last?.hash ?? GENESIS_HASH;
  const seals: journal.SealRow[] = [];
  for (const entry of entries) {
    sequence += 1n;
    const hash = sealHash(previousHash, entry);
    seals.push({ sequence, entryId: entry.id, previousHash, hash });
    previousHash = hash;
  }
  await journal.insertSeals(tx, seals, clock.now());
  return seals.length;
}

export type LedgerSealer = { stop(): Promise<void> };

/**
 * Runs the sealer in the background every `intervalMs` until stopped. A failed pass is reported
 * and retried at the next tick; it never stops the server.
 */
export function startLedgerSealer(
  db: Database,
  clock: Clock,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): LedgerSealer {
  const intervalMs = options.intervalMs ?? 1_000;
  let passCount = 0;
  let isStopped = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    passCount += 1;
    const isFullScan = passCount % FULL_SCAN_EVERY === 0;
    current = sealPending(db, clock, { isFullScan })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        if (!isStopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return {
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
