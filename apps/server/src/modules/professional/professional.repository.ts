import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ProfessionalState } from '@beurs/contract';
import type { Executor, Transaction } from '../../db/database';
import { professionalApplications } from './professional.tables';

export type ProfessionalApplicationRow = typeof professionalApplications.$inferSelect;

export async function latestOfUser(
  db: Executor,
  userId: bigint,
): Promise<ProfessionalApplicationRow | undefined> {
  const rows = await db
    .select()
    .from(professionalApplications)
    .where(eq(professionalApplications.userId, userId))
    .orderBy(desc(professionalApplications.id))
    .limit(1);
  return rows[0];
}

/** The user's pending or approved application, if any. */
export async function liveOfUser(
  db: Executor,
  userId: bigint,
): Promise<ProfessionalApplicationRow | undefined> {
  const rows = await db
    .select()
    .from(professionalApplications)
    .where(
      and(
        eq(professionalApplications.userId, userId),
        sql`${professionalApplications.state} in ('pending', 'approved')`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertApplication(
  db: Executor,
  values: typeof professionalApplications.$inferInsert,
): Promise<ProfessionalApplicationRow> {
  const rows = await db.insert(professionalApplications).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into professional_applications returned no row');
  return row;
}

export async function listByState(db: Executor, state: ProfessionalState, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(professionalApplications)
      .where(eq(professionalApplications.state, state))
      .orderBy(asc(professionalApplications.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(professionalApplications)
      .where(eq(professionalApplications.state, state)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function lockApplication(tx: Transaction, id: bigint) {
  const rows = await tx
    .select()
    .from(professionalApplications)
    .where(eq(professionalApplications.id, id))
    .for('no key update')
    .limit(1);
  return rows[0];
}

export async function decide(
  tx: Transaction,
  id: bigint,
  values: { state: ProfessionalState; reason: string; decidedByStaffId: bigint; decidedAt: Date },
): Promise<ProfessionalApplicationRow> {
  const rows = await tx
    .update(professionalApplications)
    .set(values)
    .where(eq(professionalApplications.id, id))
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`professional application ${id} vanished`);
  return row;
}

/**
 * The ids (as the audit log's text target ids) of the user's professional-client applications: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${professionalApplications.id}::text` })
    .from(professionalApplications)
    .where(eq(professionalApplications.userId, userId));
}
