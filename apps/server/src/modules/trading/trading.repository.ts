import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { OrderListTab, PositionState } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { columnArrays, insertMany, rowsOf } from '../../db/insert-many';
import { jsonBigint, type RoundRead } from '../../db/read-round';
import { bigintArray, intArray, textArray, timestamptzArray } from '../../db/sql-arrays';
import {
  corporateActionPayments,
  fills,
  orders,
  positionLots,
  positions,
  settlements,
} from './trading.tables';

// Orders, fills, positions, lots and settlements, through Drizzle (its `sql` where a statement needs
// it); every function takes (db | tx) first.

export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type FillInsert = typeof fills.$inferInsert;
export type PositionRow = typeof positions.$inferSelect;
export type LotRow = typeof positionLots.$inferSelect;
export type PaymentRow = typeof corporateActionPayments.$inferSelect;

const one = <T>(rows: T[], what: string): T => {
  const row = rows[0];
  if (!row) throw new Error(`${what} returned no row`);
  return row;
};

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  return one(await db.insert(orders).values(values).returning(), 'insert into orders');
}

/** Inserts many orders in one statement; answers them in the order of `values`. */
export async function insertOrders(
  db: Executor,
  values: ReadonlyArray<typeof orders.$inferInsert>,
): Promise<OrderRow[]> {
  if (values.length === 0) return [];
  const rows = await insertMany(db, orders, values);
  const byKey = new Map(rows.map((row) => [`${row.userId}\0${row.idempotencyKey}`, row]));
  return values.map((value) => {
    const row = byKey.get(`${value.userId}\0${value.idempotencyKey}`);
    if (!row) throw new Error(`order ${value.idempotencyKey} of user ${value.userId} not inserted`);
    return row;
  });
}

/** Inserts many orders; one whose (user, key) exists already is skipped (not in the answer). */
export async function insertOrdersUnlessKeyed(
  db: Executor,
  values: ReadonlyArray<typeof orders.$inferInsert>,
): Promise<OrderRow[]> {
  return insertMany(db, orders, values, { skipConflictsOn: [orders.userId, orders.idempotencyKey] });
}

