import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { identityStates } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { identitySubmissions } from './identity.tables';

export type IdentityState = (typeof identityStates)[number];

export async function latestSubmission(db: Executor, userId: bigint) {
  const rows = await db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, userId))
    .orderBy(desc(identitySubmissions.id))
    .limit(1);
  return rows[0];
}

export async function findSubmission(db: Executor, id: bigint) {
  const rows = await db.select().from(identitySubmissions).where(eq(identitySubmissions.id, id)).limit(1);
  return rows[0];
}

/** The submission under a row lock until the transaction ends (a staff decision). */
export async function lockSubmission(db: Executor, id: bigint) {
  const rows = await db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.id, id))
    .for('no key update');
  return rows[0];
}

export async function insertSubmission(db: Executor, values: typeof identitySubmissions.$inferInsert) {
  const rows = await db.insert(identitySubmissions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into identity_submissions returned no row');
  return row;
}

/** Decides a submission still under review (locked by the caller); answers the decided row. */
export async function decideSubmission(
  db: Executor,
  id: bigint,
  values: { state: IdentityState; reason: string; reviewedByStaffId: bigint; reviewedAt: Date },
) {
  const rows = await db
    .update(identitySubmissions)
    .set(values)
    .where(and(eq(identitySubmissions.id, id), eq(identitySubmissions.state, 'under_review')))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`identity submission ${id} was not under review under its lock`);
  return row;
}

export async function listSubmissions(db: Executor, state: IdentityState, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.state, state))
      .orderBy(asc(identitySubmissions.createdAt), asc(identitySubmissions.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(identitySubmissions).where(eq(identitySubmissions.state, state)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Users who submitted a document whose number, letters and digits only, contains `normalised`. */
export async function userIdsByDocument(db: Executor, normalised: string, limit: number) {
  const rows = await db
    .selectDistinct({ userId: identitySubmissions.userId })
    .from(identitySubmissions)
    .where(
      sql`upper(regexp_replace(${identitySubmissions.documentNumber}, '[^0-9A-Za-z]', '', 'g')) like ${`%${normalised}%`}`,
    )
    .limit(limit);
  return rows.map((row) => row.userId);
}

/**
 * The ids (as the audit log's text target ids) of the user's identity submissions: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${identitySubmissions.id}::text` })
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, userId));
}
