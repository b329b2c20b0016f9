import { createHash } from 'node:crypto';

// Canonical encodings for the two hashes of the ledger: the request hash stored with an idempotency
// key, and the seal hash of the journal chain. Canonical means: object keys sorted, bigints as
// decimal strings, dates as ISO 8601 in UTC, so the same value always hashes the same.

type Canonical =
  null | boolean | number | string | bigint | Date | undefined | readonly Canonical[] | CanonicalObject;
type CanonicalObject = { readonly [key: string]: Canonical };

export function canonicalJson(value: Canonical): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item: Canonical) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as CanonicalObject;
    const fields = Object.keys(object)
      .filter((key) => object[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The hash stored with an idempotency key: the operation and its whole request, key excluded. */
export function requestHash(operation: string, request: CanonicalObject): string {
  return sha256Hex(canonicalJson({ operation, request }));
}

export type SealedEntry = {
  id: bigint;
  kind: string;
  memo: string;
  holdId: bigint | null;
  idempotencyKey: string | null;
  sourceType: string;
  sourceId: string;
  /** UTC, microseconds: `2026-11-21T13:45:00.123000Z` (formatted by SQL, identical on both engines). */
  createdAt: string;
  /** In posting id order. */
  postings: ReadonlyArray<{ accountId: bigint; asset: string; amountMinor: bigint }>;
};

/**
 * 1: the body without the entry's source (seals written before ADR 0004); 2: with it. The sealer
 * writes format 2; the verifier recomputes each seal in its own format.
 */
export type HashFormat = 1 | 2;
export const CURRENT_HASH_FORMAT: HashFormat = 2;

export const GENESIS_HASH = '0'.repeat(64);

/** hash_n = sha256(hash_{n−1} ‖ "\n" ‖ canonical(entry_n with its postings)). */
export function sealHash(previousHash: string, entry: SealedEntry, format: HashFormat): string {
  return sha256Hex(`${previousHash}\n${sealBody(entry, format)}`);
}

/** The canonical text of an entry that its seal hashes (what a receipt carries). */
export function sealBody(entry: SealedEntry, format: HashFormat): string {
  const postings = entry.postings.map((posting) => [posting.accountId, posting.asset, posting.amountMinor]);
  return canonicalJson({
    id: entry.id,
    kind: entry.kind,
    memo: entry.memo,
    holdId: entry.holdId,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt,
    postings,
    ...(format >= 2 && { source: [entry.sourceType, entry.sourceId] }),
  });
}
