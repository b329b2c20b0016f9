import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { jsonDate, jsonTime, type RoundRead } from '../../db/read-round';
import { bigintArray } from '../../db/sql-arrays';
import { queryRows } from '../../ledger/ledger.repository';
import { marginCalls, marginLiquidationSales, marginLiquidations } from './margin-level.tables';

export type MarginCallRow = typeof marginCalls.$inferSelect;

/**
 * Users who owe something on their margin loan in some currency (borrowed + interest − repaid > 0),
 * or shares on a short (issue 16 item 3: a borrow not fully returned).
 */
export async function borrowingUsers(db: Executor): Promise<bigint[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id::text as user_id from (
          select user_id, currency
          from margin_loan_movements
          group by user_id, currency
          having sum(case when kind in ('borrow', 'interest') then amount_minor
                          when kind = 'repay' then -amount_minor else 0 end) > 0
        ) owing
        union
        select distinct user_id::text from securities_borrows where returned_minor < quantity_minor`,
  );
  return rows.map((row) => BigInt(row.user_id));
}

export async function openCall(db: Executor, userId: bigint): Promise<MarginCallRow | undefined> {
  const rows = await db
    .select()
    .from(marginCalls)
    .where(and(eq(marginCalls.userId, userId), eq(marginCalls.state, 'open')))
    .limit(1);
  return rows[0];
}

/** The users with an open call. */
export async function openCallUsers(db: Executor): Promise<bigint[]> {
  const rows = await db
    .select({ userId: marginCalls.userId })
    .from(marginCalls)
    .where(eq(marginCalls.state, 'open'));
  return rows.map((row) => row.userId);
}

/** Opens a call unless one is open (the unique partial index): the new row, or undefined. */
export async function insertCall(
  db: Executor,
  values: Omit<typeof marginCalls.$inferInsert, 'state' | 'metAt' | 'metLevelBasisPoints'>,
): Promise<MarginCallRow | undefined> {
  const rows = await db
    .insert(marginCalls)
    .values({ ...values, state: 'open' })
    .onConflictDoNothing({ target: marginCalls.userId, where: sql`${marginCalls.state} = 'open'` })
    .returning();
  return rows[0];
}

/** `insertCall` of many users in one statement (distinct users): the rows it opened. */
export async function insertCalls(
  db: Executor,
  values: readonly Omit<typeof marginCalls.$inferInsert, 'state' | 'metAt' | 'metLevelBasisPoints'>[],
): Promise<MarginCallRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(marginCalls)
    .values(values.map((value) => ({ ...value, state: 'open' as const })))
    .onConflictDoNothing({ target: marginCalls.userId, where: sql`${marginCalls.state} = 'open'` })
    .returning();
}

/** Closes the user's open call (the level is back at or above the call level): the row, or undefined. */
export async function meetCall(
  db: Executor,
  userId: bigint,
  at: Date,
  levelBasisPoints: number,
): Promise<MarginCallRow | undefined> {
  const rows = await db
    .update(marginCalls)
    .set({ state: 'met', metAt: at, metLevelBasisPoints: levelBasisPoints })
    .where(and(eq(marginCalls.userId, userId), eq(marginCalls.state, 'open')))
    .returning();
  return rows[0];
}

export async function callsOf(db: Executor, userId: bigint): Promise<MarginCallRow[]> {
  return db.select().from(marginCalls).where(eq(marginCalls.userId, userId)).orderBy(desc(marginCalls.id));
}

export type MarginLiquidationRow = typeof marginLiquidations.$inferSelect;
export type MarginLiquidationSaleRow = typeof marginLiquidationSales.$inferSelect;

/**
 * Claims the user's liquidation: a new running row, or the running one whose lease has passed (its
 * node stopped). The id, or undefined when another node runs it.
 */
export async function claimLiquidation(
  db: Executor,
  values: {
    userId: bigint;
    levelBasisPoints: number;
    equityMinor: bigint;
    maintenanceMinor: bigint;
    now: Date;
    claimedUntil: Date;
  },
): Promise<{ id: bigint; isNew: boolean } | undefined> {
  const rows = await queryRows<{ id: string; is_new: boolean }>(
    db,
    sql`insert into margin_liquidations
          (user_id, state, level_basis_points, equity_minor, maintenance_minor, started_at, claimed_until)
        values (${values.userId}, 'running', ${values.levelBasisPoints}, ${values.equityMinor},
                ${values.maintenanceMinor}, ${values.now}, ${values.claimedUntil})
        on conflict (user_id) where state = 'running'
        do update set claimed_until = excluded.claimed_until
        where margin_liquidations.claimed_until < ${values.now}
        returning id::text as id, (xmax = 0) as is_new`,
  );
  const row = rows[0];
  return row ? { id: BigInt(row.id), isNew: row.is_new } : undefined;
}

/** A claim that found the account back above the liquidation level before selling anything. */
export async function dropLiquidation(db: Executor, id: bigint): Promise<void> {
  await db
    .delete(marginLiquidations)
    .where(and(eq(marginLiquidations.id, id), eq(marginLiquidations.state, 'running')));
}

export async function extendLiquidation(db: Executor, id: bigint, claimedUntil: Date): Promise<void> {
  await db.update(marginLiquidations).set({ claimedUntil }).where(eq(marginLiquidations.id, id));
}

export async function finishLiquidation(
  db: Executor,
  id: bigint,
  values: { endedAt: Date; endLevelBasisPoints: number | null; shortfallMinor: bigint },
): Promise<void> {
  await db
    .update(marginLiquidations)
    .set({ state: 'done', ...values })
    .where(and(eq(marginLiquidations.id, id), eq(marginLiquidations.state, 'running')));
}

export async function insertLiquidationSale(
  db: Executor,
  values: typeof marginLiquidationSales.$inferInsert,
): Promise<void> {
  await db.insert(marginLiquidationSales).values(values);
}

/**
 * `claimLiquidation` for many users in one statement (a tick's liquidations): by user, the claimed
 * liquidation; a user another node runs is absent. Users must be distinct.
 */
export async function claimLiquidations(
  db: Executor,
  claims: readonly {
    userId: bigint;
    levelBasisPoints: number;
    equityMinor: bigint;
    maintenanceMinor: bigint;
  }[],
  now: Date,
  claimedUntil: Date,
): Promise<Map<bigint, { id: bigint; isNew: boolean }>> {
  if (claims.length === 0) return new Map();
  const values = sql.join(
    claims.map(
      (claim) =>
        sql`(${claim.userId.toString()}::bigint, 'running', ${claim.levelBasisPoints}::integer,
             ${claim.equityMinor.toString()}::bigint, ${claim.maintenanceMinor.toString()}::bigint,
             ${now.toISOString()}::timestamptz, ${claimedUntil.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ user_id: string; id: string; is_new: boolean }>(
    db,
    sql`insert into margin_liquidations
          (user_id, state, level_basis_points, equity_minor, maintenance_minor, started_at, claimed_until)
        values ${values}
        on conflict (user_id) where state = 'running'
        do update set claimed_until = excluded.claimed_until
        where margin_liquidations.claimed_until < ${now.toISOString()}::timestamptz
        returning user_id::text as user_id, id::text as id, (xmax = 0) as is_new`,
  );
  return new Map(rows.map((row) => [BigInt(row.user_id), { id: BigInt(row.id), isNew: row.is_new }]));
}

/** `dropLiquidation` of many claims. */
export async function dropLiquidations(db: Executor, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(marginLiquidations)
    .where(and(inArray(marginLiquidations.id, [...ids]), eq(marginLiquidations.state, 'running')));
}

/** `extendLiquidation` of many claims to one lease end. */
export async function extendLiquidations(db: Executor, ids: readonly bigint[], claimedUntil: Date) {
  if (ids.length === 0) return;
  await db
    .update(marginLiquidations)
    .set({ claimedUntil })
    .where(inArray(marginLiquidations.id, [...ids]));
}

/** `finishLiquidation` of many liquidations in one statement. */
export async function finishLiquidations(
  db: Executor,
  finished: readonly {
    id: bigint;
    endedAt: Date;
    endLevelBasisPoints: number | null;
    shortfallMinor: bigint;
  }[],
): Promise<void> {
  if (finished.length === 0) return;
  const values = sql.join(
    finished.map(
      (row) =>
        sql`(${row.id.toString()}::bigint, ${row.endedAt.toISOString()}::timestamptz,
             ${row.endLevelBasisPoints}::integer, ${row.shortfallMinor.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`update margin_liquidations set state = 'done', ended_at = done.ended_at,
      end_level_basis_points = done.end_level, shortfall_minor = done.shortfall
    from (values ${values}) as done (id, ended_at, end_level, shortfall)
    where margin_liquidations.id = done.id and margin_liquidations.state = 'running'`);
}

/** `insertLiquidationSale` of many sales in one statement. */
export async function insertLiquidationSales(
  db: Executor,
  values: readonly (typeof marginLiquidationSales.$inferInsert)[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insert(marginLiquidationSales).values([...values]);
}

/** `meetCall` of many users (each at its level) in one statement. */
export async function meetCalls(
  db: Executor,
  met: readonly { userId: bigint; levelBasisPoints: number }[],
  at: Date,
): Promise<void> {
  if (met.length === 0) return;
  const values = sql.join(
    met.map((row) => sql`(${row.userId.toString()}::bigint, ${row.levelBasisPoints}::integer)`),
    sql`, `,
  );
  await db.execute(sql`update margin_calls set state = 'met', met_at = ${at.toISOString()}::timestamptz,
      met_level_basis_points = met.level
    from (values ${values}) as met (user_id, level)
    where margin_calls.user_id = met.user_id and margin_calls.state = 'open'`);
}

export async function latestLiquidation(db: Executor, userId: bigint) {
  const rows = await db
    .select()
    .from(marginLiquidations)
    .where(eq(marginLiquidations.userId, userId))
    .orderBy(desc(marginLiquidations.id))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const sales = await db
    .select()
    .from(marginLiquidationSales)
    .where(eq(marginLiquidationSales.liquidationId, row.id))
    .orderBy(marginLiquidationSales.id);
  return { ...row, sales };
}

/** The user's liquidations, newest first (at most `limit`), each with its sales in order. */
export async function liquidationsOf(db: Executor, userId: bigint, limit: number) {
  const rows = await db
    .select()
    .from(marginLiquidations)
    .where(eq(marginLiquidations.userId, userId))
    .orderBy(desc(marginLiquidations.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const sales = await db
    .select()
    .from(marginLiquidationSales)
    .where(
      inArray(
        marginLiquidationSales.liquidationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(marginLiquidationSales.id);
  return rows.map((row) => ({ ...row, sales: sales.filter((sale) => sale.liquidationId === row.id) }));
}

/** When each user's running liquidation's lease ends, read in the shared round (db/read-round.ts). */
export const liquidationLeasesRead: RoundRead<bigint, Date> = {
  keyOf: String,
  rowsOf: (userIds) =>
    sql`select json_agg(json_build_array(${marginLiquidations.userId}::text, ${jsonTime(marginLiquidations.claimedUntil)}))
      from ${marginLiquidations}
      where ${marginLiquidations.userId} = any(${bigintArray(userIds)}) and ${marginLiquidations.state} = 'running'`,
  collect: (rows) =>
    new Map(
      (rows as Array<[string, string]>).map(([userId, claimedUntil]) => [
        userId,
        jsonDate(claimedUntil) as Date,
      ]),
    ),
};
