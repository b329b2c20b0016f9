import { and, count, desc, eq } from 'drizzle-orm';
import type { PriceAlertCondition } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { priceAlerts } from './price-alerts.tables';

export type PriceAlertRow = typeof priceAlerts.$inferSelect;

export const listAlerts = (db: Executor, userId: bigint) =>
  db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.id));

export const activeAlerts = (db: Executor) =>
  db
    .select({
      id: priceAlerts.id,
      symbol: priceAlerts.symbol,
      condition: priceAlerts.condition,
      priceMinor: priceAlerts.priceMinor,
      changeBasisPoints: priceAlerts.changeBasisPoints,
    })
    .from(priceAlerts)
    .where(eq(priceAlerts.state, 'active'));

export async function countActive(db: Executor, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ active: count() })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.state, 'active')));
  return row?.active ?? 0;
}

export async function insertAlert(
  db: Executor,
  alert: {
    userId: bigint;
    symbol: string;
    condition: PriceAlertCondition;
    priceMinor: bigint | null;
    changeBasisPoints: number | null;
    createdAt: Date;
  },
): Promise<PriceAlertRow> {
  const [row] = await db
    .insert(priceAlerts)
    .values({ ...alert, state: 'active' })
    .returning();
  if (!row) throw new Error('price alert not inserted');
  return row;
}

export async function findAlert(db: Executor, userId: bigint, id: bigint) {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
  return row;
}

export async function cancelActive(db: Executor, userId: bigint, id: bigint, now: Date) {
  const [row] = await db
    .update(priceAlerts)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId), eq(priceAlerts.state, 'active')))
    .returning();
  return row;
}

/** Fires the alert if it is still active (exactly once across nodes: the state decides). */
export async function fireActive(db: Executor, id: bigint, priceMinor: bigint, now: Date) {
  const [row] = await db
    .update(priceAlerts)
    .set({ state: 'triggered', triggeredAt: now, triggeredPriceMinor: priceMinor })
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.state, 'active')))
    .returning();
  return row;
}
