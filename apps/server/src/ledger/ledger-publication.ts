import { sql } from 'drizzle-orm';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../db/database';
import { GENESIS_HASH, sealBody, type HashFormat } from './ledger-hashing';
import { inclusionProof, merkleRoot } from './ledger-merkle';
import * as journal from './ledger-journal.repository';
import { headMessage, type LedgerSigner } from './ledger-signing';
import { queryRows } from './ledger.repository';

// What the journal publishes (ADR 0007): its head (newest seal: sequence, hash, time, signature),
// signed heads over the Merkle root of every seal (the daily checkpoint file, and the head of each
// receipt), and receipts that let anyone check one entry against a signed head.

type Row = Record<string, unknown>;

export type PublishedHead = {
  sequence: string;
  hash: string;
  /** When the newest seal was written; null before the first. */
  sealedAt: string | null;
  /** The newest seal's signature (`sealMessage`); null before the first or on an unsigned seal. */
  signature: string | null;
};

export type SignedHead = {
  format: 'beurs-ledger-head-v1';
  sequence: string;
  hash: string;
  /** RFC 9162 Merkle root over the hashes of seals 1…sequence. */
  merkleRoot: string;
  /** When it was signed (ISO 8601, UTC). */
  time: string;
  publicKey: string;
  /** Ed25519 over `headMessage`, base64url. */
  signature: string;
};

export type LedgerReceipt = {
  format: 'beurs-ledger-receipt-v1';
  entryId: string;
  /** The canonical text the seal hashes (the entry, its postings and source). */
  body: string;
  seal: {
    sequence: string;
    previousHash: string;
    hash: string;
    hashFormat: HashFormat;
    signature: string | null;
  };
  /** The seal's leaf index (sequence − 1) and audit path in the head's tree. */
  leafIndex: number;
  proof: string[];
  head: SignedHead;
};

export async function selectHead(executor: Executor): Promise<PublishedHead> {
  const rows = await queryRows<Row>(
    executor,
    sql`select seal.sequence::text, seal.hash, seal.signature,
        to_char(seal.sealed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sealed_at
      from ledger_seals seal order by seal.sequence desc limit 1`,
  );
  const row = rows[0];
  if (!row) return { sequence: '0', hash: GENESIS_HASH, sealedAt: null, signature: null };
  return {
    sequence: String(row.sequence),
    hash: String(row.hash),
    sealedAt: String(row.sealed_at),
    signature: row.signature === null ? null : String(row.signature),
  };
}

/** Seal hashes 1…`upTo` in sequence order (the Merkle leaves). */
export async function selectSealHashes(executor: Executor, upTo: bigint): Promise<string[]> {
  const rows = await queryRows<Row>(
    executor,
    sql`select hash from ledger_seals where sequence <= ${upTo.toString()}::bigint order by sequence`,
  );
  return rows.map((row) => String(row.hash));
}

export function signHead(
  signer: LedgerSigner,
  head: { sequence: string; hash: string; merkleRoot: string },
  now: Date,
): SignedHead {
  const unsigned = { ...head, time: now.toISOString() };
  return {
    format: 'beurs-ledger-head-v1',
    ...unsigned,
    publicKey: signer.publicKeyText,
    signature: signer.sign(headMessage(unsigned)),
  };
}

export async function signedHead(executor: Executor, signer: LedgerSigner, now: Date): Promise<SignedHead> {
  const head = await selectHead(executor);
  const hashes = await selectSealHashes(executor, BigInt(head.sequence));
  return signHead(signer, { sequence: head.sequence, hash: head.hash, merkleRoot: merkleRoot(hashes) }, now);
}

/**
 * A receipt for an entry that touched one of the user's accounts, against a head signed now; null
 * when the entry is not the user's or not sealed yet.
 */
export async function receipt(
  executor: Executor,
  signer: LedgerSigner,
  now: Date,
  userId: bigint,
  entryId: bigint,
): Promise<LedgerReceipt | null> {
  const rows = await queryRows<Row>(
    executor,
    sql`select seal.sequence::text, seal.previous_hash, seal.hash, seal.hash_format, seal.signature
      from ledger_seals seal
      where seal.entry_id = ${entryId.toString()}::bigint
        and exists (select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
          where posting.entry_id = seal.entry_id and account.owner_user_id = ${userId.toString()}::bigint)`,
  );
  const row = rows[0];
  if (!row) return null;
  const [entry] = await journal.selectEntries(executor, [entryId]);
  if (!entry) return null;
  const head = await selectHead(executor);
  const hashes = await selectSealHashes(executor, BigInt(head.sequence));
  const sequence = BigInt(String(row.sequence));
  const leafIndex = Number(sequence - 1n);
  const hashFormat = Number(row.hash_format) as HashFormat;
  return {
    format: 'beurs-ledger-receipt-v1',
    entryId: entryId.toString(),
    body: sealBody(entry, hashFormat),
    seal: {
      sequence: sequence.toString(),
      previousHash: String(row.previous_hash),
      hash: String(row.hash),
      hashFormat,
      signature: row.signature === null ? null : String(row.signature),
    },
    leafIndex,
    proof: inclusionProof(leafIndex, hashes),
    head: signHead(signer, { sequence: head.sequence, hash: head.hash, merkleRoot: merkleRoot(hashes) }, now),
  };
}

/**
 * Writes a signed head to `directory` as ledger-head-<date>-<sequence>.json (written to a
 * temporary name, then renamed, so a reader never sees half a file). Returns the file's path.
 */
export function writeCheckpointFile(directory: string, head: SignedHead): string {
  mkdirSync(directory, { recursive: true });
  const name = `ledger-head-${head.time.slice(0, 10)}-${head.sequence}.json`;
  const path = join(directory, name);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(head, null, 2)}\n`, { mode: 0o644 });
  renameSync(temporary, path);
  return path;
}
