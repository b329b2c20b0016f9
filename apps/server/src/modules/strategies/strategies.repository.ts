import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  strategies,
  strategyHoldings,
  strategyNavs,
  strategyPrices,
  strategyRequests,
} from './strategies.tables';

export type StrategyRow = typeof strategies.$inferSelect;
export type StrategyNavRow = typeof strategyNavs.$inferSelect;
export type StrategyRequestRow = typeof strategyRequests.$inferSelect;
export type StrategyHoldingRow = typeof strategyHoldings.$inferSelect;

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what} returned no row`);
  return row;
};

/** Inserts the strategy unless its code exists; answers the row either way. */
export async function ensureStrategy(db: Executor, values: typeof strategies.$inferInsert) {
  await db.insert(strategies).values(values).onConflictDoNothing({ target: strategies.code });
  return one(await db.select().from(strategies).where(eq(strategies.code, values.code)), 'strategy by code');
}

/** Inserts a new strategy; a code that exists fails on the unique index (23505). */
export async function insertStrategy(db: Executor, values: typeof strategies.$inferInsert) {
  return one(await db.insert(strategies).values(values).returning(), 'insert into strategies');
}

export async function listStrategies(db: Executor): Promise<StrategyRow[]> {
  return db.select().from(strategies).orderBy(asc(strategies.id));
}

export async function findStrategy(db: Executor, id: bigint): Promise<StrategyRow | undefined> {
  return (await db.select().from(strategies).where(eq(strategies.id, id)).limit(1))[0];
}

export async function findStrategyByCode(db: Executor, code: string): Promise<StrategyRow | undefined> {
  return (await db.select().from(strategies).where(eq(strategies.code, code)).limit(1))[0];
}

export async function lockStrategy(db: Executor, id: bigint): Promise<StrategyRow | undefined> {
  return (await db.select().from(strategies).where(eq(strategies.id, id)).for('update'))[0];
}

export async function lockStrategyShared(db: Executor, id: bigint): Promise<StrategyRow | undefined> {
  return (await db.select().from(strategies).where(eq(strategies.id, id)).for('share'))[0];
}

export async function updateStrategy(
  db: Executor,
  id: bigint,
  values: Partial<typeof strategies.$inferInsert>,
) {
  return one(
    await db.update(strategies).set(values).where(eq(strategies.id, id)).returning(),
    'update strategies',
  );
}

export async function insertNav(db: Executor, values: typeof strategyNavs.$inferInsert) {
  return one(await db.insert(strategyNavs).values(values).returning(), 'insert into strategy_navs');
}

export async function findNav(db: Executor, strategyId: bigint, date: string) {
  return (
    await db
      .select()
      .from(strategyNavs)
      .where(and(eq(strategyNavs.strategyId, strategyId), eq(strategyNavs.date, date)))
  )[0];
}

export async function navHistory(db: Executor, strategyId: bigint): Promise<StrategyNavRow[]> {
  return db
    .select()
    .from(strategyNavs)
    .where(eq(strategyNavs.strategyId, strategyId))
    .orderBy(asc(strategyNavs.date));
}

export async function recordPrices(
  db: Executor,
  rows: readonly { strategyId: bigint; date: string; symbol: string; priceMinor: bigint }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(strategyPrices)
    .values([...rows])
    .onConflictDoNothing();
}

/** The prices the rule recorded, oldest first, per symbol. */
export async function pricesOf(db: Executor, strategyId: bigint): Promise<Map<string, bigint[]>> {
  const rows = await db
    .select()
    .from(strategyPrices)
    .where(eq(strategyPrices.strategyId, strategyId))
    .orderBy(asc(strategyPrices.date));
  const bySymbol = new Map<string, bigint[]>();
  for (const row of rows) bySymbol.set(row.symbol, [...(bySymbol.get(row.symbol) ?? []), row.priceMinor]);
  return bySymbol;
}

export async function findRequestByKey(db: Executor, userId: bigint, key: string) {
  return (
    await db
      .select()
      .from(strategyRequests)
      .where(and(eq(strategyRequests.userId, userId), eq(strategyRequests.idempotencyKey, key)))
  )[0];
}

export async function insertRequest(db: Executor, values: typeof strategyRequests.$inferInsert) {
  return one(await db.insert(strategyRequests).values(values).returning(), 'insert into strategy_requests');
}

export async function updateRequest(
  db: Executor,
  id: bigint,
  values: Partial<typeof strategyRequests.$inferInsert>,
) {
  return one(
    await db.update(strategyRequests).set(values).where(eq(strategyRequests.id, id)).returning(),
    'update strategy_requests',
  );
}

/** Pending requests of a strategy that may be settled at `at`, oldest first. */
export async function dueRequests(db: Executor, strategyId: bigint, at: Date): Promise<StrategyRequestRow[]> {
  return db
    .select()
    .from(strategyRequests)
    .where(
      and(
        eq(strategyRequests.strategyId, strategyId),
        eq(strategyRequests.state, 'pending'),
        lte(strategyRequests.eligibleAt, at),
      ),
    )
    .orderBy(asc(strategyRequests.id));
}

/** Units of pending redemptions per strategy (for one user, or all users when userId is null). */
export async function unitsRedeeming(db: Executor, strategyId: bigint, userId: bigint | null) {
  const rows = await db
    .select({ units: sql<string>`coalesce(sum(${strategyRequests.unitsMinor}), 0)::text` })
    .from(strategyRequests)
    .where(
      and(
        eq(strategyRequests.strategyId, strategyId),
        eq(strategyRequests.kind, 'redeem'),
        eq(strategyRequests.state, 'pending'),
        ...(userId === null ? [] : [eq(strategyRequests.userId, userId)]),
      ),
    );
  return BigInt(rows[0]?.units ?? '0');
}

export async function userRequests(
  db: Executor,
  userId: bigint,
  strategyId: bigint | null,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(strategyRequests.userId, userId),
    ...(strategyId === null ? [] : [eq(strategyRequests.strategyId, strategyId)]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(strategyRequests)
      .where(where)
      .orderBy(desc(strategyRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(strategyRequests).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findHolding(db: Executor, strategyId: bigint, userId: bigint) {
  return (
    await db
      .select()
      .from(strategyHoldings)
      .where(and(eq(strategyHoldings.strategyId, strategyId), eq(strategyHoldings.userId, userId)))
  )[0];
}

export async function userHoldings(db: Executor, userId: bigint): Promise<StrategyHoldingRow[]> {
  return db.select().from(strategyHoldings).where(eq(strategyHoldings.userId, userId));
}

/** Takes units and their cost out of a follower's holding. */
export async function takeFromHolding(
  db: Executor,
  values: { strategyId: bigint; userId: bigint; unitsMinor: bigint; costMinor: bigint; updatedAt: Date },
) {
  await db
    .update(strategyHoldings)
    .set({
      unitsMinor: sql`${strategyHoldings.unitsMinor} - ${values.unitsMinor}`,
      costMinor: sql`${strategyHoldings.costMinor} - ${values.costMinor}`,
      updatedAt: values.updatedAt,
    })
    .where(
      and(eq(strategyHoldings.strategyId, values.strategyId), eq(strategyHoldings.userId, values.userId)),
    );
}

/** Adds units and cost to a follower's holding, creating it. */
export async function addToHolding(
  db: Executor,
  values: { strategyId: bigint; userId: bigint; unitsMinor: bigint; costMinor: bigint; updatedAt: Date },
) {
  await db
    .insert(strategyHoldings)
    .values(values)
    .onConflictDoUpdate({
      target: [strategyHoldings.strategyId, strategyHoldings.userId],
      set: {
        unitsMinor: sql`${strategyHoldings.unitsMinor} + ${values.unitsMinor}`,
        costMinor: sql`${strategyHoldings.costMinor} + ${values.costMinor}`,
        updatedAt: values.updatedAt,
      },
    });
}

export async function strategiesByIds(db: Executor, ids: readonly bigint[]): Promise<StrategyRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(strategies)
    .where(inArray(strategies.id, [...ids]));
}

export type StrategyStaffTotals = {
  followers: number;
  pendingFollows: number;
  pendingFollowMinor: bigint;
  pendingRedemptions: number;
  pendingRedemptionUnitsMinor: bigint;
};

/** Per strategy: users holding units, and the follows and redemptions still pending (staff list). */
export async function staffTotals(db: Executor): Promise<Map<bigint, StrategyStaffTotals>> {
  const [holders, pending] = await Promise.all([
    db
      .select({ strategyId: strategyHoldings.strategyId, followers: count() })
      .from(strategyHoldings)
      .where(sql`${strategyHoldings.unitsMinor} > 0`)
      .groupBy(strategyHoldings.strategyId),
    db
      .select({
        strategyId: strategyRequests.strategyId,
        kind: strategyRequests.kind,
        requests: count(),
        amount: sql<string>`coalesce(sum(${strategyRequests.amountMinor}), 0)::text`,
        units: sql<string>`coalesce(sum(${strategyRequests.unitsMinor}), 0)::text`,
      })
      .from(strategyRequests)
      .where(eq(strategyRequests.state, 'pending'))
      .groupBy(strategyRequests.strategyId, strategyRequests.kind),
  ]);
  const totals = new Map<bigint, StrategyStaffTotals>();
  const of = (strategyId: bigint) => {
    let entry = totals.get(strategyId);
    if (!entry) {
      entry = {
        followers: 0,
        pendingFollows: 0,
        pendingFollowMinor: 0n,
        pendingRedemptions: 0,
        pendingRedemptionUnitsMinor: 0n,
      };
      totals.set(strategyId, entry);
    }
    return entry;
  };
  for (const row of holders) of(row.strategyId).followers = row.followers;
  for (const row of pending) {
    const entry = of(row.strategyId);
    if (row.kind === 'follow') {
      entry.pendingFollows = row.requests;
      entry.pendingFollowMinor = BigInt(row.amount);
    } else {
      entry.pendingRedemptions = row.requests;
      entry.pendingRedemptionUnitsMinor = BigInt(row.units);
    }
  }
  return totals;
}

/** The user's own requests among these ids (a record names its request). */
export async function userRequestsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(strategyRequests)
    .where(and(eq(strategyRequests.userId, userId), inArray(strategyRequests.id, [...ids])));
}
