import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, max, sql, or } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { depositChannels, deposits } from './deposits.tables';

export type DepositRow = typeof deposits.$inferSelect;
export type DepositChannelRow = typeof depositChannels.$inferSelect;
export type DepositState = DepositRow['state'];
export type NewDeposit = typeof deposits.$inferInsert;

export async function listEnabledChannels(db: Executor) {
  return db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.isEnabled, true))
    .orderBy(asc(depositChannels.id));
}

export async function listChannelsOfKind(db: Executor, kind: DepositChannelRow['kind']) {
  return db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.kind, kind))
    .orderBy(asc(depositChannels.id));
}

export async function listChannels(db: Executor, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db.select().from(depositChannels).orderBy(asc(depositChannels.id)).offset(offset).limit(limit),
    db.select({ total: count() }).from(depositChannels),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findDeposit(db: Executor, id: bigint) {
  const rows = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return rows[0];
}

export async function findChannel(db: Executor, id: bigint) {
  const rows = await db.select().from(depositChannels).where(eq(depositChannels.id, id)).limit(1);
  return rows[0];
}

export async function insertChannel(db: Executor, values: typeof depositChannels.$inferInsert) {
  const rows = await db.insert(depositChannels).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into deposit_channels returned no row');
  return row;
}

export async function updateChannel(
  db: Executor,
  id: bigint,
  values: Omit<typeof depositChannels.$inferInsert, 'id' | 'createdAt'>,
) {
  const rows = await db.update(depositChannels).set(values).where(eq(depositChannels.id, id)).returning();
  return rows[0];
}

export async function findByIdempotencyKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function insertDeposit(db: Executor, values: typeof deposits.$inferInsert) {
  const rows = await db
    .insert(deposits)
    .values(values)
    .onConflictDoNothing({ target: deposits.reference })
    .returning();
  return rows[0];
}

export async function countDepositsEver(db: Executor, userId: bigint): Promise<number> {
  const rows = await db.select({ total: count() }).from(deposits).where(eq(deposits.userId, userId));
  return rows[0]?.total ?? 0;
}

export async function largestApproved(db: Executor, userId: bigint, currency: DepositRow['currency']) {
  const rows = await db
    .select({ largest: max(deposits.amountMinor) })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.currency, currency), eq(deposits.state, 'approved')));
  const largest = rows[0]?.largest;
  return largest === null || largest === undefined ? null : BigInt(largest);
}

/** Whether the user has a deposit waiting for staff (one pending fund operation at a time). */
export async function hasPending(db: Executor, userId: bigint): Promise<boolean> {
  const rows = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending')))
    .limit(1);
  return rows.length > 0;
}

/** The deposit under a row lock until the transaction ends (a staff decision). */
export async function lockDeposit(db: Executor, id: bigint) {
  const rows = await db.select().from(deposits).where(eq(deposits.id, id)).for('no key update');
  return rows[0];
}

/** Decides a pending deposit (locked by the caller); answers the decided row. */
export async function decideDeposit(
  db: Executor,
  id: bigint,
  values: { state: DepositState; reason: string; decidedByStaffId: bigint | null; decidedAt: Date },
) {
  const rows = await db
    .update(deposits)
    .set(values)
    .where(and(eq(deposits.id, id), eq(deposits.state, 'pending')))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`deposit ${id} was not pending under its lock`);
  return row;
}

export async function setEntry(db: Executor, id: bigint, entryId: bigint) {
  const rows = await db.update(deposits).set({ entryId }).where(eq(deposits.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`deposit ${id} vanished under its lock`);
  return row;
}

export async function listUserDeposits(db: Executor, userId: bigint, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(deposits).where(eq(deposits.userId, userId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A state's deposits, oldest first; `isEscalated`: only those the overdue job escalated. */
export async function listByState(
  db: Executor,
  state: DepositState,
  offset: number,
  limit: number,
  isEscalated = false,
) {
  const where = and(eq(deposits.state, state), isEscalated ? isNotNull(deposits.escalatedAt) : undefined);
  const [rows, totals] = await Promise.all([
    db
      .select({ deposit: deposits, channelName: depositChannels.name })
      .from(deposits)
      .innerJoin(depositChannels, eq(depositChannels.id, deposits.channelId))
      .where(where)
      .orderBy(asc(deposits.createdAt), asc(deposits.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(deposits).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * For a page of the queue: the same users' deposits through the same channels (newest first, so
 * the queue can show each user's history on that channel) and every deposit whose proof is one of
 * `proofUploadIds` (an upload used as the proof of two deposits).
 */
export async function matchingFacts(
  db: Executor,
  pairs: ReadonlyArray<{ userId: bigint; channelId: bigint }>,
  proofUploadIds: readonly bigint[],
) {
  if (pairs.length === 0) return { onChannel: [], sameProof: [] };
  const fields = {
    id: deposits.id,
    userId: deposits.userId,
    channelId: deposits.channelId,
    currency: deposits.currency,
    amountMinor: deposits.amountMinor,
    reference: deposits.reference,
    state: deposits.state,
    proofUploadId: deposits.proofUploadId,
    createdAt: deposits.createdAt,
  };
  const [onChannel, sameProof] = await Promise.all([
    db
      .select(fields)
      .from(deposits)
      .where(
        or(
          ...pairs.map((pair) =>
            and(eq(deposits.userId, pair.userId), eq(deposits.channelId, pair.channelId)),
          ),
        ),
      )
      .orderBy(desc(deposits.id)),
    db
      .select(fields)
      .from(deposits)
      .where(inArray(deposits.proofUploadId, [...proofUploadIds]))
      .orderBy(asc(deposits.id)),
  ]);
  return { onChannel, sameProof };
}

/** The user's deposits among `ids` (the sources of a page of records). */
export async function findUserDepositsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: deposits.id, reference: deposits.reference })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.id, [...ids])));
}

/**
 * Pending deposits past their decide-by time and not escalated yet, marked escalated at `now`
 * (once: a second pass finds none), oldest first.
 */
export async function escalateOverdue(db: Executor, now: Date): Promise<DepositRow[]> {
  return db
    .update(deposits)
    .set({ escalatedAt: now })
    .where(and(eq(deposits.state, 'pending'), lt(deposits.decideBy, now), isNull(deposits.escalatedAt)))
    .returning();
}

/**
 * The ids (as the audit log's text target ids) of the user's deposits: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${deposits.id}::text` })
    .from(deposits)
    .where(eq(deposits.userId, userId));
}
