import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { jsonDate, jsonTime, type RoundRead } from '../../db/read-round';
import { textArray } from '../../db/sql-arrays';
import { attemptCounters } from './attempt-limits.tables';

export type AttemptScope = (typeof attemptCounters.$inferSelect)['scope'];
type Key = { scope: AttemptScope; subject: string };
export type CounterRow = typeof attemptCounters.$inferSelect;

const whereKey = (key: Key) =>
  and(eq(attemptCounters.scope, key.scope), eq(attemptCounters.subject, key.subject));

/**
 * Reserves one attempt in a single statement (the upsert locks the row, so parallel reservations
 * are serialised and each answers the count including itself); an expired lock starts the count
 * again.
 */
export async function reserveAttempt(
  db: Executor,
  key: Key,
  now: Date,
): Promise<{ attemptCount: number; lockedUntil: Date | null }> {
  const expired = sql`(${attemptCounters.lockedUntil} is not null and ${attemptCounters.lockedUntil} <= ${now.toISOString()}::timestamptz)`;
  const rows = await db
    .insert(attemptCounters)
    .values({ ...key, attemptCount: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [attemptCounters.scope, attemptCounters.subject],
      set: {
        attemptCount: sql`case when ${expired} then 1 else ${attemptCounters.attemptCount} + 1 end`,
        lockedUntil: sql`case when ${expired} then null else ${attemptCounters.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ attemptCount: attemptCounters.attemptCount, lockedUntil: attemptCounters.lockedUntil });
  const row = rows[0];
  if (!row) throw new Error('attempt reservation returned no row');
  return row;
}

/**
 * Sets the lock when the count has reached `limit` and no lock is set; true for the one caller
 * that set it (a concurrent second caller re-reads the row after the first commits and finds it
 * locked).
 */
export async function lockIfAtLimit(db: Executor, key: Key, limit: number, lockUntil: Date) {
  const rows = await db
    .update(attemptCounters)
    .set({ lockedUntil: lockUntil })
    .where(and(whereKey(key), isNull(attemptCounters.lockedUntil), gte(attemptCounters.attemptCount, limit)))
    .returning({ scope: attemptCounters.scope });
  return rows.length === 1;
}

/** The counter of each key (`findCounter`), read in the shared round (db/read-round.ts). */
export const countersRead: RoundRead<Key, CounterRow> = {
  keyOf: (key) => `${key.scope}\0${key.subject}`,
  rowsOf: (keys) =>
    sql`select json_agg(json_build_array(${attemptCounters.scope}, ${attemptCounters.subject}, ${attemptCounters.attemptCount}::text, ${jsonTime(attemptCounters.lockedUntil)}, ${jsonTime(attemptCounters.updatedAt)}))
      from ${attemptCounters}
      where (${attemptCounters.scope}, ${attemptCounters.subject}) in (select * from unnest(${textArray(keys.map((key) => key.scope))}, ${textArray(keys.map((key) => key.subject))}))`,
  collect: (rows) =>
    new Map(
      (rows as Array<[AttemptScope, string, string, string | null, string]>).map(
        ([scope, subject, attemptCount, lockedUntil, updatedAt]) => [
          `${scope}\0${subject}`,
          {
            scope,
            subject,
            attemptCount: Number(attemptCount),
            lockedUntil: jsonDate(lockedUntil),
            updatedAt: jsonDate(updatedAt) as Date,
          },
        ],
      ),
    ),
};

export async function findCounter(db: Executor, key: Key) {
  const rows = await db.select().from(attemptCounters).where(whereKey(key)).limit(1);
  return rows[0];
}

/** A reserved attempt succeeded: the count starts again, unless a lock was set meanwhile (false). */
export async function recordSuccess(db: Executor, key: Key): Promise<boolean> {
  const rows = await db
    .update(attemptCounters)
    .set({ attemptCount: 0 })
    .where(and(whereKey(key), isNull(attemptCounters.lockedUntil)))
    .returning({ scope: attemptCounters.scope });
  return rows.length === 1;
}

/** Gives a reservation back (neither success nor failure), unless a lock was set meanwhile. */
export async function releaseAttempt(db: Executor, key: Key): Promise<void> {
  await db
    .update(attemptCounters)
    .set({ attemptCount: sql`greatest(${attemptCounters.attemptCount} - 1, 0)` })
    .where(and(whereKey(key), isNull(attemptCounters.lockedUntil)));
}

export async function clear(db: Executor, key: Key): Promise<void> {
  await db.update(attemptCounters).set({ attemptCount: 0, lockedUntil: null }).where(whereKey(key));
}

export async function lockedUntilOf(db: Executor, scope: AttemptScope, subjects: readonly string[]) {
  if (subjects.length === 0) return [];
  return db
    .select({ subject: attemptCounters.subject, lockedUntil: attemptCounters.lockedUntil })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.scope, scope), inArray(attemptCounters.subject, [...subjects])));
}
