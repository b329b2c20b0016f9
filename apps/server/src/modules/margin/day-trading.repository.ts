import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { marginDayTrades } from './day-trading.tables';

// The day-trade rows (day-trading.ts): written by the fill, claimed and closed by the auto-close.

export type DayTradeRow = typeof marginDayTrades.$inferSelect;
export type DayTradeGroup = { userId: bigint; symbol: string; venueDate: string };

export async function insertDayTrade(executor: Executor, values: typeof marginDayTrades.$inferInsert) {
  await executor.insert(marginDayTrades).values(values);
}

/** The groups (user, symbol, venue day) with a day trade not closed whose auto-close time has come. */
export const dueGroups = (executor: Executor, now: Date): Promise<DayTradeGroup[]> =>
  executor
    .selectDistinct({
      userId: marginDayTrades.userId,
      symbol: marginDayTrades.symbol,
      venueDate: marginDayTrades.venueDate,
    })
    .from(marginDayTrades)
    .where(and(isNull(marginDayTrades.closedAt), lte(marginDayTrades.autoCloseAt, now)));

/** Claims the group's open rows until `until` unless another claim on them is still running. */
export const claimGroup = (executor: Executor, group: DayTradeGroup, now: Date, until: Date) =>
  executor
    .update(marginDayTrades)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(marginDayTrades.userId, group.userId),
        eq(marginDayTrades.symbol, group.symbol),
        eq(marginDayTrades.venueDate, group.venueDate),
        isNull(marginDayTrades.closedAt),
        or(isNull(marginDayTrades.claimedUntil), lte(marginDayTrades.claimedUntil, now)),
      ),
    )
    .returning();

/** Closes these rows (those still open) with the auto-close's outcome and sale. */
export const closeRows = (
  executor: Executor,
  orderIds: readonly bigint[],
  set: { closeOutcome: 'sold' | 'nothing_held'; closeOrderId: bigint | null; closedAt: Date },
) =>
  executor
    .update(marginDayTrades)
    .set({ ...set, claimedUntil: null })
    .where(and(inArray(marginDayTrades.orderId, [...orderIds]), isNull(marginDayTrades.closedAt)));

/** Lets go of a claim (the sale could not be made now). */
export const releaseRows = (executor: Executor, orderIds: readonly bigint[]) =>
  executor
    .update(marginDayTrades)
    .set({ claimedUntil: null })
    .where(and(inArray(marginDayTrades.orderId, [...orderIds]), isNull(marginDayTrades.closedAt)));

/** The user's day trades of venue days from `since`, oldest first. */
export const userRowsSince = (executor: Executor, userId: bigint, since: string): Promise<DayTradeRow[]> =>
  executor
    .select()
    .from(marginDayTrades)
    .where(and(eq(marginDayTrades.userId, userId), gte(marginDayTrades.venueDate, since)))
    .orderBy(asc(marginDayTrades.orderId));

export async function openCount(executor: Executor): Promise<number> {
  const rows = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(marginDayTrades)
    .where(isNull(marginDayTrades.closedAt));
  return Number(rows[0]?.count ?? 0);
}
