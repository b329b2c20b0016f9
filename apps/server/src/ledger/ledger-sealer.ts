import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Clock } from '../core/clock';
import type { Database, Transaction } from '../db/database';
import { CURRENT_HASH_FORMAT, GENESIS_HASH, sealHash } from './ledger-hashing';
import * as journal from './ledger-journal.repository';
import { sealMessage, type LedgerSigner } from './ledger-signing';
import { queryRows } from './ledger.repository';

// The hash chain is written after commit, by one sealer at a time (ADR 0002): writers never wait
// for it. The server runs a pass every second as the `ledger.seal` job (src/jobs); each pass also
// takes a transaction-scoped advisory lock with pg_try_advisory_xact_lock, so a pass never overlaps
// another one and the chain stays one unbroken line. Only the server seals (ADR 0007): each seal is
// signed with the key from the configuration, and an entry older than the deadline is never sealed
// (`ledger:verify` reports it), so seals deleted by hand cannot be written again over edited entries.

const SEALER_LOCK_ID = 7_311_002;
const BATCH_SIZE = 500;
/** Seals signed between two turns of the event loop (about 2 ms of CPU). */
const YIELD_EVERY = 32;
/** How far below the newest sealed entry a normal pass looks for late commits. */
const STRAGGLER_LOOK_BACK = 1_000n;

export type SealReport = {
  sealedCount: number;
  /** True when another sealer held the lock, so this one sealed nothing. */
  isBusy: boolean;
};

/**
 * How the server seals: `signer` signs every seal (none: unsigned seals, for the ledger's own
 * tests); an entry created more than `deadlineMs` ago is left unsealed (null: no deadline).
 */
export type SealingSettings = { signer: LedgerSigner | null; deadlineMs: number | null };

export async function sealPending(
  db: Database,
  clock: Clock,
  settings: SealingSettings,
  options: { isFullScan?: boolean } = {},
): Promise<SealReport> {
  let sealedCount = 0;
  for (;;) {
    const batch = await db.transaction((tx) => sealBatch(tx, clock, settings, options.isFullScan ?? false));
    if (batch === null) return { sealedCount, isBusy: true };
    sealedCount += batch;
    if (batch < BATCH_SIZE) return { sealedCount, isBusy: false };
  }
}

/** Seals up to one batch; null when another sealer holds the lock. */
async function sealBatch(
  tx: Transaction,
  clock: Clock,
  settings: SealingSettings,
  isFullScan: boolean,
): Promise<number | null> {
  const lock = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${SEALER_LOCK_ID}) as locked`,
  );
  if (lock[0]?.locked !== true) return null;
  const lookBack = isFullScan ? null : STRAGGLER_LOOK_BACK;
  const createdAfter =
    settings.deadlineMs === null ? null : new Date(clock.now().getTime() - settings.deadlineMs);
  const entryIds = await journal.selectUnsealedEntryIds(tx, { limit: BATCH_SIZE, lookBack, createdAfter });
  if (entryIds.length === 0) return 0;
  const entries = await journal.selectEntries(tx, entryIds);
  const last = await journal.selectLastSeal(tx);
  let sequence = last?.sequence ?? 0n;
  let previousHash = last?.hash ?? GENESIS_HASH;
  const seals: journal.SealRow[] = [];
  for (const [index, entry] of entries.entries()) {
    // Hashing and signing a batch takes tens of milliseconds: let requests in between.
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
    sequence += 1n;
    const hash = sealHash(previousHash, entry, CURRENT_HASH_FORMAT);
    const signature = settings.signer?.sign(sealMessage(sequence, hash)) ?? null;
    seals.push({
      sequence,
      entryId: entry.id,
      previousHash,
      hash,
      hashFormat: CURRENT_HASH_FORMAT,
      signature,
    });
    previousHash = hash;
  }
  await journal.insertSeals(tx, seals, clock.now());
  return seals.length;
}
