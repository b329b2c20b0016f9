import { and, asc, count, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { staffUsers } from './staff.tables';

export type StaffRow = typeof staffUsers.$inferSelect;

/** The first person's staff account (the first-start admin); never the demo desk's. */
export async function firstStaffUser(db: Executor) {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(ne(staffUsers.role, 'demo_desk'))
    .orderBy(asc(staffUsers.id))
    .limit(1);
  return rows[0];
}

/** The demo desk's account (role `demo_desk`; there is at most one). */
export async function findDemoDeskAccount(db: Executor) {
  const rows = await db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.role, 'demo_desk'))
    .orderBy(asc(staffUsers.id))
    .limit(1);
  return rows[0];
}

export async function findRoles(db: Executor, staffIds: readonly bigint[]) {
  if (staffIds.length === 0) return [];
  return db
    .select({ id: staffUsers.id, role: staffUsers.role })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...staffIds]));
}

export async function insertStaffUser(db: Executor, values: typeof staffUsers.$inferInsert) {
  const rows = await db.insert(staffUsers).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into staff_users returned no row');
  return row;
}

export async function findUsernames(db: Executor, staffIds: readonly bigint[]) {
  if (staffIds.length === 0) return [];
  return db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...staffIds]));
}

export async function listStaffUsers(db: Executor, page: { offset: number; limit: number }) {
  const [rows, totals] = await Promise.all([
    db.select().from(staffUsers).orderBy(asc(staffUsers.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(staffUsers),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findStaffUserById(db: Executor, staffId: bigint) {
  const rows = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  return rows[0];
}

/**
 * Locks the enabled admins' rows (in id order, so two callers cannot deadlock) and answers their
 * ids: two admins disabling each other at once are serialised here, and the second sees the first.
 */
export async function lockEnabledAdminIds(db: Executor): Promise<bigint[]> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Sets `disabledAt`, or clears it recording who re-enabled the account and when; answers the row,
 * or undefined when it was already so.
 */
export async function setStaffDisabledAt(
  db: Executor,
  staffId: bigint,
  disabledAt: Date | null,
  enabled?: { byStaffId: bigint; at: Date },
) {
  const rows = await db
    .update(staffUsers)
    .set(
      enabled ? { disabledAt, enabledByStaffId: enabled.byStaffId, enabledAt: enabled.at } : { disabledAt },
    )
    .where(
      and(
        eq(staffUsers.id, staffId),
        disabledAt ? isNull(staffUsers.disabledAt) : isNotNull(staffUsers.disabledAt),
      ),
    )
    .returning();
  return rows[0];
}