/** `count` new order ids from the orders' identity sequence (for rows written with their id). */
export async function drawOrderIds(db: Executor, count: number): Promise<bigint[]> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('orders', 'id'))::text as id from generate_series(1, ${count}::int)`,
  )) as unknown as { rows: Array<{ id: string }> };
  return result.rows.map((row) => BigInt(row.id));
}

/**
 * The body of a data-modifying CTE that inserts the orders whose cash the same statement held
 * (`ledger.holdMany`'s `alongside`): `values[i]` is written only when `held` has a row whose
 * `ordinal` is i, with that row's `hold_id`. Every column is given (the ids drawn by `drawOrderIds`),
 * so the rows written are `values` with their hold ids. No `on conflict`: a (user, key) written
 * meanwhile fails the whole statement.
 */
export function insertHeldOrdersSql(values: readonly OrderRow[], held: SQL): SQL {
  const { names, arrays } = columnArrays(
    orders,
    values.map(({ holdId: _holdId, ...value }) => value),
  );
  const quoted = names.map((name) => `"${name}"`);
  const given = sql.raw(quoted.map((name) => `given.${name}`).join(', '));
  return sql`insert into orders (${sql.raw(quoted.join(', '))}, hold_id) overriding system value
    select ${given}, ${held}.hold_id
    from unnest(${sql.join(arrays, sql`, `)}) with ordinality as given (${sql.raw(quoted.join(', '))}, ordinal)
      join ${held} on ${held}.ordinal = given.ordinal - 1`;
}

/** Sets each order's hold (one statement). */
export async function setHoldIds(
  db: Executor,
  pairs: ReadonlyArray<{ orderId: bigint; holdId: bigint }>,
): Promise<void> {
  if (pairs.length === 0) return;
  const rows = pairs.map(
    (pair) => sql`(${pair.orderId.toString()}::bigint, ${pair.holdId.toString()}::bigint)`,
  );
  await db.execute(sql`update orders set hold_id = given.hold_id
    from (values ${sql.join(rows, sql`, `)}) as given (id, hold_id) where orders.id = given.id`);
}

/** Deletes orders written in this transaction whose hold was refused (they never existed). */
export async function deleteUnheldOrders(db: Executor, orderIds: readonly bigint[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(orders).where(and(inArray(orders.id, [...orderIds]), sql`${orders.holdId} is null`));
}

export async function findOrderByKey(db: Executor, userId: bigint, key: string) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

/** Orders by (user, idempotency key), many at once (batched reads before placement). */
export async function findOrdersByKeys(
  db: Executor,
  keys: ReadonlyArray<{ userId: bigint; idempotencyKey: string }>,
): Promise<OrderRow[]> {
  if (keys.length === 0) return [];
  const pairs = keys.map((key) => sql`(${key.userId.toString()}::bigint, ${key.idempotencyKey}::text)`);
  return db
    .select()
    .from(orders)
    .where(sql`(${orders.userId}, ${orders.idempotencyKey}) in (${sql.join(pairs, sql`, `)})`);
}

/** Which of these (user, idempotency key) pairs name an order: its id, read in the shared round. */
export const orderIdsByKeyRead: RoundRead<{ userId: bigint; idempotencyKey: string }, bigint> = {
  keyOf: (key) => `${key.userId}\0${key.idempotencyKey}`,
  rowsOf: (keys) =>
    sql`select json_agg(json_build_array(${orders.userId}::text, ${orders.idempotencyKey}, ${orders.id}::text))
      from ${orders}
      where (${orders.userId}, ${orders.idempotencyKey}) in (select * from unnest(${bigintArray(keys.map((key) => key.userId))}, ${textArray(keys.map((key) => key.idempotencyKey))}))`,
  collect: (rows) =>
    new Map(
      (rows as Array<[string, string, string]>).map(([userId, idempotencyKey, id]) => [
        `${userId}\0${idempotencyKey}`,
        BigInt(id),
      ]),
    ),
};

export async function findOrder(db: Executor, userId: bigint, orderId: bigint) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)))
    .limit(1);
  return rows[0];
}

/** Locks the order row for the transaction (cancel, fill and expiry decide on it once). */
export async function lockOrder(db: Executor, userId: bigint, orderId: bigint) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.id, orderId)))
    .for('update');
  return rows[0];
}

export async function updateOrder(
  db: Executor,
  orderId: bigint,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  return one(await db.update(orders).set(values).where(eq(orders.id, orderId)).returning(), 'update orders');
}

const tabCondition: Record<OrderListTab, SQL | undefined> = {
  pending: inArray(orders.state, ['pending', 'partially_filled']),
  filled: inArray(orders.state, ['filled', 'partially_filled']),
  cancelled: inArray(orders.state, ['cancelled', 'expired', 'rejected']),
  all: undefined,
};

export async function listOrders(
  db: Executor,
  userId: bigint,
  query: { tab: OrderListTab; symbol?: string | undefined; offset: number; limit: number },
) {
  const where = and(
    eq(orders.userId, userId),
    tabCondition[query.tab],
    query.symbol === undefined ? undefined : eq(orders.symbol, query.symbol),
  );
  const [items, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export async function insertFill(db: Executor, values: typeof fills.$inferInsert): Promise<FillRow> {
  return one(await db.insert(fills).values(values).returning(), 'insert into fills');
}

export async function fillsOfOrders(db: Executor, orderIds: readonly bigint[]): Promise<FillRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(fills)
    .where(inArray(fills.orderId, [...orderIds]))
    .orderBy(asc(fills.id));
}

export async function fillsByIds(db: Executor, fillIds: readonly bigint[]): Promise<FillRow[]> {
  if (fillIds.length === 0) return [];
  return db
    .select()
    .from(fills)
    .where(inArray(fills.id, [...fillIds]));
}

export async function ordersByIds(db: Executor, orderIds: readonly bigint[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

/** The user's holding position in a symbol (long, or `direction` short), locked for the transaction. */
export async function lockHolding(
  db: Executor,
  userId: bigint,
  symbol: string,
  direction: PositionRow['direction'] = 'long',
) {
  const rows = await db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.userId, userId),
        eq(positions.symbol, symbol),
        eq(positions.state, 'holding'),
        eq(positions.direction, direction),
      ),
    )
    .for('update');
  return rows[0];
}

export async function findHolding(
  db: Executor,
  userId: bigint,
  symbol: string,
  direction: PositionRow['direction'] = 'long',
) {
  const rows = await db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.userId, userId),
        eq(positions.symbol, symbol),
        eq(positions.state, 'holding'),
        eq(positions.direction, direction),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Securities lending (issue 16 item 3): the fully paid shares of `symbol` each of these users holds
 * long — the holding, less what pending sales hold, less what remains of lots bought on margin
 * (leverage above 1.00); never below 0.
 */
export async function fullyPaidQuantities(
  db: Executor,
  symbol: string,
  userIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (userIds.length === 0) return new Map();
  const held = await db
    .select({ id: positions.id, userId: positions.userId, quantityMinor: positions.quantityMinor })
    .from(positions)
    .where(
      and(
        inArray(positions.userId, [...userIds]),
        eq(positions.symbol, symbol),
        eq(positions.state, 'holding'),
        eq(positions.direction, 'long'),
      ),
    );
  if (held.length === 0) return new Map();
  const selling = await db
    .select({
      userId: orders.userId,
      heldMinor: sql<string>`sum(${orders.quantityMinor} - ${orders.filledQuantityMinor})`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.userId, [...userIds]),
        eq(orders.symbol, symbol),
        eq(orders.side, 'sell'),
        sql`${orders.state} in ('pending', 'partially_filled')`,
      ),
    )
    .groupBy(orders.userId);
  const onMargin = await db
    .select({
      positionId: positionLots.positionId,
      remainingMinor: sql<string>`sum(${positionLots.remainingMinor})`,
    })
    .from(positionLots)
    .innerJoin(fills, eq(fills.id, positionLots.fillId))
    .innerJoin(orders, eq(orders.id, fills.orderId))
    .where(
      and(
        inArray(
          positionLots.positionId,
          held.map((row) => row.id),
        ),
        sql`${orders.leverageHundredths} > 100`,
      ),
    )
    .groupBy(positionLots.positionId);
  const sellingOf = new Map(selling.map((row) => [row.userId, BigInt(row.heldMinor)]));
  const marginOf = new Map(onMargin.map((row) => [row.positionId, BigInt(row.remainingMinor)]));
  return new Map(
    held.map((row) => {
      const free = row.quantityMinor - (sellingOf.get(row.userId) ?? 0n) - (marginOf.get(row.id) ?? 0n);
      return [row.userId, free > 0n ? free : 0n];
    }),
  );
}

/**
 * Opens the user's holding in a symbol, or does nothing when one is held (the partial unique index
 * decides between two first buys at once; the loser then locks and updates the winner's row).
 */
export async function insertHoldingUnlessHeld(db: Executor, values: typeof positions.$inferInsert) {
  const rows = await db
    .insert(positions)
    .values(values)
    .onConflictDoNothing({
      target: [positions.userId, positions.symbol, positions.direction],
      where: sql`${positions.state} = 'holding'`,
    })
    .returning();
  return rows[0];
}

export async function setFillRealised(
  db: Executor,
  fillId: bigint,
  realisedMinor: bigint,
  realisedEurMinor: bigint,
) {
  await db
    .update(fills)
    .set({ realisedPnlMinor: realisedMinor, realisedPnlEurMinor: realisedEurMinor })
    .where(eq(fills.id, fillId));
}

export async function insertPosition(db: Executor, values: typeof positions.$inferInsert) {
  return one(await db.insert(positions).values(values).returning(), 'insert into positions');
}

export async function updatePosition(
  db: Executor,
  positionId: bigint,
  values: Partial<typeof positions.$inferInsert>,
) {
  return one(
    await db.update(positions).set(values).where(eq(positions.id, positionId)).returning(),
    'update positions',
  );
}

export async function findPosition(db: Executor, userId: bigint, positionId: bigint) {
  const rows = await db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.id, positionId)))
    .limit(1);
  return rows[0];
}

export async function listPositions(
  db: Executor,
  userId: bigint,
  query: { state: PositionState; assetPrefix?: string | undefined; offset?: number; limit?: number },
) {
  const where = and(
    eq(positions.userId, userId),
    eq(positions.state, query.state),
    query.assetPrefix === undefined ? undefined : sql`${positions.asset} like ${`${query.assetPrefix}%`}`,
  );
  const statement = db
    .select()
    .from(positions)
    .where(where)
    .orderBy(desc(positions.updatedAt), desc(positions.id))
    .$dynamic();
  const [items, totals] = await Promise.all([
    query.limit === undefined ? statement : statement.offset(query.offset ?? 0).limit(query.limit),
    db.select({ total: count() }).from(positions).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

/** Every position of a user (holding and closed), for the account totals. */
export async function allPositions(db: Executor, userId: bigint) {
  return db.select().from(positions).where(eq(positions.userId, userId));
}

/** The symbols each of these users holds now (one row per user and symbol). */
export async function heldSymbolsOf(db: Executor, userIds: readonly bigint[]) {
  if (userIds.length === 0) return [];
  return db
    .selectDistinct({ userId: positions.userId, symbol: positions.symbol })
    .from(positions)
    .where(and(inArray(positions.userId, [...userIds]), eq(positions.state, 'holding')));
}

export async function insertLot(db: Executor, values: typeof positionLots.$inferInsert) {
  return one(await db.insert(positionLots).values(values).returning(), 'insert into position_lots');
}

/** Open lots, oldest first (FIFO). */
export async function openLots(db: Executor, positionId: bigint): Promise<LotRow[]> {
  return db
    .select()
    .from(positionLots)
    .where(and(eq(positionLots.positionId, positionId), gt(positionLots.remainingMinor, 0n)))
    .orderBy(asc(positionLots.openedAt), asc(positionLots.id));
}

export async function setLotRemaining(db: Executor, lotId: bigint, remainingMinor: bigint) {
  await db.update(positionLots).set({ remainingMinor }).where(eq(positionLots.id, lotId));
}

export async function insertSettlement(db: Executor, values: typeof settlements.$inferInsert) {
  await db.insert(settlements).values(values);
}

/** Proceeds not yet settled on `today` (ISO date), per currency. */
export async function unsettled(db: Executor, userId: bigint, today: string) {
  return db
    .select({
      currency: settlements.currency,
      amountMinor: sql<string>`sum(${settlements.amountMinor})`,
      firstSettlesOn: sql<string>`min(${settlements.settlesOn})`,
      lastSettlesOn: sql<string>`max(${settlements.settlesOn})`,
    })
    .from(settlements)
    .where(and(eq(settlements.userId, userId), gt(settlements.settlesOn, today)))
    .groupBy(settlements.currency);
}

/** The states of an order still waiting to fill (a resting order). */
const pendingStates: readonly OrderRow['state'][] = ['pending', 'partially_filled'];
const isPending = inArray(orders.state, [...pendingStates]);

/** A pending order as the resting index reads it: every number as text (see `restingOrderOf`). */
export type PendingRestingRow = {
  id: string;
  symbol: string;
  side: OrderRow['side'];
  type: OrderRow['type'];
  limit_price_minor: string | null;
  stop_price_minor: string | null;
  trail_amount_minor: string | null;
  trail_basis_points: number | null;
  trail_reference_minor: string | null;
};

/**
 * Every order waiting for the quote stream (resting limits, stops, trailing stops, market orders
 * queued for the open), as plain rows: the 30 s reload reads them all, so the rows are not mapped
 * here at once but by the index, a chunk per turn of the event loop (`restingOrderOf`).
 */
export async function pendingRestingOrders(db: Executor): Promise<PendingRestingRow[]> {
  const result = (await db.execute(sql`select ${orders.id}::text as id, ${orders.symbol} as symbol,
      ${orders.side} as side, ${orders.type} as type, ${orders.limitPriceMinor}::text as limit_price_minor,
      ${orders.stopPriceMinor}::text as stop_price_minor, ${orders.trailAmountMinor}::text as trail_amount_minor,
      ${orders.trailBasisPoints} as trail_basis_points, ${orders.trailReferenceMinor}::text as trail_reference_minor
    from ${orders} where ${isPending}`)) as unknown as { rows: PendingRestingRow[] };
  return result.rows;
}

/** A pending row's values as the order row has them. */
export const restingOrderOf = (row: PendingRestingRow) => ({
  id: BigInt(row.id),
  symbol: row.symbol,
  side: row.side,
  type: row.type,
  limitPriceMinor: jsonBigint(row.limit_price_minor),
  stopPriceMinor: jsonBigint(row.stop_price_minor),
  trailAmountMinor: jsonBigint(row.trail_amount_minor),
  trailBasisPoints: row.trail_basis_points === null ? null : Number(row.trail_basis_points),
  trailReferenceMinor: jsonBigint(row.trail_reference_minor),
});

/**
 * Claims a pending order for filling or expiring: locks it unless another node holds it (SKIP
 * LOCKED), and only while it is still pending. Undefined means someone else has it or had it.
 */
export async function claimPendingOrder(db: Executor, orderId: bigint) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), isPending))
    .for('update', { skipLocked: true });
  return rows[0];
}

/** Pending orders whose expiry has passed, claimed (SKIP LOCKED), oldest first. */
export async function claimExpiredOrders(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(isPending, isNotNull(orders.expiresAt), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Moves a pending trailing stop's reference to `referenceMinor`, only the way it trails: up for a
 * sale (the highest price since placing), down for a buy (the lowest). Every node evaluates the
 * same ticks and writes the moves it sees, so two nodes' writes may land in either order; the
 * stored reference is then still the furthest one, never the older.
 */
export async function setTrailReference(db: Executor, orderId: bigint, referenceMinor: bigint) {
  await db
    .update(orders)
    .set({ trailReferenceMinor: referenceMinor })
    .where(
      and(
        eq(orders.id, orderId),
        isPending,
        sql`(${orders.trailReferenceMinor} is null or (${orders.side} = 'sell' and ${orders.trailReferenceMinor} < ${referenceMinor}) or (${orders.side} = 'buy' and ${orders.trailReferenceMinor} > ${referenceMinor}))`,
      ),
    );
}

/** The user's fills in [from, to), oldest first (the year's trade report). */
export async function fillsBetween(db: Executor, userId: bigint, from: Date, to: Date): Promise<FillRow[]> {
  return db
    .select()
    .from(fills)
    .where(and(eq(fills.userId, userId), gte(fills.createdAt, from), lt(fills.createdAt, to)))
    .orderBy(asc(fills.createdAt), asc(fills.id));
}

/** Every symbol anyone ever traded (the candidates for dividends and splits). */
export async function tradedSymbols(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ symbol: fills.symbol }).from(fills);
  return rows.map((row) => row.symbol);
}

/** Every fill of a symbol before an instant (all users), for entitlements at a record date. */
export async function fillsOfSymbolBefore(db: Executor, symbol: string, before: Date) {
  return (
    db
      .select({
        userId: fills.userId,
        side: fills.side,
        quantityMinor: fills.quantityMinor,
        createdAt: fills.createdAt,
      })
      .from(fills)
      .innerJoin(orders, eq(orders.id, fills.orderId))
      // A short's fills (issue 16 item 3) hold no shares: the short owes the dividend instead.
      .where(and(eq(fills.symbol, symbol), lt(fills.createdAt, before), eq(orders.direction, 'long')))
  );
}

/** Records a corporate action for a user once; undefined when it was already applied. */
export async function insertPaymentOnce(db: Executor, values: typeof corporateActionPayments.$inferInsert) {
  const rows = await db.insert(corporateActionPayments).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function setPaymentEntry(db: Executor, paymentId: bigint, entryId: bigint) {
  await db.update(corporateActionPayments).set({ entryId }).where(eq(corporateActionPayments.id, paymentId));
}

export async function paymentsOfUser(db: Executor, userId: bigint) {
  return db
    .select()
    .from(corporateActionPayments)
    .where(eq(corporateActionPayments.userId, userId))
    .orderBy(asc(corporateActionPayments.exDate), asc(corporateActionPayments.id));
}

/** A split: every lot of the position scaled (quantities × to / from, prices × from / to). */
export async function splitLots(db: Executor, positionId: bigint, ratioFrom: number, ratioTo: number) {
  await db
    .update(positionLots)
    .set({
      quantityMinor: sql`${positionLots.quantityMinor} * ${ratioTo} / ${ratioFrom}`,
      remainingMinor: sql`${positionLots.remainingMinor} * ${ratioTo} / ${ratioFrom}`,
      priceMinor: sql`${positionLots.priceMinor} * ${ratioFrom} / ${ratioTo}`,
    })
    .where(eq(positionLots.positionId, positionId));
}

/** A user's dividends credited in [from, to), oldest first. */
export async function dividendsBetween(db: Executor, userId: bigint, from: Date, to: Date) {
  return db
    .select()
    .from(corporateActionPayments)
    .where(
      and(
        eq(corporateActionPayments.userId, userId),
        eq(corporateActionPayments.kind, 'dividend'),
        gte(corporateActionPayments.createdAt, from),
        lt(corporateActionPayments.createdAt, to),
      ),
    )
    .orderBy(asc(corporateActionPayments.createdAt), asc(corporateActionPayments.id));
}

/** How many of the user's fills of at least `minGrossMinor` (trade currency) fall in each period. */
export async function countFillsInPeriods(
  db: Executor,
  userId: bigint,
  periods: readonly { from: Date; to: Date }[],
  minGrossMinor: bigint,
): Promise<number[]> {
  return Promise.all(
    periods.map(async (period) => {
      const rows = await db
        .select({ total: count() })
        .from(fills)
        .where(
          and(
            eq(fills.userId, userId),
            gte(fills.createdAt, period.from),
            lt(fills.createdAt, period.to),
            gte(fills.grossMinor, minGrossMinor),
          ),
        );
      return rows[0]?.total ?? 0;
    }),
  );
}

/** Dividends a user was credited, net of withholding, per currency. */
export async function dividendsNet(db: Executor, userId: bigint) {
  return db
    .select({
      currency: corporateActionPayments.currency,
      netMinor: sql<string>`coalesce(sum(${corporateActionPayments.netMinor}), 0)`,
    })
    .from(corporateActionPayments)
    .where(and(eq(corporateActionPayments.userId, userId), eq(corporateActionPayments.kind, 'dividend')))
    .groupBy(corporateActionPayments.currency);
}

/**
 * TOB collected on fills per month in `timeZone`, currency and TOB class, from `from` to `to`
 * (YYYY-MM-DD, both included): fills taxed, taxable base and tax, in minor units.
 */
export async function tobCollected(db: Executor, from: string, to: string, timeZone: string) {
  const month = sql<string>`to_char(${fills.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
  return db
    .select({
      month,
      currency: fills.currency,
      tobClass: fills.tobClass,
      count: count(),
      baseMinor: sql<string>`sum(${fills.tobBaseMinor})::text`,
      tobMinor: sql<string>`sum(${fills.tobMinor})::text`,
    })
    .from(fills)
    .where(
      and(
        gt(fills.tobMinor, 0n),
        sql`(${fills.createdAt} at time zone ${timeZone})::date between ${from}::date and ${to}::date`,
      ),
    )
    .groupBy(sql`1, 2, 3`)
    .orderBy(sql`1, 2, 3`);
}

// Batched fills (a tick's crossed orders in one transaction): one statement per kind of row.

/**
 * The orders among `orderIds`, locked, whatever their state; those another transaction holds are
 * skipped. Found by primary key alone, the state left to the caller: with the state in the
 * condition, PostgreSQL could AND the key lookup with a scan of the whole pending-orders index (it
 * did, 5 ms for 30 orders among 100,000 pending, on statistics from before a bulk of orders).
 */
export async function lockOrdersUnlessLocked(db: Executor, orderIds: readonly bigint[]): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(sql`${orders.id} = any(${bigintArray(orderIds)})`)
    .orderBy(asc(orders.id))
    .for('update', { skipLocked: true });
}

