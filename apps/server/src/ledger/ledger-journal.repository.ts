import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import type { HashFormat, SealedEntry } from './ledger-hashing';
import { queryRows } from './ledger.repository';

// Reads of the journal for the sealer and the verifier, and the one write of the sealer.

type Row = Record<string, unknown>;

const CREATED_AT_UTC = sql.raw(`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

export type LastSeal = { sequence: bigint; hash: string };

export async function selectLastSeal(executor: Executor): Promise<LastSeal | null> {
  const rows = await queryRows<Row>(
    executor,
    sql`select seal.sequence::text, seal.hash from ledger_seals seal order by seal.sequence desc limit 1`,
  );
  const row = rows[0];
  return row ? { sequence: BigInt(String(row.sequence)), hash: String(row.hash) } : null;
}

/**
 * Ids of committed entries without a seal, oldest first. A transaction that took its entry id
 * early may commit after later ids were sealed (a straggler); the sealer looks back `lookBack` ids
 * below the newest sealed entry for those, and a full scan (`lookBack` null) finds any.
 */
export async function selectUnsealedEntryIds(
  executor: Executor,
  options: { limit: number; lookBack: bigint | null; createdAfter?: Date | null },
): Promise<bigint[]> {
  const fresh = options.createdAfter
    ? sql`and entry.created_at >= ${options.createdAfter.toISOString()}::timestamptz`
    : sql``;
  const floor =
    options.lookBack === null
      ? sql`0`
      : sql`(select coalesce(max(entry_id), 0) from ledger_seals) - ${options.lookBack.toString()}::bigint`;
  const rows = await queryRows<Row>(
    executor,
    sql`select entry.id::text from ledger_entries entry
      where entry.id > ${floor}
        and not exists (select 1 from ledger_seals seal where seal.entry_id = entry.id) ${fresh}
      order by entry.id limit ${options.limit}`,
  );
  return rows.map((row) => BigInt(String(row.id)));
}

/** Entries with their postings (in posting id order), in the order of `entryIds`. */
export async function selectEntries(executor: Executor, entryIds: readonly bigint[]): Promise<SealedEntry[]> {
  if (entryIds.length === 0) return [];
  const ids = sql.join(
    entryIds.map((id) => sql`${id.toString()}::bigint`),
    sql`, `,
  );
  const entryRows = await queryRows<Row>(
    executor,
    sql`select id::text, kind, memo, hold_id::text, idempotency_key, source_type, source_id, ${CREATED_AT_UTC} as created_at
      from ledger_entries where id in (${ids})`,
  );
  const postingRows = await queryRows<Row>(
    executor,
    sql`select entry_id::text, account_id::text, asset, amount_minor::text
      from ledger_postings where entry_id in (${ids}) order by id`,
  );
  const entries = new Map<string, SealedEntry & { postings: SealedEntry['postings'][number][] }>();
  for (const row of entryRows) {
    entries.set(String(row.id), {
      id: BigInt(String(row.id)),
      kind: String(row.kind),
      memo: String(row.memo),
      holdId: row.hold_id === null ? null : BigInt(String(row.hold_id)),
      idempotencyKey: row.idempotency_key === null ? null : String(row.idempotency_key),
      sourceType: String(row.source_type),
      sourceId: String(row.source_id),
      createdAt: String(row.created_at),
      postings: [],
    });
  }
  for (const row of postingRows) {
    entries.get(String(row.entry_id))?.postings.push({
      accountId: BigInt(String(row.account_id)),
      asset: String(row.asset),
      amountMinor: BigInt(String(row.amount_minor)),
    });
  }
  return entryIds.flatMap((id) => entries.get(id.toString()) ?? []);
}

export type SealRow = {
  sequence: bigint;
  entryId: bigint;
  previousHash: string;
  hash: string;
  hashFormat: HashFormat;
  /** Ed25519 over `sealMessage(sequence, hash)`, base64url; null on seals from before ADR 0007. */
  signature: string | null;
};

export async function insertSeals(
  executor: Executor,
  seals: readonly SealRow[],
  sealedAt: Date,
): Promise<void> {
  if (seals.length === 0) return;
  const values = seals.map(
    (seal) =>
      sql`(${seal.sequence.toString()}::bigint, ${seal.entryId.toString()}::bigint, ${seal.previousHash}, ${seal.hash}, ${seal.hashFormat}::smallint, ${seal.signature}, ${sealedAt.toISOString()}::timestamptz)`,
  );
  await executor.execute(sql`insert into ledger_seals (sequence, entry_id, previous_hash, hash, hash_format, signature, sealed_at)
    values ${sql.join(values, sql`, `)}`);
}

/** Seals in sequence order after `afterSequence`, for the verifier's walk along the chain. */
export async function selectSeals(
  executor: Executor,
  afterSequence: bigint,
  limit: number,
): Promise<SealRow[]> {
  const rows = await queryRows<Row>(
    executor,
    sql`select seal.sequence::text, seal.entry_id::text, seal.previous_hash, seal.hash, seal.hash_format, seal.signature from ledger_seals seal
      where seal.sequence > ${afterSequence.toString()}::bigint order by seal.sequence limit ${limit}`,
  );
  return rows.map((row) => ({
    sequence: BigInt(String(row.sequence)),
    entryId: BigInt(String(row.entry_id)),
    previousHash: String(row.previous_hash),
    hash: String(row.hash),
    hashFormat: Number(row.hash_format) as HashFormat,
    signature: row.signature === null ? null : String(row.signature),
  }));
}
