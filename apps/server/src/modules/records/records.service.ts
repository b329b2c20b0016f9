import { DomainError, formatCash, type LedgerHead, type RecordTab, type SourceType } from '@beurs/contract';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { RecordDetails, RecordEntry } from '../../ledger/record-sources';
import type { CorrectionsService } from '../corrections/corrections.service';
import type { CreditService } from '../credit/credit.service';
import type { DepositsService } from '../deposits/deposits.service';
import type { ExchangeService } from '../exchange/exchange.service';
import type { MarginService } from '../margin/margin.service';
import type { OfferingsService } from '../offerings/offerings.service';
import type { PlacementsService } from '../placements/placements.service';
import type { StrategiesService } from '../strategies/strategies.service';
import type { TradingService } from '../trading/trading.service';
import type { UsersService } from '../users/users.service';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service';

// Fund records (issue 4 item 7): every ledger entry that changed what the user has or owes — their
// cash, their margin account's cash, what they owe on the margin loan and on credit loans (a day's
// interest moves no cash of theirs but adds to it) — staff corrections included, with the entry's
// reason (its memo), newest first, paged, by tab. The entries come from
// the ledger, each tab being a set of source types; their details come from the module that owns
// each source (CONVENTIONS.md "Seams"), asked once per page — records reads no module's tables.

/** The sources each tab shows; `all` shows every source. */
export const tabSources: Readonly<Record<RecordTab, readonly SourceType[] | undefined>> = {
  all: undefined,
  trade: ['order', 'fill', 'dividend', 'corporate_action'],
  deposit: ['deposit'],
  withdrawal: ['withdrawal'],
  exchange: ['exchange'],
};

type Describer = {
  describeRecords: (userId: bigint, entries: readonly RecordEntry[]) => Promise<RecordDetails>;
};

export type RecordsServiceDeps = {
  db: Database;
  ledger: LedgerService;
  deposits: Pick<DepositsService, 'describeRecords'>;
  withdrawals: Pick<WithdrawalsService, 'describeRecords'>;
  exchange: Pick<ExchangeService, 'describeRecords'>;
  corrections: Pick<CorrectionsService, 'describeRecords'>;
  trading: Pick<TradingService, 'describeRecords'>;
  credit: Pick<CreditService, 'describeRecords' | 'debtSources'>;
  offerings: Pick<OfferingsService, 'describeRecords'>;
  placements: Pick<PlacementsService, 'describeRecords'>;
  strategies: Pick<StrategiesService, 'describeRecords'>;
  margin: Pick<MarginService, 'describeRecords' | 'debtSources'>;
  users: Pick<UsersService, 'findByAccount'>;
};

export function createRecordsService(deps: RecordsServiceDeps) {
  const { db, ledger } = deps;
  /** The module that owns each source type. */
  const owners: Readonly<Record<SourceType, Describer | null>> = {
    deposit: deps.deposits,
    withdrawal: deps.withdrawals,
    exchange: deps.exchange,
    correction: deps.corrections,
    order: deps.trading,
    fill: deps.trading,
    dividend: deps.trading,
    corporate_action: deps.trading,
    ipo: deps.offerings,
    placement: deps.placements,
    strategy: deps.strategies,
    loan: deps.credit,
    /** The margin loan's repayments, interest days and capital transfers. */
    margin_loan: deps.margin,
    /** Securities lending (issue 16 item 3): collateral returns, and borrow fees and manufactured dividends (short or lender). */
    securities_loan: deps.margin,
  };

  /** One call per module for the whole page, with that module's entries. */
  async function describe(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
    const byOwner = new Map<Describer, RecordEntry[]>();
    for (const entry of entries) {
      const owner = owners[entry.sourceType];
      if (!owner) continue;
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), entry]);
    }
    const answers = await Promise.all(
      [...byOwner].map(([owner, owned]) => owner.describeRecords(userId, owned)),
    );
    return new Map(answers.flatMap((details) => [...details]));
  }

  async function list(userId: bigint, input: { tab: RecordTab; page: number; pageSize: number }) {
    // The user's debts' sources: their interest days are the user's records though no posting is.
    const debtSources = [...deps.margin.debtSources(userId), ...(await deps.credit.debtSources(userId))];
    const { rows, total } = await ledger.listUserCashEntries(db, userId, {
      sourceTypes: tabSources[input.tab],
      debtSources,
      offset: (input.page - 1) * input.pageSize,
      limit: input.pageSize,
    });
    const details = await describe(userId, rows);
    return {
      total,
      items: rows.map((row) => ({
        id: row.id.toString(),
        kind: row.kind,
        memo: row.memo,
        currency: row.currency,
        amount: formatCash(row.totalMinor),
        availableChange: formatCash(row.availableMinor),
        marginChange: formatCash(row.marginMinor),
        owedChange: formatCash(row.owedMinor),
        detail: details.get(row.id) ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  return {
    list,

    /** A user's records as the user sees them, for staff who may open the user page. */
    async listOf(account: string, input: { tab: RecordTab; page: number; pageSize: number }) {
      const user = await deps.users.findByAccount(account);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      return list(user.id, input);
    },

    /** The journal's head as published (ADR 0007): what the records screen names as "chain head #N". */
    async head(): Promise<LedgerHead> {
      return { ...(await ledger.head(db)), publicKey: ledger.publicKeyText ?? '' };
    },

    /** A receipt for one of the user's entries (its record id); RECORD_NOT_FOUND for another's or one not sealed yet. */
    async receipt(userId: bigint, entryId: string) {
      const receipt = await ledger.receipt(db, userId, BigInt(entryId));
      if (!receipt) throw new DomainError('RECORD_NOT_FOUND');
      return receipt;
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
