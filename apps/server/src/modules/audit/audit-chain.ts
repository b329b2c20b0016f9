import type { Database, Executor } from '../../db/database';
import { canonicalJson, GENESIS_HASH, sha256Hex } from '../../ledger/ledger-hashing';
import * as repository from './audit.repository';
import type { ChainedAuditRow } from './audit.repository';

// The audit log's hash chain (ADR 0006). Unlike the journal's (sealed after commit by a job, ADR
// 0002), each audit row is sealed in its own transaction, under the row lock of the chain head:
// audit writes are few (staff actions, sign-ins), and a sealer that sealed whatever it found would
// also seal a row someone inserted by hand. So every committed row has its seal, and one without
// is a breach.

type CanonicalInput = Parameters<typeof canonicalJson>[0];

/** hash_n = sha256(hash_{n−1} ‖ "\n" ‖ canonical JSON of audit row n). */
export function auditSealHash(previousHash: string, row: ChainedAuditRow): string {
  const body = canonicalJson({
    id: row.id,
    staffId: row.staffId,
    userId: row.userId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before as CanonicalInput,
    after: row.after as CanonicalInput,
    createdAt: row.createdAt,
  });
  return sha256Hex(`${previousHash}\n${body}`);
}

const LEGACY_BATCH = 500;

/**
 * Seals the given rows after the locked head, in order, and moves the head. The caller holds the
 * head's lock (`repository.lockChainHead`) in this transaction.
 */
async function appendSeals(
  tx: Executor,
  head: repository.ChainHead,
  ids: readonly bigint[],
  sealedAt: Date,
): Promise<repository.ChainHead> {
  const rows = await repository.selectChainedRows(tx, ids);
  let { sequence, hash } = head;
  const seals: repository.AuditSealRow[] = [];
  for (const row of rows) {
    sequence += 1n;
    const next = auditSealHash(hash, row);
    seals.push({ sequence, auditId: row.id, previousHash: hash, hash: next });
    hash = next;
  }
  await repository.insertSeals(tx, seals, sealedAt);
  return { ...head, sequence, hash };
}

/**
 * Inserts one audit row and its seal, in one transaction (a savepoint inside the caller's): the
 * head is locked first, so writers take turns and the chain stays one line. The first write after
 * migration 0020 seals the rows written before it first, in id order.
 */
export async function insertChained(
  executor: Executor,
  values: Parameters<typeof repository.insertAuditRow>[1],
  now: Date,
): Promise<void> {
  await executor.transaction(async (tx) => {
    let head = await repository.lockChainHead(tx);
    if (!head.isLegacySealed) {
      for (;;) {
        const ids = await repository.selectUnsealedIds(tx, {
          untilId: head.legacyUntilId,
          limit: LEGACY_BATCH,
        });
        if (ids.length === 0) break;
        head = await appendSeals(tx, head, ids, now);
      }
      head = { ...head, isLegacySealed: true };
    }
    const id = await repository.insertAuditRow(tx, values);
    head = await appendSeals(tx, head, [id], now);
    await repository.moveChainHead(tx, head);
  });
}

export type AuditBreach = { check: string; detail: string };

export type AuditVerification = {
  isOk: boolean;
  breaches: AuditBreach[];
  rowCount: bigint;
  sealedCount: bigint;
  /** Rows from before the chain (migration 0020) that no audit write has sealed yet. Not a breach. */
  legacyPendingCount: bigint;
  head: { sequence: bigint; hash: string } | null;
};

const CHAIN_BATCH = 1_000;
const BREACHES_PER_CHECK = 20;

/**
 * Checks the audit chain in one repeatable-read snapshot (never seals anything): every seal links
 * to the one before and still matches its row; every row has a seal; the chain ends where the head
 * says. The head lives in the same database, so someone who removes the newest rows and moves the
 * head back too is caught only against a head noted elsewhere before (`knownHead`: the chain must
 * still hold that hash at that sequence). Used by `npm run audit:verify`.
 */
export async function verifyAuditLog(
  db: Database,
  options: { knownHead?: { sequence: bigint; hash: string } } = {},
): Promise<AuditVerification> {
  const { knownHead } = options;
  return db.transaction(
    async (tx) => {
      const breaches: AuditBreach[] = [];
      const counters = new Map<string, number>();
      const report = (check: string, detail: string) => {
        const seen = counters.get(check) ?? 0;
        counters.set(check, seen + 1);
        if (seen < BREACHES_PER_CHECK) breaches.push({ check, detail });
      };

      let expectedPrevious = GENESIS_HASH;
      let expectedSequence = 1n;
      let lastSequence = 0n;
      for (;;) {
        const seals = await repository.selectSeals(tx, lastSequence, CHAIN_BATCH);
        if (seals.length === 0) break;
        const rows = await repository.selectChainedRows(
          tx,
          seals.map((seal) => seal.auditId),
        );
        const rowById = new Map(rows.map((row) => [row.id, row]));
        for (const seal of seals) {
          const row = rowById.get(seal.auditId);
          if (seal.sequence !== expectedSequence)
            report('hash chain', `seal ${seal.sequence} found where ${expectedSequence} was due`);
          if (seal.previousHash !== expectedPrevious)
            report('hash chain', `seal ${seal.sequence} does not link to seal ${seal.sequence - 1n}`);
          if (!row)
            report('hash chain', `seal ${seal.sequence} covers audit row ${seal.auditId}, which is gone`);
          else if (auditSealHash(seal.previousHash, row) !== seal.hash)
            report(
              'hash chain',
              `audit row ${seal.auditId} (seal ${seal.sequence}) changed after it was sealed`,
            );
          if (knownHead && seal.sequence === knownHead.sequence && seal.hash !== knownHead.hash)
            report('known head', `seal ${seal.sequence} is not the head noted before (${knownHead.hash})`);
          expectedPrevious = seal.hash;
          expectedSequence = seal.sequence + 1n;
          lastSequence = seal.sequence;
        }
      }
      if (knownHead && lastSequence < knownHead.sequence)
        report(
          'known head',
          `the chain ends at seal ${lastSequence}, before the head noted at seal ${knownHead.sequence}`,
        );

      const head = await repository.selectChainHead(tx);
      if (!head) report('chain head', 'audit_chain_head has no row');
      else if (head.sequence !== lastSequence || (head.sequence > 0n && head.hash !== expectedPrevious)) {
        report(
          'chain head',
          `the chain ends at seal ${lastSequence}, the head records seal ${head.sequence}` +
            (head.sequence > lastSequence ? ' (the newest rows were removed)' : ''),
        );
      }

      let legacyPendingCount = 0n;
      for (let after = 0n; ;) {
        const ids = await repository.selectUnsealedIds(tx, { limit: CHAIN_BATCH, afterId: after });
        if (ids.length === 0) break;
        for (const id of ids) {
          if (head && !head.isLegacySealed && id <= head.legacyUntilId) legacyPendingCount += 1n;
          else report('unsealed row', `audit row ${id} has no seal (not written by the audit service)`);
        }
        after = ids[ids.length - 1] ?? after;
      }

      return {
        isOk: breaches.length === 0,
        breaches,
        rowCount: await repository.countAuditRows(tx),
        sealedCount: lastSequence,
        legacyPendingCount,
        head: head && { sequence: head.sequence, hash: head.hash },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
