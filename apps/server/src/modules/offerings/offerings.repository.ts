import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { bigintArray } from '../../db/sql-arrays';
import { queryRows } from '../../ledger/ledger.repository';
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

/** What the draw reads of each subscription: its id and the quantity asked for, in id order. */
export async function subscriptionQuantitiesOf(db: Executor, offeringId: bigint) {
  return db
    .select({ id: ipoSubscriptions.id, quantity: ipoSubscriptions.quantity })
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.offeringId, offeringId))
    .orderBy(asc(ipoSubscriptions.id));
}

/** The one-by-one form of a draw and its settlement (the batch test's reference). */
export async function setSubscriptionDrawn(
  db: Executor,
  id: bigint,
  values: Pick<
    typeof ipoSubscriptions.$inferInsert,
    'allocatedQuantity' | 'paidMinor' | 'releasedMinor' | 'orderId' | 'drawnAt' | 'settledAt'
  >,
) {
  await db
    .update(ipoSubscriptions)
    .set(values)
    .where(and(eq(ipoSubscriptions.id, id), sql`${ipoSubscriptions.drawnAt} is null`));
}

/**
 * The draw's result written to every subscription of the offering by one statement that applies
 * the published rule for one subscription (docs/ipo-draw.md, "Checking your own result"; the app's
 * `lotsWonBy`): not oversubscribed, the lots asked; else min(lots, full rounds), plus one when more
 * were asked and the ticket hex(SHA-256(seed ":" id)) is at or below the cutoff. Answers what it
 * wrote in sums, for the caller to compare with `runDraw`'s own allocation.
 */
export async function allocateByPublishedRule(
  db: Executor,
  offering: Pick<OfferingRow, 'id' | 'seed' | 'lotSize'>,
  published: { isOversubscribed: boolean; fullRounds: number; cutoffTicket: string | null },
  drawnAt: Date,
) {
  const lots = sql`(s.quantity / ${offering.lotSize.toString()}::bigint)`;
  const won = published.isOversubscribed
    ? sql`least(${lots}, ${published.fullRounds}::bigint) + case when ${lots} > ${published.fullRounds}::bigint
        and encode(sha256(convert_to(${offering.seed}::text || ':' || s.id::text, 'UTF8')), 'hex') collate "C"
          <= ${published.cutoffTicket}::text collate "C" then 1 else 0 end`
    : lots;
  const rows = await queryRows<{ rows: string; winners: string; allocated: string; weighted: string }>(
    db,
    sql`
    with written as (
      update ipo_subscriptions s
      set allocated_quantity = ${offering.lotSize.toString()}::bigint * (${won}),
        drawn_at = ${drawnAt.toISOString()}::timestamptz
      where s.offering_id = ${offering.id.toString()}::bigint and s.drawn_at is null
      returning s.id, s.allocated_quantity)
    select count(*)::text as rows, count(*) filter (where allocated_quantity > 0)::text as winners,
      coalesce(sum(allocated_quantity), 0)::text as allocated,
      coalesce(sum(id::numeric * allocated_quantity), 0)::text as weighted
    from written`,
  );
  const [sums] = rows;
  if (!sums) throw new Error('allocateByPublishedRule returned no row');
  return {
    rows: BigInt(sums.rows),
    winners: BigInt(sums.winners),
    allocated: BigInt(sums.allocated),
    weighted: BigInt(sums.weighted),
  };
}

/**
 * Claims one drawn offering whose subscriptions are not all settled: its row locked for update,
 * skipping one another node is settling (that node settles it; this one finds the next).
 */
export async function claimUnsettledOffering(db: Executor): Promise<OfferingRow | undefined> {
  const rows = await db
    .select()
    .from(ipoOfferings)
    .where(and(isNotNull(ipoOfferings.drawnAt), isNull(ipoOfferings.settledAt)))
    .orderBy(asc(ipoOfferings.drawnAt), asc(ipoOfferings.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/** The next drawn, unsettled subscriptions of an offering after `afterId`, in id order. */
export async function unsettledSubscriptions(
  db: Executor,
  offeringId: bigint,
  afterId: bigint,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(ipoSubscriptions)
    .where(
      and(
        eq(ipoSubscriptions.offeringId, offeringId),
        gt(ipoSubscriptions.id, afterId),
        isNotNull(ipoSubscriptions.drawnAt),
        isNull(ipoSubscriptions.settledAt),
      ),
    )
    .orderBy(asc(ipoSubscriptions.id))
    .limit(limit);
}

/** Many allocations settled in one statement: what each paid and released, and its order. */
export async function setSubscriptionsSettled(
  db: Executor,
  rows: readonly { id: bigint; paidMinor: bigint; releasedMinor: bigint; orderId: bigint | null }[],
  settledAt: Date,
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ipo_subscriptions s
    set paid_minor = d.paid, released_minor = d.released, order_id = d.order_id,
      settled_at = ${settledAt.toISOString()}::timestamptz
    from unnest(${bigintArray(rows.map((row) => row.id))},
      ${bigintArray(rows.map((row) => row.paidMinor))},
      ${bigintArray(rows.map((row) => row.releasedMinor))},
      ${bigintArray(rows.map((row) => row.orderId))}) as d(id, paid, released, order_id)
    where s.id = d.id and s.settled_at is null`);
}

export async function setOfferingSettled(db: Executor, id: bigint, settledAt: Date) {
  await db.update(ipoOfferings).set({ settledAt }).where(eq(ipoOfferings.id, id));
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
