import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { uploads } from './uploads.tables';

export type UploadPurpose = NonNullable<(typeof uploads.$inferSelect)['purpose']>;

export async function insertUpload(db: Executor, values: typeof uploads.$inferInsert) {
  const rows = await db.insert(uploads).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into uploads returned no row');
  return row;
}

export async function findUpload(db: Executor, id: bigint) {
  const rows = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return rows[0];
}

/** Marks the owner's upload as used for `purpose` (unused, or already used for the same purpose). */
export async function claimUpload(db: Executor, ownerUserId: bigint, id: bigint, purpose: UploadPurpose) {
  const rows = await db
    .update(uploads)
    .set({ purpose })
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.ownerUserId, ownerUserId),
        or(isNull(uploads.purpose), eq(uploads.purpose, purpose)),
      ),
    )
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/**
 * The ids (as the audit log's text target ids) of the user's uploads: the audit trail of a user
 * lists the staff actions on their items through this (audit rows name the item, not its owner).
 */
export function auditTargetIdsOwnedBy(executor: Executor, userId: bigint) {
  return executor
    .select({ id: sql<string>`${uploads.id}::text` })
    .from(uploads)
    .where(eq(uploads.ownerUserId, userId));
}
