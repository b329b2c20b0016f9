import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { checkInBadgeClaims, checkIns } from './check-in.tables';

export type CheckInRow = typeof checkIns.$inferSelect;

export async function latest(db: Executor, userId: bigint, limit: number): Promise<CheckInRow[]> {
  return db
    .select()
    .from(checkIns)
    .where(eq(checkIns.userId, userId))
    .orderBy(desc(checkIns.id))
    .limit(limit);
}

/** How many days the user checked in, and their longest run of days in a row. */
export async function totals(
  db: Executor,
  userId: bigint,
): Promise<{ total: number; longestStreak: number }> {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      longestStreak: sql<number>`coalesce(max(${checkIns.streak}), 0)::int`,
    })
    .from(checkIns)
    .where(eq(checkIns.userId, userId));
  return rows[0] ?? { total: 0, longestStreak: 0 };
}

export async function insertCheckIn(db: Executor, values: typeof checkIns.$inferInsert): Promise<CheckInRow> {
  const rows = await db.insert(checkIns).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into check_ins returned no row');
  return row;
}

export async function claims(db: Executor, userId: bigint) {
  return db.select().from(checkInBadgeClaims).where(eq(checkInBadgeClaims.userId, userId));
}

/** Claims the badge; false when it was claimed already. */
export async function insertClaim(
  db: Executor,
  values: typeof checkInBadgeClaims.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(checkInBadgeClaims)
    .values(values)
    .onConflictDoNothing()
    .returning({ badge: checkInBadgeClaims.badge });
  return rows.length > 0;
}
