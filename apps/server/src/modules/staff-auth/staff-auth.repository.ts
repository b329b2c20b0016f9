import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { staffUsers } from '../staff/staff.tables';
import { staffSessions } from './staff-auth.tables';

export async function findStaffByUsername(db: Executor, username: string) {
  const rows = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
  return rows[0];
}

export async function insertStaffSession(db: Executor, values: typeof staffSessions.$inferInsert) {
  await db.insert(staffSessions).values(values);
}

export async function findLiveStaffSession(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({ session: staffSessions, staff: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function revokeStaffSession(db: Executor, sessionId: bigint, now: Date): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, sessionId));
}

/** Inserts unless the username is taken; answers the row or undefined. */
export async function insertStaffUserIfFree(db: Executor, values: typeof staffUsers.$inferInsert) {
  const rows = await db.insert(staffUsers).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** Ends every live session of the staff member; answers how many. */
export async function revokeAllStaffSessions(db: Executor, staffId: bigint, now: Date): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

export async function findStaffById(db: Executor, staffId: bigint) {
  const rows = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  return rows[0];
}

export async function updateStaffPasswordHash(db: Executor, staffId: bigint, passwordHash: string) {
  await db
    .update(staffUsers)
    .set({ passwordHash, mustChangePassword: false })
    .where(eq(staffUsers.id, staffId));
}

/** Ends every live session of the staff member but `keepSessionId`; answers how many. */
export async function revokeOtherStaffSessions(
  db: Executor,
  staffId: bigint,
  keepSessionId: bigint,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        ne(staffSessions.id, keepSessionId),
        isNull(staffSessions.revokedAt),
      ),
    )
    .returning({ id: staffSessions.id });
  return rows.length;
}
