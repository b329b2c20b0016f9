import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { jsonDate, jsonTime, type RoundRead } from '../../db/read-round';
import { bigintArray } from '../../db/sql-arrays';
import { fundPasswords } from './fund-password.tables';

export async function findFundPassword(db: Executor, userId: bigint) {
  const rows = await db.select().from(fundPasswords).where(eq(fundPasswords.userId, userId)).limit(1);
  return rows[0];
}

export type FundPasswordRow = typeof fundPasswords.$inferSelect;

/** Each user's fund password (`findFundPassword`), read in the shared round (db/read-round.ts). */
export const fundPasswordsRead: RoundRead<bigint, FundPasswordRow> = {
  keyOf: String,
  rowsOf: (userIds) =>
    sql`select json_agg(json_build_array(${fundPasswords.userId}::text, ${fundPasswords.passwordHash}, ${jsonTime(fundPasswords.updatedAt)})) from ${fundPasswords} where ${fundPasswords.userId} = any(${bigintArray(userIds)})`,
  collect: (rows) =>
    new Map(
      (rows as Array<[string, string, string]>).map(([userId, passwordHash, updatedAt]) => [
        userId,
        { userId: BigInt(userId), passwordHash, updatedAt: jsonDate(updatedAt) as Date },
      ]),
    ),
};

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