/** Whether an order is still waiting to fill (a resting order). */
export const isPendingOrder = (order: Pick<OrderRow, 'state'>) => pendingStates.includes(order.state);

/** A buy batch's new shares of one holding: the sum of its fills' quantities and costs. */
export type HoldingAddition = {
  userId: bigint;
  symbol: string;
  asset: string;
  market: string;
  currency: PositionRow['currency'];
  quantityMinor: bigint;
  quantityScale: number;
  costMinor: bigint;
};

/** The FIFO lot a buy fill opens, on its order's holding (the fill's id and figures come from its row). */
export type BuyLot = { orderId: bigint; userId: bigint; symbol: string; lockedUntil: Date | null };

/**
 * A batch of fills written by ONE statement (`fillMany`): the fill rows, the buys' holdings — their
 * existing rows locked in id order first (as every batch locks holdings), then each opened or added
 * to (`additions`, one per user and symbol) — the buys' FIFO lots, and the orders marked filled in
 * full at `now`. Answers the fill rows, in the order of `values`. All of it or, on any error, none.
 */
export async function writeFills(
  tx: Executor,
  batch: {
    values: readonly FillInsert[];
    additions: readonly HoldingAddition[];
    lots: readonly BuyLot[];
    orderIds: readonly bigint[];
    now: Date;
  },
): Promise<FillRow[]> {
  if (batch.values.length === 0) return [];
  const { names, arrays } = columnArrays(fills, batch.values);
  const at = sql`${batch.now.toISOString()}::timestamptz`;
  const additions = [...batch.additions].sort((a, b) =>
    a.userId !== b.userId ? (a.userId < b.userId ? -1 : 1) : a.symbol < b.symbol ? -1 : 1,
  );
  const column = <T>(pick: (addition: HoldingAddition) => T) => additions.map(pick);
  const result = (await tx.execute(sql`with
      addition as (
        select * from unnest(${bigintArray(column((row) => row.userId))}, ${textArray(column((row) => row.symbol))},
          ${textArray(column((row) => row.asset))}, ${textArray(column((row) => row.market))},
          ${textArray(column((row) => row.currency))}, ${bigintArray(column((row) => row.quantityMinor))},
          ${intArray(column((row) => row.quantityScale))}, ${bigintArray(column((row) => row.costMinor))})
          as addition (user_id, symbol, asset, market, currency, quantity_minor, quantity_scale, cost_minor)),
      -- Each pair looked up on its own through the one-holding key (the limit keeps it a lookup
      -- per pair, not a hash join over every position: ledger/ledger-user-rows.ts), then locked.
      locked as (
        select position.id from ${positions} position
        where position.id = any(array(select found.id from addition
          cross join lateral (select candidate.id from ${positions} candidate
            where candidate.user_id = addition.user_id and candidate.symbol = addition.symbol
              and candidate.direction = 'long' and candidate.state = 'holding'
            limit 1) found))
        order by position.id
        for update),
      held as (
        insert into ${positions} (user_id, symbol, asset, market, currency, state, quantity_minor, quantity_scale,
            cost_minor, opened_at, updated_at)
        select user_id, symbol, asset, market, currency, 'holding', quantity_minor, quantity_scale, cost_minor, ${at}, ${at}
        from addition
        -- Always true; it makes the locked CTE run first (once), so the existing holdings are locked in
        -- id order before the upsert touches any of them.
        where (select count(*) from locked) >= 0
        order by user_id, symbol
        on conflict (user_id, symbol, direction) where state = 'holding' do update
          set quantity_minor = ${positions}.quantity_minor + excluded.quantity_minor,
            cost_minor = ${positions}.cost_minor + excluded.cost_minor, updated_at = excluded.updated_at
        returning id, user_id, symbol),
      filled as (
        insert into ${fills} (${sql.raw(names.map((name) => `"${name}"`).join(', '))})
        select * from unnest(${sql.join(arrays, sql`, `)})
        returning *),
      lot as (
        select * from unnest(${bigintArray(batch.lots.map((row) => row.orderId))},
          ${bigintArray(batch.lots.map((row) => row.userId))}, ${textArray(batch.lots.map((row) => row.symbol))},
          ${timestamptzArray(batch.lots.map((row) => row.lockedUntil))})
          as lot (order_id, user_id, symbol, locked_until)),
      lots as (
        insert into ${positionLots} (position_id, fill_id, quantity_minor, remaining_minor, price_minor, opened_at,
            locked_until)
        select held.id, filled.id, filled.quantity_minor, filled.quantity_minor, filled.price_minor, ${at},
          lot.locked_until
        from lot
          join filled on filled.order_id = lot.order_id
          join held on held.user_id = lot.user_id and held.symbol = lot.symbol
        order by filled.id),
      done as (
        update ${orders} set filled_quantity_minor = quantity_minor, state = 'filled', reserved_minor = 0,
          filled_at = ${at}, updated_at = ${at}
        where ${orders.id} = any(${bigintArray(batch.orderIds)}))
    select * from filled`)) as unknown as { rows: Record<string, unknown>[] };
  const written = rowsOf(fills, result.rows);
  if (written.length !== batch.values.length) {
    throw new Error(`writeFills: ${written.length} fill rows of ${batch.values.length}`);
  }
  const byOrder = new Map(written.map((row) => [row.orderId, row]));
  return batch.values.map((value) => {
    const row = byOrder.get(value.orderId);
    if (!row) throw new Error(`writeFills: no fill row for order ${value.orderId}`);
    return row;
  });
}

