import { DomainError } from '@beurs/contract';
import { createHash } from 'node:crypto';
import { isPgError } from '../../db/database';

// Idempotency for the user's money-moving calls: the client's key is stored with the record and a
// SHA-256 of the request; the same key and request answers the first record, another request with
// the same key is IDEMPOTENCY_KEY_REUSED.

const KEY_PATTERN = /^[\w.:-]{8,100}$/;

export function requireIdempotencyKey(key: string | undefined): string {
  if (!key || !KEY_PATTERN.test(key)) {
    throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', { header: 'idempotency-key' });
  }
  return key;
}

export function requestHash(request: Record<string, string | bigint>): string {
  const canonical = Object.keys(request)
    .sort()
    .map((key) => `${key}=${String(request[key])}`)
    .join('&');
  return createHash('sha256').update(canonical).digest('hex');
}

/** The stored record when the key was used for this very request; refuses another request. */
export function replayOrRefuse<T extends { requestHash: string }>(
  stored: T | undefined,
  hash: string,
): T | null {
  if (!stored) return null;
  if (stored.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return stored;
}

/**
 * Runs a money-moving write (its own transaction) once per idempotency key. When a unique index
 * refuses it (a concurrent twin with the same key committed first, or the one-pending index caught
 * what the lock should have), answers the twin's stored record for the same request, or refuses
 * with `onConflict` when the key found nothing.
 */
export async function writeOnce<T extends { requestHash: string }>(options: {
  hash: string;
  write: () => Promise<T>;
  findByKey: () => Promise<T | undefined>;
  onConflict?: () => DomainError;
}): Promise<T> {
  try {
    return await options.write();
  } catch (error) {
    if (!isPgError(error, '23505')) throw error;
    const stored = replayOrRefuse(await options.findByKey(), options.hash);
    if (stored) return stored;
    throw options.onConflict?.() ?? error;
  }
}
