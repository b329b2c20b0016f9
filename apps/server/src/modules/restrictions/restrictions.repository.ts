import { and, asc, eq, isNull } from 'drizzle-orm';
import type { restrictionKinds } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { userRestrictions, users } from '../users/users.tables';

export type RestrictionKind = (typeof restrictionKinds)[number];

export async function findUserByAccount(db: Executor, account: string) {
  const rows = await db.select().from(users).where(eq(users.account, account)).limit(1);
  return rows[0];
}

export async function activeRestrictions(db: Executor, userId: bigint) {
  return db
    .select()
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), isNull(userRestrictions.liftedAt)))
    .orderBy(asc(userRestrictions.createdAt));
}

/** Inserts the restriction unless one of its kind is in force; answers the row or undefined. */
export async function insertRestriction(db: Executor, values: typeof userRestrictions.$inferInsert) {
  const rows = await db.insert(userRestrictions).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function liftRestriction(db: Executor, userId: bigint, kind: RestrictionKind, now: Date) {
  const rows = await db
    .update(userRestrictions)
    .set({ liftedAt: now })
    .where(
      and(
        eq(userRestrictions.userId, userId),
        eq(userRestrictions.kind, kind),
        isNull(userRestrictions.liftedAt),
      ),
    )
    .returning();
  return rows[0];
}
