import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { jsonBigint, jsonDate, jsonTime, type RoundRead } from '../../db/read-round';
import { bigintArray } from '../../db/sql-arrays';
import { invitationCodes, sessions, userRestrictions, users } from './users.tables';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByAccount(db: Executor, account: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.account, account)).limit(1);
  return rows[0];
}

export async function findUserById(db: Executor, id: bigint): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findInvitationCode(db: Executor, code: string) {
  const rows = await db.select().from(invitationCodes).where(eq(invitationCodes.code, code)).limit(1);
  return rows[0];
}

export async function findInvitationCodeOfUser(db: Executor, userId: bigint): Promise<string> {
  const rows = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(eq(invitationCodes.ownerUserId, userId))
    .limit(1);
  return rows[0]?.code ?? '';
}

export async function insertUser(
  db: Executor,
  values: { account: string; passwordHash: string; invitedByCode: string; createdAt: Date },
): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertInvitationCode(
  db: Executor,
  values: { code: string; ownerUserId?: bigint; ownerStaffId?: bigint; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(invitationCodes)
    .values(values)
    .onConflictDoNothing({ target: invitationCodes.code })
    .returning({ code: invitationCodes.code });
  return rows.length === 1;
}

export async function updatePasswordHash(db: Executor, userId: bigint, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function activeRestrictions(db: Executor, userId: bigint) {
  return db
    .select({ kind: userRestrictions.kind, reason: userRestrictions.reason })
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), isNull(userRestrictions.liftedAt)))
    .orderBy(userRestrictions.id);
}

