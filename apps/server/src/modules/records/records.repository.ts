import { and, count, desc, eq, inArray, isNotNull, like, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { currencies, type Currency, type recordTabs } from '@beurs/contract';
import type { Executor } from '../../db/database';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../../ledger/ledger.tables';
import { balanceCorrections } from '../corrections/corrections.tables';
import { deposits } from '../deposits/deposits.tables';
import { exchanges } from '../exchange/exchange.tables';
import { bankCards } from '../payment-methods/payment-methods.tables';
import { withdrawals } from '../withdrawals/withdrawals.tables';

// The user's records are read straight from the journal: every entry with a posting on one of the
// user's cash accounts (available or frozen, EUR and USD), summed per entry and currency. Read-only.

export type RecordTab = (typeof recordTabs)[number];

function tabCondition(db: Executor, userId: bigint, tab: RecordTab): SQL | undefined {
  const withdrawalHolds = db
    .select({ holdId: withdrawals.holdId })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  switch (tab) {
    case 'all':
      return undefined;
    case 'deposit':
      return eq(ledgerEntries.kind, 'deposit');
    case 'exchange':
      return eq(ledgerEntries.kind, 'exchange');
    case 'withdrawal':
      return or(eq(ledgerEntries.kind, 'withdrawal'), inArray(ledgerEntries.holdId, withdrawalHolds));
    case 'trade':
      return or(
        like(ledgerEntries.kind, 'order%'),
        like(ledgerEntries.kind, 'trade%'),
        and(isNotNull(ledgerEntries.holdId), notInArray(ledgerEntries.holdId, withdrawalHolds)),
      );
  }
}

export async function listUserEntries(
  db: Executor,
  userId: bigint,
  tab: RecordTab,
  offset: number,
  limit: number,
) {
  // Drizzle's builders are mutable: each use gets its own (the page's limit must not reach the count).
  const grouped = () =>
    db
      .select({
        id: ledgerEntries.id,
        kind: ledgerEntries.kind,
        memo: ledgerEntries.memo,
        holdId: ledgerEntries.holdId,
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
          tabCondition(db, userId, tab),
        ),
      )
      .groupBy(ledgerEntries.id, ledgerAccounts.asset);
  const [rows, totals] = await Promise.all([
    grouped().orderBy(desc(ledgerEntries.id), ledgerAccounts.asset).offset(offset).limit(limit),
    db.select({ total: count() }).from(grouped().as('grouped')),
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

/**
 * The rows behind a page of entries, by entry id (deposits, exchanges, corrections) or hold id
 * (withdrawals, with their card): four queries for the whole page, whatever its size.
 */
export async function findEntrySources(
  db: Executor,
  userId: bigint,
  entryIds: readonly bigint[],
  holdIds: readonly bigint[],
) {
  const entries = [...entryIds];
  const holds = [...holdIds];
  const [depositRows, exchangeRows, correctionRows, withdrawalRows] = await Promise.all([
    entries.length === 0
      ? []
      : db
          .select({ entryId: deposits.entryId, reference: deposits.reference })
          .from(deposits)
          .where(and(eq(deposits.userId, userId), inArray(deposits.entryId, entries))),
    entries.length === 0
      ? []
      : db
          .select()
          .from(exchanges)
          .where(and(eq(exchanges.userId, userId), inArray(exchanges.entryId, entries))),
    entries.length === 0
      ? []
      : db
          .select({ entryId: balanceCorrections.entryId, reason: balanceCorrections.reason })
          .from(balanceCorrections)
          .where(and(eq(balanceCorrections.userId, userId), inArray(balanceCorrections.entryId, entries))),
    holds.length === 0
      ? []
      : db
          .select({
            holdId: withdrawals.holdId,
            currency: withdrawals.currency,
            amountMinor: withdrawals.amountMinor,
            feeMinor: withdrawals.feeMinor,
            reason: withdrawals.reason,
            iban: bankCards.iban,
          })
          .from(withdrawals)
          .innerJoin(bankCards, eq(bankCards.id, withdrawals.cardId))
          .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.holdId, holds))),
  ]);
  return { depositRows, exchangeRows, correctionRows, withdrawalRows };
}

export type EntrySources = Awaited<ReturnType<typeof findEntrySources>>;
