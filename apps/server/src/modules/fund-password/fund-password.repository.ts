import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { fundPasswords } from './fund-password.tables';

export async function findFundPassword(db: Executor, userId: bigint) {
  const rows = await db.select().from(fundPasswords).where(eq(fundPasswords.userId, userId)).limit(1);
  return rows[0];
}

/** The fund passwords of many users (batched reads). */
export async function findFundPasswords(db: Executor, userIds: readonly bigint[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(fundPasswords)
    .where(inArray(fundPasswords.userId, [...userIds]));
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
    .set({ passwordHash, updatedAt: now })
    .where(eq(fundPasswords.userId, userId));
}
