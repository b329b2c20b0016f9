import type { Asset, Currency, EntryKind, SourceType } from '@beurs/contract';
import { currencies } from '@beurs/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { ledgerAccounts, ledgerEntries, ledgerPostings, type HouseAccountKind } from './ledger.tables';

// A user's records as the journal holds them: every entry with a posting on one of the user's cash
// accounts (available or frozen, EUR and USD), summed per entry and currency, with the entry's
// source. Read-only; the records module pages it and asks each source's module to describe it.

export type UserCashEntriesQuery = {
  /** Only entries of these sources; every source when absent. */
  sourceTypes?: readonly SourceType[] | undefined;
  offset: number;
  limit: number;
};

/** One entry's movement in one currency (an exchange is one entry with a line per currency). */
export type UserCashEntry = {
  id: bigint;
  kind: EntryKind;
  memo: string;
  sourceType: SourceType;
  sourceId: string;
  /** The key the entry was written under: names the request step, where a source has several. */
  idempotencyKey: string | null;
  createdAt: Date;
  currency: Currency;
  /** Signed change of available + frozen. */
  totalMinor: bigint;
  /** Signed change of available alone (a hold moves available → frozen). */
  availableMinor: bigint;
};

export async function selectUserCashEntries(
  executor: Executor,
  userId: bigint,
  query: UserCashEntriesQuery,
): Promise<{ total: number; rows: UserCashEntry[] }> {
  if (query.sourceTypes?.length === 0) return { total: 0, rows: [] };
  // Drizzle's builders are mutable: each use gets its own (the page's limit must not reach the count).
  const grouped = () =>
    executor
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        memo: ledgerEntries.memo,
        sourceType: ledgerEntries.sourceType,
        sourceId: ledgerEntries.sourceId,
        idempotencyKey: ledgerEntries.idempotencyKey,
        createdAt: ledgerEntries.createdAt,
        currency: sql<Currency>`${ledgerAccounts.asset}`.as('currency'),
        totalMinor: sql<string>`sum(${ledgerPostings.amountMinor})`.as('total_minor'),
        availableMinor:
          sql<string>`sum(case when ${ledgerAccounts.kind} = 'available' then ${ledgerPostings.amountMinor} else 0 end)`.as(
            'available_minor',
          ),
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(
        and(
          eq(ledgerAccounts.ownerUserId, userId),
          inArray(ledgerAccounts.kind, ['available', 'frozen']),
          inArray(ledgerAccounts.asset, [...currencies]),
          query.sourceTypes ? inArray(ledgerEntries.sourceType, [...query.sourceTypes]) : undefined,
        ),
      )
      .groupBy(ledgerEntries.id, ledgerAccounts.asset);
  const [rows, totals] = await Promise.all([
    grouped().orderBy(desc(ledgerEntries.id), ledgerAccounts.asset).offset(query.offset).limit(query.limit),
    executor.select({ total: count() }).from(grouped().as('grouped')),
  ]);
  return {
    total: totals[0]?.total ?? 0,
    rows: rows.map((row) => ({
      ...row,
      totalMinor: BigInt(String(row.totalMinor)),
      availableMinor: BigInt(String(row.availableMinor)),
    })),
  };
}

/** One source's postings on one house account, summed per entry kind. */
export type HouseSourceSum = { sourceId: string; kind: EntryKind; sumMinor: bigint };

/**
 * The postings of entries from these sources on one house account, summed per source and entry
 * kind: a loan's draws, accrued interest and repayments on `loan_book`, read from the journal.
 */
export async function selectHouseSourceSums(
  executor: Executor,
  query: { house: HouseAccountKind; asset: Asset; sourceType: SourceType; sourceIds: readonly string[] },
): Promise<HouseSourceSum[]> {
  if (query.sourceIds.length === 0) return [];
  const rows = await executor
    .select({
      sourceId: ledgerEntries.sourceId,
      kind: ledgerEntries.kind,
      sumMinor: sql<string>`sum(${ledgerPostings.amountMinor})::text`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        sql`${ledgerAccounts.ownerUserId} is null`,
        eq(ledgerAccounts.kind, query.house),
        eq(ledgerAccounts.asset, query.asset),
        eq(ledgerEntries.sourceType, query.sourceType),
        inArray(ledgerEntries.sourceId, [...query.sourceIds]),
      ),
    )
    .groupBy(ledgerEntries.sourceId, ledgerEntries.kind);
  return rows.map((row) => ({
    sourceId: String(row.sourceId),
    kind: row.kind,
    sumMinor: BigInt(String(row.sumMinor)),
  }));
}
