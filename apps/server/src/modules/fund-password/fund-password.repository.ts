import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { fundPasswords } from './fund-password.tables';

export async function findFundPassword(db: Executor, userId: bigint) {
  const rows = await db.select().from(fundPasswords).where(eq(fundPasswords.userId, userId)).limit(1);
  return rows[0];
}

/** Inserts the first fund password; false when one exists already. */
export async function insertFundPassword(db: Executor, userId: bigint, passwordHash: string, now: Date) {
  const rows = await db
    .insert(fundPasswords)
    .values({ userId, passwordHash, updatedAt: now })
    .onConflictDoNothing()
    .returning({ userId: fundPasswords.userId });
  return rows.length === 1;
}

export async function replaceFundPassword(db: Executor, userId: bigint, passwordHash: string, now: Date) {
  await db
    .update(fundPasswords)
    .set({ passwordHash, failedCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(fundPasswords.userId, userId));
}

/**
 * Counts one wrong entry in a single statement (parallel wrong entries all count); the entry that
 * reaches the limit sets the lock and starts the count again.
 */
export async function recordWrongEntry(db: Executor, userId: bigint, limit: number, lockUntil: Date) {
  const rows = await db
    .update(fundPasswords)
    .set({
      failedCount: sql`case when ${fundPasswords.failedCount} + 1 >= ${limit} then 0 else ${fundPasswords.failedCount} + 1 end`,
      lockedUntil: sql`case when ${fundPasswords.failedCount} + 1 >= ${limit} then ${lockUntil.toISOString()}::timestamptz else ${fundPasswords.lockedUntil} end`,
    })
    .where(eq(fundPasswords.userId, userId))
    .returning({ failedCount: fundPasswords.failedCount, lockedUntil: fundPasswords.lockedUntil });
  return rows[0];
}

export async function clearWrongEntries(db: Executor, userId: bigint) {
  await db.update(fundPasswords).set({ failedCount: 0 }).where(eq(fundPasswords.userId, userId));
}