/** The holding positions of these (user, symbol) pairs, locked in id order. */
export async function lockHoldings(
  db: Executor,
  pairs: readonly { userId: bigint; symbol: string }[],
): Promise<PositionRow[]> {
  if (pairs.length === 0) return [];
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.userId.toString()}::bigint, ${pair.symbol}::text)`),
    sql`, `,
  );
  return db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.state, 'holding'),
        eq(positions.direction, 'long'),
        sql`(${positions.userId}, ${positions.symbol}) in (${wanted})`,
      ),
    )
    .orderBy(asc(positions.id))
    .for('update');
}

/** The leverage (hundredths) of the order behind each of these fills (a lot's margin part). */
export async function leverageOfFills(
  db: Executor,
  fillIds: readonly bigint[],
): Promise<Map<bigint, number>> {
  if (fillIds.length === 0) return new Map();
  const rows = await db
    .select({ fillId: fills.id, leverageHundredths: orders.leverageHundredths })
    .from(fills)
    .innerJoin(orders, eq(orders.id, fills.orderId))
    .where(inArray(fills.id, [...fillIds]));
  return new Map(rows.map((row) => [row.fillId, row.leverageHundredths]));
}

/** The holding positions (long or short) of these users, for a batch of margin liquidations. */
export async function holdingPositionsOf(db: Executor, userIds: readonly bigint[]): Promise<PositionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(positions)
    .where(and(inArray(positions.userId, [...new Set(userIds)]), eq(positions.state, 'holding')))
    .orderBy(asc(positions.id));
}

/** The open lots of these positions, oldest first within each (FIFO), in one read. */
export async function openLotsOfPositions(db: Executor, positionIds: readonly bigint[]): Promise<LotRow[]> {
  if (positionIds.length === 0) return [];
  return db
    .select()
    .from(positionLots)
    .where(and(inArray(positionLots.positionId, [...positionIds]), gt(positionLots.remainingMinor, 0n)))
    .orderBy(asc(positionLots.positionId), asc(positionLots.openedAt), asc(positionLots.id));
}

/** The figures of positions after sales (one statement): quantity, cost, realised P&L, closed. */
export async function setSoldPositions(
  db: Executor,
  rows: readonly {
    id: bigint;
    quantityMinor: bigint;
    costMinor: bigint;
    realisedPnlMinor: bigint;
    realisedPnlEurMinor: bigint;
  }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id.toString()}::bigint, ${row.quantityMinor.toString()}::bigint, ${row.costMinor.toString()}::bigint,
             ${row.realisedPnlMinor.toString()}::bigint, ${row.realisedPnlEurMinor.toString()}::bigint)`,
    ),
    sql`, `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`update ${positions} set quantity_minor = sold.quantity_minor,
      cost_minor = sold.cost_minor, realised_pnl_minor = sold.realised, realised_pnl_eur_minor = sold.realised_eur,
      state = case when sold.quantity_minor = 0 then 'closed' else ${positions.state} end,
      closed_at = case when sold.quantity_minor = 0 then ${at} else ${positions.closedAt} end,
      updated_at = ${at}
    from (values ${values}) as sold (id, quantity_minor, cost_minor, realised, realised_eur)
    where ${positions.id} = sold.id`);
}

/** What remains of several lots (one statement). */
export async function setLotsRemaining(
  db: Executor,
  lots: readonly { id: bigint; remainingMinor: bigint }[],
): Promise<void> {
  if (lots.length === 0) return;
  const values = sql.join(
    lots.map((lot) => sql`(${lot.id.toString()}::bigint, ${lot.remainingMinor.toString()}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`update ${positionLots} set remaining_minor = lots.remaining
    from (values ${values}) as lots (id, remaining) where ${positionLots.id} = lots.id`);
}

/** The realised P&L of several sale fills (one statement). */
export async function setFillsRealised(
  db: Executor,
  rows: readonly { id: bigint; realisedMinor: bigint; realisedEurMinor: bigint }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id.toString()}::bigint, ${row.realisedMinor.toString()}::bigint, ${row.realisedEurMinor.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`update ${fills} set realised_pnl_minor = realised.minor, realised_pnl_eur_minor = realised.eur
    from (values ${values}) as realised (id, minor, eur) where ${fills.id} = realised.id`);
}

export async function insertSettlements(db: Executor, values: (typeof settlements.$inferInsert)[]) {
  if (values.length === 0) return;
  await insertMany(db, settlements, values);
}
