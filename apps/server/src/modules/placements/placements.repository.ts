import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { bigintArray } from '../../db/sql-arrays';
import { placementSubscriptions, placements } from './placements.tables';

export type PlacementRow = typeof placements.$inferSelect;
export type PlacementSubscriptionRow = typeof placementSubscriptions.$inferSelect;

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what} returned no row`);
  return row;
};

export async function insertPlacement(db: Executor, values: typeof placements.$inferInsert) {
  return one(await db.insert(placements).values(values).returning(), 'insert into placements');
}

/** The simulator's latest placement (demo mode): its round and when its window closes. */
export async function latestDemoPlacement(db: Executor) {
  const rows = await db
    .select({ id: placements.id, demoRound: placements.demoRound, closesAt: placements.closesAt })
    .from(placements)
    .where(isNotNull(placements.demoRound))
    .orderBy(desc(placements.demoRound))
    .limit(1);
  return rows[0];
}

export async function findPlacement(db: Executor, id: bigint): Promise<PlacementRow | undefined> {
  const rows = await db.select().from(placements).where(eq(placements.id, id)).limit(1);
  return rows[0];
}

export async function placementsByIds(db: Executor, ids: readonly bigint[]): Promise<PlacementRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(placements)
    .where(inArray(placements.id, [...ids]));
}

/** The placement's row under a share lock: subscriptions wait for a close that holds it, and the reverse. */
export async function lockPlacementShared(db: Executor, id: bigint): Promise<PlacementRow | undefined> {
  const rows = await db.select().from(placements).where(eq(placements.id, id)).for('share');
  return rows[0];
}

/** The placement's row locked for update (staff closing it early wait for subscriptions in flight). */
export async function lockPlacement(db: Executor, id: bigint): Promise<PlacementRow | undefined> {
  const rows = await db.select().from(placements).where(eq(placements.id, id)).for('update');
  return rows[0];
}

/** A page of placements, newest window first; `staffOnly` leaves out the simulator's. */
export async function listPlacements(
  db: Executor,
  page: number,
  pageSize: number,
  options: { staffOnly?: boolean } = {},
) {
  const where = options.staffOnly ? eq(placements.createdBy, 'staff') : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(placements)
      .where(where)
      .orderBy(desc(placements.opensAt), desc(placements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(placements).where(where),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}

/** Requested shares and subscription count per placement. */
export async function totalsOf(db: Executor, ids: readonly bigint[]) {
  if (ids.length === 0) return new Map<bigint, { quantity: bigint; count: number }>();
  const rows = await db
    .select({
      placementId: placementSubscriptions.placementId,
      quantity: sql<string>`coalesce(sum(${placementSubscriptions.quantity}), 0)::text`,
      count: count(),
    })
    .from(placementSubscriptions)
    .where(inArray(placementSubscriptions.placementId, [...ids]))
    .groupBy(placementSubscriptions.placementId);
  return new Map(rows.map((row) => [row.placementId, { quantity: BigInt(row.quantity), count: row.count }]));
}

/**
 * Claims one placement whose window has closed and that is not settled, its row locked for
 * update, skipping one another node is allocating (that node settles it; this one finds the next).
 */
export async function claimDuePlacement(db: Executor, now: Date): Promise<PlacementRow | undefined> {
  const rows = await db
    .select()
    .from(placements)
    .where(and(isNull(placements.settledAt), lte(placements.closesAt, now)))
    .orderBy(asc(placements.closesAt), asc(placements.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function setSettled(
  db: Executor,
  id: bigint,
  values: Pick<
    typeof placements.$inferInsert,
    'settledAt' | 'closedEarlyAt' | 'closeReason' | 'quantityAllocated'
  >,
) {
  return one(
    await db
      .update(placements)
      .set(values)
      .where(and(eq(placements.id, id), isNull(placements.settledAt)))
      .returning(),
    'update placements',
  );
}

export async function insertSubscription(db: Executor, values: typeof placementSubscriptions.$inferInsert) {
  return one(
    await db.insert(placementSubscriptions).values(values).returning(),
    'insert into placement_subscriptions',
  );
}

export async function findSubscriptionByKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(placementSubscriptions)
    .where(and(eq(placementSubscriptions.userId, userId), eq(placementSubscriptions.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/** Shares the user requested from the placement on `day`. */
export async function userQuantityOnDay(db: Executor, userId: bigint, placementId: bigint, day: string) {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${placementSubscriptions.quantity}), 0)::text` })
    .from(placementSubscriptions)
    .where(
      and(
        eq(placementSubscriptions.userId, userId),
        eq(placementSubscriptions.placementId, placementId),
        eq(placementSubscriptions.day, day),
      ),
    );
  return BigInt(rows[0]?.total ?? '0');
}

export async function userSubscriptionsTo(db: Executor, userId: bigint, placementId: bigint) {
  return db
    .select()
    .from(placementSubscriptions)
    .where(
      and(eq(placementSubscriptions.userId, userId), eq(placementSubscriptions.placementId, placementId)),
    )
    .orderBy(desc(placementSubscriptions.id));
}

export async function listUserSubscriptions(db: Executor, userId: bigint, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(placementSubscriptions)
      .where(eq(placementSubscriptions.userId, userId))
      .orderBy(desc(placementSubscriptions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(placementSubscriptions)
      .where(eq(placementSubscriptions.userId, userId)),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}

export async function subscriptionsOf(
  db: Executor,
  placementId: bigint,
): Promise<PlacementSubscriptionRow[]> {
  return db
    .select()
    .from(placementSubscriptions)
    .where(eq(placementSubscriptions.placementId, placementId))
    .orderBy(asc(placementSubscriptions.id));
}

export async function setSubscriptionSettled(
  db: Executor,
  id: bigint,
  values: Pick<
    typeof placementSubscriptions.$inferInsert,
    'allocatedQuantity' | 'paidMinor' | 'releasedMinor' | 'orderId' | 'settledAt'
  >,
) {
  await db
    .update(placementSubscriptions)
    .set(values)
    .where(and(eq(placementSubscriptions.id, id), isNull(placementSubscriptions.settledAt)));
}

/** `setSubscriptionSettled` for many requests in one statement (arrays, not a parameter each). */
export async function setSubscriptionsSettled(
  db: Executor,
  rows: readonly {
    id: bigint;
    allocatedQuantity: bigint;
    paidMinor: bigint;
    releasedMinor: bigint;
    orderId: bigint | null;
  }[],
  settledAt: Date,
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update placement_subscriptions s
    set allocated_quantity = d.allocated, paid_minor = d.paid, released_minor = d.released,
      order_id = d.order_id, settled_at = ${settledAt.toISOString()}::timestamptz
    from unnest(${bigintArray(rows.map((row) => row.id))},
      ${bigintArray(rows.map((row) => row.allocatedQuantity))},
      ${bigintArray(rows.map((row) => row.paidMinor))},
      ${bigintArray(rows.map((row) => row.releasedMinor))},
      ${bigintArray(rows.map((row) => row.orderId))}) as d(id, allocated, paid, released, order_id)
    where s.id = d.id and s.settled_at is null`);
}

export async function setSubscriptionHold(db: Executor, id: bigint, holdId: bigint) {
  return one(
    await db
      .update(placementSubscriptions)
      .set({ holdId })
      .where(eq(placementSubscriptions.id, id))
      .returning(),
    'update placement_subscriptions',
  );
}

/** The user's own subscriptions among these ids (a record names its subscription). */
export async function userSubscriptionsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(placementSubscriptions)
    .where(and(eq(placementSubscriptions.userId, userId), inArray(placementSubscriptions.id, [...ids])));
}
