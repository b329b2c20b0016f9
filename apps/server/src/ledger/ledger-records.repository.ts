import type { Asset, Currency, EntryKind, SourceType } from '@beurs/contract';
import { currencies } from '@beurs/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from './ledger.repository';
import type { Executor } from '../db/database';
import { ledgerAccounts, ledgerEntries, ledgerPostings, type HouseAccountKind } from './ledger.tables';

// A user's records as the journal holds them: every entry that changed what the user has or owes,
// with the entry's source, summed per entry and currency. That is every entry with a posting on one
// of the user's cash accounts (available, frozen, and the margin account: a short's borrow fee and
// manufactured dividend are paid from it), and every entry of the user's debts' sources (the margin
// loan's, the credit loans'): a day's interest posts loan_book → interest and nothing on the user's
// accounts, yet adds to what they owe. Read-only; the records module pages it and asks each source's
// module to describe it.

/** The sources of a user's debts, as their modules name them (a source type and the user's ids of it). */
export type DebtSource = { sourceType: SourceType; sourceIds: readonly string[] };

export type UserCashEntriesQuery = {
  /** Only entries of these sources; every source when absent. */
  sourceTypes?: readonly SourceType[] | undefined;
  /** The user's debts' sources: their entries are the user's records even when no posting is the user's. */
  debtSources?: readonly DebtSource[] | undefined;
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
  /** Signed change of the user's margin-account cash. */
  marginMinor: bigint;
  /**
   * Signed change of what the user owes (margin loan, credit loans): the entry's postings on the
   * house loan_book, negated (lending out of it, or interest added, is owed; a repayment into it is not).
   */
  owedMinor: bigint;
};

type UserCashEntryRow = {
  id: string;
  kind: EntryKind;
  memo: string;
  source_type: SourceType;
  source_id: string;
  idempotency_key: string | null;
  created_at: Date | string;
  currency: Currency;
  total_minor: string;
  available_minor: string;
  margin_minor: string;
  owed_minor: string;
};

const CASH_KINDS = sql.raw(`('available', 'frozen', 'margin')`);

export async function selectUserCashEntries(
  executor: Executor,
  userId: bigint,
  query: UserCashEntriesQuery,
): Promise<{ total: number; rows: UserCashEntry[] }> {
  if (query.sourceTypes?.length === 0) return { total: 0, rows: [] };
  const assets = sql.join(
    currencies.map((currency) => sql`${currency}`),
    sql`, `,
  );
  const debts = (query.debtSources ?? []).filter((debt) => debt.sourceIds.length > 0);
  const debtEntries =
    debts.length === 0
      ? sql``
      : sql`union select entry.id from ledger_entries entry where ${sql.join(
          debts.map(
            (debt) =>
              sql`(entry.source_type = ${debt.sourceType} and entry.source_id in (${sql.join(
                debt.sourceIds.map((id) => sql`${id}`),
                sql`, `,
              )}))`,
          ),
          sql` or `,
        )}`;
  const sourceFilter = query.sourceTypes
    ? sql`and entry.source_type in (${sql.join(
        query.sourceTypes.map((type) => sql`${type}`),
        sql`, `,
      )})`
    : sql``;
  // The user's entries first (their own postings, their debts' sources), then each entry's postings
  // on the user's cash accounts and on loan_book, per currency.
  const grouped = sql`
    with mine as (
      select posting.entry_id as id
        from ledger_postings posting
        join ledger_accounts account on account.id = posting.account_id
       where account.owner_user_id = ${userId} and account.kind in ${CASH_KINDS} and account.asset in (${assets})
      ${debtEntries}
    )
    select entry.id::text as id, entry.kind, entry.memo, entry.source_type, entry.source_id,
           entry.idempotency_key, entry.created_at, account.asset as currency,
           sum(case when account.kind in ('available', 'frozen') then posting.amount_minor else 0 end)::text as total_minor,
           sum(case when account.kind = 'available' then posting.amount_minor else 0 end)::text as available_minor,
           sum(case when account.kind = 'margin' then posting.amount_minor else 0 end)::text as margin_minor,
           (-sum(case when account.kind = 'loan_book' then posting.amount_minor else 0 end))::text as owed_minor
      from mine
      join ledger_entries entry on entry.id = mine.id
      join ledger_postings posting on posting.entry_id = entry.id
      join ledger_accounts account on account.id = posting.account_id
     where account.asset in (${assets})
       and ((account.owner_user_id = ${userId} and account.kind in ${CASH_KINDS})
            or (account.owner_user_id is null and account.kind = 'loan_book'))
       ${sourceFilter}
     group by entry.id, account.asset`;
  const [rows, totals] = await Promise.all([
    queryRows<UserCashEntryRow>(
      executor,
      sql`${grouped} order by entry.id desc, account.asset offset ${query.offset} limit ${query.limit}`,
    ),
    queryRows<{ total: string | number }>(
      executor,
      sql`select count(*)::int as total from (${grouped}) grouped`,
    ),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    rows: rows.map((row) => ({
      id: BigInt(row.id),
      kind: row.kind,
      memo: row.memo,
      sourceType: row.source_type,
      sourceId: row.source_id,
      idempotencyKey: row.idempotency_key,
      createdAt: new Date(row.created_at),
      currency: row.currency,
      totalMinor: BigInt(row.total_minor),
      availableMinor: BigInt(row.available_minor),
      marginMinor: BigInt(row.margin_minor),
      owedMinor: BigInt(row.owed_minor),
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
