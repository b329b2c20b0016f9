import { DomainError } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Clock } from '../core/clock';
import type { Executor, Transaction } from '../db/database';
import { requestHash } from './ledger-hashing';
import * as repository from './ledger.repository';
import type { StoredKey } from './ledger.repository';

// Idempotency keys (ADR 0002): the same key with the same request replays the first result; the
// same key with another request is refused with IDEMPOTENCY_KEY_REUSED. Transfers record their key
// inside their one statement; holds claim the key first, inside their transaction.

export type Idempotency = { key: string; operation: string; requestHash: string };

export function idempotencyOf(
  key: string,
  operation: string,
  request: Parameters<typeof requestHash>[1],
): Idempotency {
  if (typeof key !== 'string' || key.length === 0)
    throw new Error('ledger: every money-moving call needs an idempotency key');
  return { key, operation, requestHash: requestHash(operation, request) };
}

/** The stored result when the hash matches; IDEMPOTENCY_KEY_REUSED when it does not. */
export function replayedEntry(
  stored: StoredKey,
  idempotency: Idempotency,
): { entryId: bigint; isReplay: true } {
  if (stored.requestHash !== idempotency.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  if (stored.entryId === null)
    throw new Error(`ledger: idempotency key ${idempotency.key} stored without its entry`);
  return { entryId: stored.entryId, isReplay: true };
}

export async function readStoredKey(executor: Executor, key: string): Promise<StoredKey | null> {
  const rows = await repository.queryRows<{
    request_hash: string;
    entry_id: string | null;
    hold_id: string | null;
  }>(
    executor,
    sql`select request_hash, entry_id::text, hold_id::text from ledger_idempotency_keys where key = ${key}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    requestHash: row.request_hash,
    entryId: row.entry_id === null ? null : BigInt(row.entry_id),
    holdId: row.hold_id === null ? null : BigInt(row.hold_id),
  };
}

/**
 * Runs one keyed statement so that a unique violation on the key cannot abort the caller's
 * transaction: inside a transaction it gets a savepoint; outside, the statement is its own.
 */
export function runIsolated<T>(
  executor: Executor,
  isKeyed: boolean,
  work: (target: Executor) => Promise<T>,
): Promise<T> {
  return isKeyed && executor instanceof PgTransaction ? executor.transaction(work) : work(executor);
}

/**
 * Claims the key in this transaction before the work (holds): a concurrent call with the same key
 * waits for this one to commit, then replays it.
 */
export async function claimFirst<T>(
  tx: Transaction,
  clock: Clock,
  idempotency: Idempotency,
  replay: (stored: StoredKey) => T,
  work: () => Promise<T>,
): Promise<T> {
  const stored = await repository.claimIdempotencyKey(tx, { ...idempotency, createdAt: clock.now() });
  if (stored === null) return work();
  if (stored.requestHash !== idempotency.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return replay(stored);
}
