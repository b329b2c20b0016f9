import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { bigintArray } from '../../db/sql-arrays';
import { ipoOfferings, ipoSubscriptions } from './offerings.tables';

export type OfferingRow = typeof ipoOfferings.$inferSelect;
export type SubscriptionRow = typeof ipoSubscriptions.$inferSelect;

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (row === undefined) throw new Error(`${what} returned no row`);
  return row;
};

export async function insertOffering(db: Executor, values: typeof ipoOfferings.$inferInsert) {
  return one(await db.insert(ipoOfferings).values(values).returning(), 'insert into ipo_offerings');
}

export async function findOffering(db: Executor, id: bigint): Promise<OfferingRow | undefined> {
  const rows = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id)).limit(1);
  return rows[0];
}

export async function offeringsByIds(db: Executor, ids: readonly bigint[]): Promise<OfferingRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ipoOfferings)
    .where(inArray(ipoOfferings.id, [...ids]));
}

/** The offering's row under a share lock: subscriptions wait for a draw that holds it, and the reverse. */
export async function lockOfferingShared(db: Executor, id: bigint): Promise<OfferingRow | undefined> {
  const rows = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id)).for('share');
  return rows[0];
}

/** A page of offerings, newest window first; `staffOnly` leaves out the simulator's. */
export async function listOfferings(
  db: Executor,
  page: number,
  pageSize: number,
  options: { staffOnly?: boolean } = {},
) {
  const where = options.staffOnly ? eq(ipoOfferings.createdBy, 'staff') : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(ipoOfferings)
      .where(where)
      .orderBy(desc(ipoOfferings.opensAt), desc(ipoOfferings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(ipoOfferings).where(where),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}

/**
 * Claims one offering whose lottery date has passed and that is not drawn: its row locked for
 * update, skipping one another node is drawing (that node draws it; this one finds the next).
 */
export async function claimDueOffering(db: Executor, now: Date): Promise<OfferingRow | undefined> {
  const rows = await db
    .select()
    .from(ipoOfferings)
    .where(and(isNull(ipoOfferings.drawnAt), lte(ipoOfferings.lotteryAt, now)))
    .orderBy(asc(ipoOfferings.lotteryAt), asc(ipoOfferings.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function setDrawn(
  db: Executor,
  id: bigint,
  values: Pick<
    typeof ipoOfferings.$inferInsert,
    'drawnAt' | 'fullRounds' | 'cutoffTicket' | 'lotsRequested' | 'lotsAllocated' | 'subscriptionCount'
  >,
) {
  await db.update(ipoOfferings).set(values).where(eq(ipoOfferings.id, id));
}

export async function insertSubscription(db: Executor, values: typeof ipoSubscriptions.$inferInsert) {
  return one(await db.insert(ipoSubscriptions).values(values).returning(), 'insert into ipo_subscriptions');
}

export async function findSubscriptionByKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.userId, userId), eq(ipoSubscriptions.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function countUserSubscriptions(db: Executor, userId: bigint, offeringId: bigint) {
  const rows = await db
    .select({ total: count() })
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.userId, userId), eq(ipoSubscriptions.offeringId, offeringId)));
  return rows[0]?.total ?? 0;
}

export async function userSubscriptionsTo(db: Executor, userId: bigint, offeringId: bigint) {
  return db
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.userId, userId), eq(ipoSubscriptions.offeringId, offeringId)))
    .orderBy(desc(ipoSubscriptions.id));
}

export async function listUserSubscriptions(db: Executor, userId: bigint, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(ipoSubscriptions)
      .where(eq(ipoSubscriptions.userId, userId))
      .orderBy(desc(ipoSubscriptions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(ipoSubscriptions).where(eq(ipoSubscriptions.userId, userId)),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}

export async function subscriptionsOf(db: Executor, offeringId: bigint): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.offeringId, offeringId))
    .orderBy(asc(ipoSubscriptions.id));
}

export async function setSubscriptionDrawn(
  db: Executor,
  id: bigint,
  values: Pick<
    typeof ipoSubscriptions.$inferInsert,
    'allocatedQuantity' | 'paidMinor' | 'releasedMinor' | 'orderId' | 'drawnAt'
  >,
) {
  await db
    .update(ipoSubscriptions)
    .set(values)
    .where(and(eq(ipoSubscriptions.id, id), sql`${ipoSubscriptions.drawnAt} is null`));
}

/** `setSubscriptionDrawn` for many subscriptions in one statement (arrays, not a parameter each). */
export async function setSubscriptionsDrawn(
  db: Executor,
  rows: readonly {
    id: bigint;
    allocatedQuantity: bigint;
    paidMinor: bigint;
    releasedMinor: bigint;
    orderId: bigint | null;
  }[],
  drawnAt: Date,
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ipo_subscriptions s
    set allocated_quantity = d.allocated, paid_minor = d.paid, released_minor = d.released,
      order_id = d.order_id, drawn_at = ${drawnAt.toISOString()}::timestamptz
    from unnest(${bigintArray(rows.map((row) => row.id))},
      ${bigintArray(rows.map((row) => row.allocatedQuantity))},
      ${bigintArray(rows.map((row) => row.paidMinor))},
      ${bigintArray(rows.map((row) => row.releasedMinor))},
      ${bigintArray(rows.map((row) => row.orderId))}) as d(id, allocated, paid, released, order_id)
    where s.id = d.id and s.drawn_at is null`);
}

export async function setSubscriptionHold(db: Executor, id: bigint, holdId: bigint) {
  return one(
    await db.update(ipoSubscriptions).set({ holdId }).where(eq(ipoSubscriptions.id, id)).returning(),
    'update ipo_subscriptions',
  );
}

/** The user's own subscriptions among these ids (a record names its subscription). */
export async function userSubscriptionsByIds(db: Executor, userId: bigint, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ipoSubscriptions)
    .where(and(eq(ipoSubscriptions.userId, userId), inArray(ipoSubscriptions.id, [...ids])));
}