export async function insertSession(
  db: Executor,
  values: Omit<typeof sessions.$inferInsert, 'id' | 'revokedAt'>,
): Promise<SessionRow> {
  const rows = await db.insert(sessions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/** The live session for a token hash, joined with its user's account. */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const rows = await db
    .select({ session: sessions, account: users.account })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Executor, sessionId: bigint, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function listRecentSessions(db: Executor, userId: bigint, limit: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.createdAt} desc`, sql`${sessions.id} desc`)
    .limit(limit);
}

export async function listLiveSessions(db: Executor, userId: bigint, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

export async function revokeSession(
  db: Executor,
  userId: bigint,
  sessionId: bigint,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function revokeSessionsExcept(
  db: Executor,
  userId: bigint,
  keepSessionId: bigint | null,
  now: Date,
) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== null) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

// What other modules read and write of a user (identity, restrictions, fund operations, staff
// lists), asked through the users service: this module owns the users tables.

export type UserSummary = Pick<UserRow, 'id' | 'account' | 'realname' | 'identityState' | 'createdAt'>;
export type UserIdentity = Pick<UserRow, 'identityState' | 'realname'>;
export type RestrictionRow = typeof userRestrictions.$inferSelect;

const summaryColumns = {
  id: users.id,
  account: users.account,
  realname: users.realname,
  identityState: users.identityState,
  createdAt: users.createdAt,
};
const identityColumns = { identityState: users.identityState, realname: users.realname };

export async function findSummaryByAccount(db: Executor, account: string): Promise<UserSummary | undefined> {
  const rows = await db.select(summaryColumns).from(users).where(eq(users.account, account)).limit(1);
  return rows[0];
}

export async function findNames(db: Executor, userIds: readonly bigint[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, account: users.account, realname: users.realname })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** Locks the user's row for the rest of the transaction; answers the identity fields. */
export async function lockUser(db: Executor, userId: bigint): Promise<UserIdentity | undefined> {
  const rows = await db.select(identityColumns).from(users).where(eq(users.id, userId)).for('update');
  return rows[0];
}

/** Locks these users' rows in id order (a batch of placements: the order `lockUser` one at a time would take). */
export async function lockUsers(db: Executor, userIds: readonly bigint[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for('update');
}

/** When the user registered (the credit score's account age). */
export async function findRegisteredAt(db: Executor, userId: bigint): Promise<Date | undefined> {
  const rows = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.createdAt;
}

/** Each user's identity (`findIdentity`), read in the shared round (db/read-round.ts). */
export const identitiesRead: RoundRead<bigint, UserIdentity> = {
  keyOf: String,
  rowsOf: (userIds) =>
    sql`select json_agg(json_build_array(${users.id}::text, ${users.identityState}, ${users.realname})) from ${users} where ${users.id} = any(${bigintArray(userIds)})`,
  collect: (rows) =>
    new Map(
      (rows as Array<[string, UserRow['identityState'], string]>).map(([id, identityState, realname]) => [
        id,
        { identityState, realname },
      ]),
    ),
};

/** Each user's restrictions in force (`listActiveRestrictions`), oldest first, read in the shared round. */
export const restrictionsInForceRead: RoundRead<bigint, RestrictionRow[]> = {
  keyOf: String,
  rowsOf: (userIds) => sql`select json_agg(json_build_array(
      ${userRestrictions.id}::text, ${userRestrictions.userId}::text, ${userRestrictions.kind},
      ${userRestrictions.reason}, ${userRestrictions.staffId}::text, ${jsonTime(userRestrictions.createdAt)},
      ${jsonTime(userRestrictions.expiresAt)}, ${jsonTime(userRestrictions.liftedAt)})
      order by ${userRestrictions.createdAt}, ${userRestrictions.id})
    from ${userRestrictions}
    where ${userRestrictions.userId} = any(${bigintArray(userIds)}) and ${userRestrictions.liftedAt} is null`,
  collect: (rows) => {
    const found = new Map<string, RestrictionRow[]>();
    for (const [id, userId, kind, reason, staffId, createdAt, expiresAt, liftedAt] of rows as Array<
      [string, string, RestrictionRow['kind'], string, string | null, string, string | null, string | null]
    >) {
      found.set(userId, [
        ...(found.get(userId) ?? []),
        {
          id: BigInt(id),
          userId: BigInt(userId),
          kind,
          reason,
          staffId: jsonBigint(staffId),
          createdAt: jsonDate(createdAt) as Date,
          expiresAt: jsonDate(expiresAt),
          liftedAt: jsonDate(liftedAt),
        },
      ]);
    }
    return found;
  },
};

export async function findIdentity(db: Executor, userId: bigint): Promise<UserIdentity | undefined> {
  const rows = await db.select(identityColumns).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

export async function setIdentity(
  db: Executor,
  userId: bigint,
  values: { identityState: UserRow['identityState']; realname?: string },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function listActiveRestrictions(db: Executor, userId: bigint): Promise<RestrictionRow[]> {
  return db
    .select()
    .from(userRestrictions)
    .where(and(eq(userRestrictions.userId, userId), isNull(userRestrictions.liftedAt)))
    .orderBy(asc(userRestrictions.createdAt), asc(userRestrictions.id));
}

/** Inserts the restriction unless one of its kind is in force; answers the row or undefined. */
export async function insertRestriction(db: Executor, values: typeof userRestrictions.$inferInsert) {
  const rows = await db.insert(userRestrictions).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function liftRestriction(
  db: Executor,
  userId: bigint,
  kind: RestrictionRow['kind'],
  now: Date,
): Promise<RestrictionRow | undefined> {
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

/** The invitation code of the start-up staff account (first start prints it). */
export async function firstStaffInvitationCode(db: Executor): Promise<string | undefined> {
  const rows = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(isNotNull(invitationCodes.ownerStaffId))
    .orderBy(asc(invitationCodes.createdAt))
    .limit(1);
  return rows[0]?.code;
}

/** Lifts every restriction whose expiry has passed (a withdrawal bar's days are over); answers them. */
export async function liftExpiredRestrictions(db: Executor, now: Date): Promise<RestrictionRow[]> {
  return db
    .update(userRestrictions)
    .set({ liftedAt: now })
    .where(and(isNull(userRestrictions.liftedAt), lte(userRestrictions.expiresAt, now)))
    .returning();
}

/** Users whose account starts with `text` or whose verified name contains it (case-insensitive). */
export async function searchUsers(db: Executor, text: string, limit: number) {
  const escaped = text.replace(/[\\%_]/g, (character) => `\\${character}`);
  return db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(sql`${users.account} ilike ${`${escaped}%`} or ${users.realname} ilike ${`%${escaped}%`}`)
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Account, name and identity state of these users. */
export async function findSummariesByIds(db: Executor, userIds: readonly bigint[]) {
  if (userIds.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(users)
    .where(inArray(users.id, [...userIds]));
}
