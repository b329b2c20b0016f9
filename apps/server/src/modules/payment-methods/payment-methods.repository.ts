import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { scamCheckTriggers } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { bankCards, cryptoWallets, scamChecks } from './payment-methods.tables';

export type ScamCheckTrigger = (typeof scamCheckTriggers)[number];

export async function listCards(db: Executor, userId: bigint) {
  return db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
    .orderBy(desc(bankCards.id));
}

export async function findOwnCard(db: Executor, userId: bigint, id: bigint) {
  const rows = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function findCardById(db: Executor, id: bigint) {
  const rows = await db.select().from(bankCards).where(eq(bankCards.id, id)).limit(1);
  return rows[0];
}

/** Inserts unless the IBAN is registered (not deleted); answers the row or undefined. */
export async function findCardsByIds(db: Executor, ids: readonly bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(bankCards)
    .where(inArray(bankCards.id, [...ids]));
}

export async function insertCard(db: Executor, values: typeof bankCards.$inferInsert) {
  const rows = await db.insert(bankCards).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteCard(db: Executor, userId: bigint, id: bigint, now: Date) {
  const rows = await db
    .update(bankCards)
    .set({ deletedAt: now })
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId), isNull(bankCards.deletedAt)))
    .returning({ id: bankCards.id });
  return rows.length === 1;
}

export async function listWallets(db: Executor, userId: bigint) {
  return db
    .select()
    .from(cryptoWallets)
    .where(and(eq(cryptoWallets.userId, userId), isNull(cryptoWallets.deletedAt)))
    .orderBy(desc(cryptoWallets.id));
}

export async function insertWallet(db: Executor, values: typeof cryptoWallets.$inferInsert) {
  const rows = await db.insert(cryptoWallets).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function deleteWallet(db: Executor, userId: bigint, id: bigint, now: Date) {
  const rows = await db
    .update(cryptoWallets)
    .set({ deletedAt: now })
    .where(and(eq(cryptoWallets.id, id), eq(cryptoWallets.userId, userId), isNull(cryptoWallets.deletedAt)))
    .returning({ id: cryptoWallets.id });
  return rows.length === 1;
}

/** Cards and wallets the user ever registered, deleted ones included. */
export async function countPayoutMethodsEver(db: Executor, userId: bigint): Promise<number> {
  const [cards, wallets] = await Promise.all([
    db.select({ total: count() }).from(bankCards).where(eq(bankCards.userId, userId)),
    db.select({ total: count() }).from(cryptoWallets).where(eq(cryptoWallets.userId, userId)),
  ]);
  return (cards[0]?.total ?? 0) + (wallets[0]?.total ?? 0);
}

export async function insertScamCheck(db: Executor, values: typeof scamChecks.$inferInsert) {
  const rows = await db.insert(scamChecks).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into scam_checks returned no row');
  return row;
}

export async function hasScamCheck(db: Executor, userId: bigint, trigger: ScamCheckTrigger, since: Date) {
  const rows = await db
    .select({ id: scamChecks.id })
    .from(scamChecks)
    .where(
      and(eq(scamChecks.userId, userId), eq(scamChecks.trigger, trigger), gte(scamChecks.createdAt, since)),
    )
    .limit(1);
  return rows.length === 1;
}

/** Users with a payout card whose IBAN (without spaces) contains `normalised`. */
export async function userIdsByIban(db: Executor, normalised: string, limit: number) {
  const rows = await db
    .selectDistinct({ userId: bankCards.userId })
    .from(bankCards)
    .where(sql`upper(replace(${bankCards.iban}, ' ', '')) like ${`%${normalised}%`}`)
    .limit(limit);
  return rows.map((row) => row.userId);
}
