import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { auditLog, auditSeals } from './audit.tables';

export type AuditFilter = {
  targetType?: string;
  targetId?: string;
  staffId?: bigint;
  action?: string;
  userId?: bigint;
  /** Rows about this user: on the account, on the items in `targets`, or by the user. */
  about?: { userId: bigint; targets: ReadonlyArray<{ targetType: string; ids: SQLWrapper }> };
  from?: Date;
  to?: Date;
};

export async function listAuditEntries(
  db: Executor,
  filter: AuditFilter & { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.userId !== undefined) conditions.push(eq(auditLog.userId, filter.userId));
  if (filter.about) {
    const { userId, targets } = filter.about;
    const about = or(
      and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId.toString())),
      eq(auditLog.userId, userId),
      ...targets.map((target) =>
        and(eq(auditLog.targetType, target.targetType), inArray(auditLog.targetId, target.ids)),
      ),
    );
    if (about) conditions.push(about);
  }
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

// The hash chain (ADR 0006). Numbers cross the driver boundary as text, jsonb as its text (parsed
// here, so both drivers give the same values), the time formatted by SQL to the microsecond.

type Row = Record<string, unknown>;

async function queryRows<T extends Row>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type ChainedAuditRow = {
  id: bigint;
  staffId: string | null;
  userId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before: unknown;
  after: unknown;
  /** UTC, microseconds: `2026-11-21T13:45:00.123000Z`. */
  createdAt: string;
};

export type ChainHead = { sequence: bigint; hash: string; legacyUntilId: bigint; isLegacySealed: boolean };

export type AuditSealRow = { sequence: bigint; auditId: bigint; previousHash: string; hash: string };

const parseJson = (value: unknown): unknown => (value === null ? null : JSON.parse(String(value)));

/** Audit rows by id, in the order of `ids` (missing ids are left out). */
export async function selectChainedRows(
  executor: Executor,
  ids: readonly bigint[],
): Promise<ChainedAuditRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id.toString()}::bigint`),
    sql`, `,
  );
  const rows = await queryRows<Row>(
    executor,
    sql`select id::text, staff_id::text, user_id::text, action, target_type, target_id, reason,
        before::text as before, after::text as after,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
      from audit_log where id in (${list})`,
  );
  const byId = new Map(
    rows.map((row) => [
      String(row.id),
      {
        id: BigInt(String(row.id)),
        staffId: row.staff_id === null ? null : String(row.staff_id),
        userId: row.user_id === null ? null : String(row.user_id),
        action: String(row.action),
        targetType: String(row.target_type),
        targetId: String(row.target_id),
        reason: String(row.reason),
        before: parseJson(row.before),
        after: parseJson(row.after),
        createdAt: String(row.created_at),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id.toString()) ?? []);
}

const toHead = (row: Row): ChainHead => ({
  sequence: BigInt(String(row.sequence)),
  hash: String(row.hash),
  legacyUntilId: BigInt(String(row.legacy_until_id)),
  isLegacySealed: row.is_legacy_sealed === true || row.is_legacy_sealed === 't',
});

/** The chain head, locked until the caller's transaction ends: audit writes take turns here. */
export async function lockChainHead(tx: Executor): Promise<ChainHead> {
  const rows = await queryRows<Row>(
    tx,
    sql`select sequence::text, hash, legacy_until_id::text, is_legacy_sealed from audit_chain_head where id = 1 for update`,
  );
  if (!rows[0]) throw new Error('audit_chain_head has no row (migration 0020 not applied?)');
  return toHead(rows[0]);
}

export async function selectChainHead(executor: Executor): Promise<ChainHead | null> {
  const rows = await queryRows<Row>(
    executor,
    sql`select sequence::text, hash, legacy_until_id::text, is_legacy_sealed from audit_chain_head where id = 1`,
  );
  return rows[0] ? toHead(rows[0]) : null;
}

export async function moveChainHead(
  tx: Executor,
  head: { sequence: bigint; hash: string; isLegacySealed: boolean },
): Promise<void> {
  await tx.execute(
    sql`update audit_chain_head set sequence = ${head.sequence.toString()}::bigint, hash = ${head.hash},
      is_legacy_sealed = ${head.isLegacySealed} where id = 1`,
  );
}

export async function insertAuditRow(
  executor: Executor,
  values: typeof auditLog.$inferInsert,
): Promise<bigint> {
  const [row] = await executor.insert(auditLog).values(values).returning({ id: auditLog.id });
  if (!row) throw new Error('audit row not inserted');
  return row.id;
}

export async function insertSeals(
  tx: Executor,
  seals: readonly AuditSealRow[],
  sealedAt: Date,
): Promise<void> {
  if (seals.length === 0) return;
  await tx.insert(auditSeals).values(seals.map((seal) => ({ ...seal, sealedAt })));
}

/** Ids of audit rows without a seal, after `afterId` and up to `untilId` when given, oldest first. */
export async function selectUnsealedIds(
  executor: Executor,
  options: { untilId?: bigint; afterId?: bigint; limit: number },
): Promise<bigint[]> {
  const until =
    options.untilId === undefined ? sql`true` : sql`log.id <= ${options.untilId.toString()}::bigint`;
  const after = sql`log.id > ${(options.afterId ?? 0n).toString()}::bigint`;
  const rows = await queryRows<Row>(
    executor,
    sql`select log.id::text from audit_log log
      where ${until} and ${after} and not exists (select 1 from audit_seals seal where seal.audit_id = log.id)
      order by log.id limit ${options.limit}`,
  );
  return rows.map((row) => BigInt(String(row.id)));
}

/** Seals after `afterSequence`, in sequence order. */
export async function selectSeals(
  executor: Executor,
  afterSequence: bigint,
  limit: number,
): Promise<AuditSealRow[]> {
  const rows = await queryRows<Row>(
    executor,
    sql`select seal.sequence::text, seal.audit_id::text, seal.previous_hash, seal.hash from audit_seals seal
      where seal.sequence > ${afterSequence.toString()}::bigint order by seal.sequence limit ${limit}`,
  );
  return rows.map((row) => ({
    sequence: BigInt(String(row.sequence)),
    auditId: BigInt(String(row.audit_id)),
    previousHash: String(row.previous_hash),
    hash: String(row.hash),
  }));
}

export async function countAuditRows(executor: Executor): Promise<bigint> {
  const rows = await queryRows<Row>(executor, sql`select count(*)::text as count from audit_log`);
  return BigInt(String(rows[0]?.count ?? '0'));
}
