import {
  DAY_TRADING_RULES,
  DomainError,
  MARGIN_EXPERIENCE_RULE,
  MARGIN_RULES,
  currencies,
  divideRounded,
  formatCash,
  parseDecimal,
  scales,
  type Currency,
  type MarginAccountState,
  type MarginAnswers,
  marginClasses,
} from '@beurs/contract';
import type { Language } from '@beurs/i18n';
import type { Clock } from '../../core/clock';
import type { Database, Executor, Transaction } from '../../db/database';
import { isPgError } from '../../db/database';
import { roundLookup } from '../../db/read-round';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import type { RecordDetails, RecordEntry } from '../../ledger/record-sources';
import { canonicalJson } from '../../ledger/ledger-hashing';
import type { AuditService } from '../audit/audit.service';
import type { IdentityService } from '../identity/identity.service';
import type { MarketService } from '../market/market.service';
import type { UsersService } from '../users/users.service';
import { classRule, leverageMax, marginClassOf } from './margin-classes';
import { createMarginSettings } from './margin-settings';
import { createDayTrading, type DayTradingConfig } from './day-trading';
import { renderDisclosure, type MarginRate } from './margin-disclosure';
import { scoreMarginAnswers } from './margin-scoring';
import { liquidationPriceMinor } from './liquidation-price';
import { liquidationLeasesRead } from './margin-level.repository';
import { requireIdempotencyKey } from '../fund-operations/fund-operations.service';
import type { MessagesService } from '../messages/messages.service';
import { createSecuritiesLending, defaultLendingConfig, type LendingConfig } from './securities-lending';

export { dailyBorrowFeeMinor } from './securities-lending';
import * as repository from './margin.repository';
import { describeMarginRecords, type MarginRecordsDeps } from './margin-records';
import type { MarginAccountRow, MarginMovementRow, MarginTestRow } from './margin.repository';

// The margin account (issue 16, item 1; DESIGN.md §1 rule 15). Opening it: identity verified, the
// appropriateness test passed by the published rule (a failed test can be taken again after
// MARGIN_RULES.retakeDays), then the risk disclosure accepted in the version and hash shown. Each
// step is stored and audited with the user as the actor. The account is open only while the
// acceptance names a test whose stored answers pass when re-scored now: the stored score is a
// record, never the authority, so a score edited in the database opens nothing; and answers edited
// in the database no longer match the audit entry written with them, which closes the account.
//
// Buying on margin (item 2): the trading module asks `marginTicket` for a buy with a leverage above
// 1.00 (the account open, the instrument marginable, the leverage within its cap, read through
// `instrumentMargin`, the one place an instrument's margin is looked up), freezes only the initial
// part, and on the fill books the rest as the user's margin loan (`recordBorrow`, house
// `loan_book`); a sale repays the loan first (`repayFromSale`). Interest is one entry per user,
// currency and day (`accrueInterest`, the daily job). The capital transfer (item 6) moves cash
// between the user's available account and their margin account (the margin side), refused when it
// would leave the margin side's equity below the maintenance requirement. What is owed is read from
// the movement rows, which ledger:verify holds against the journal (margin.record-check.ts).
// Short selling, margin calls and liquidation are not built.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of interest one pass posts for one loan at most (a server down longer catches up over passes). */
const CATCH_UP_DAYS_MAX = 60;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Leverage "1.50" → 150 hundredths; null when not a decimal with two places. */
export const leverageHundredthsOf = (text: string): number | null => {
  const value = parseDecimal(text, 2);
  return value === null ? null : Number(value);
};
export const formatLeverage = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** The part of `totalMinor` paid from the user's cash at this leverage: total × 100 / leverage, rounded up. */
export const marginPartMinor = (totalMinor: bigint, leverageHundredths: number) =>
  divideRounded(totalMinor * 100n, BigInt(leverageHundredths), 'up');

/** One day's interest on `owedMinor` at `annualBasisPoints` a year, 1/365 a day, rounded half up. */
export const dailyInterestMinor = (owedMinor: bigint, annualBasisPoints: number) =>
  owedMinor <= 0n
    ? 0n
    : divideRounded(
        owedMinor * BigInt(annualBasisPoints),
        10_000n * BigInt(MARGIN_RULES.interestDayCountBasis),
        'half_up',
      );

/** A holding as the margin side values it: its market value now in its currency (0 without a price). */
export type MarginHolding = { symbol: string; currency: Currency; valueMinor: bigint };

export function createMarginService(deps: {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record' | 'list'>;
  identity: Pick<IdentityService, 'requireVerified'>;
  market: Pick<
    MarketService,
    'provider' | 'instrumentOf' | 'fxRate' | 'regularSession' | 'venueDate' | 'currentQuote'
  >;
  users: Pick<UsersService, 'lock' | 'findByAccount'>;
  rate: MarginRate;
  /** For the loan, interest and the capital transfer; without it nothing can be borrowed. */
  ledger?: LedgerService;
  /** The user's holdings valued now (the trading module's positions), for equity and maintenance. */
  holdings?: {
    marginHoldings(userId: bigint): Promise<MarginHolding[]>;
    /** The same for many users in one read (a tick's holders); users holding nothing may be absent. */
    marginHoldingsOf(userIds: readonly bigint[]): Promise<Map<bigint, MarginHolding[]>>;
  };
  /** The user's orders by id (Trading's), for the records of a repayment and a collateral return. */
  recordOrders?: MarginRecordsDeps['orders'];
  /** Day trading's intraday initial margin (configuration; DAY_TRADING_RULES gives the default). */
  dayTrading?: DayTradingConfig;
  /**
   * Securities lending (issue 16 item 3, securities-lending.ts): the fee, share and notice in force,
   * Trading's fully paid shares per user (the pool) and its buy-to-cover (a recall's buy-in).
   */
  lending?: {
    config?: LendingConfig;
    fullyPaid: (
      executor: Executor,
      symbol: string,
      userIds: readonly bigint[],
    ) => Promise<Map<bigint, bigint>>;
    buyIn: (userId: bigint, symbol: string, quantity: string, key: string) => Promise<unknown>;
  };
  /** A recall is told to the short as a message. */
  messages?: Pick<MessagesService, 'post'>;
}) {
  const { db, clock, audit, identity, market, users, rate } = deps;
  // Staff overrides of instruments' margin and lending settings (issue 15 item 4): `settings.apply`
  // is applied in the one margin lookup below; the back office reads and sets them through `settings`.
  const settings = createMarginSettings({
    db,
    clock,
    audit,
    instrumentOf: (symbol) => market.provider.instrument(symbol),
    instruments: () => market.provider.instruments(),
    borrowFeeDefaultBasisPoints: (deps.lending?.config ?? defaultLendingConfig()).borrowFeeBasisPoints,
  });
  const annualRateBasisPoints = rate.benchmarkBasisPoints + rate.spreadBasisPoints;
  const requireLedger = (): LedgerService => {
    if (!deps.ledger) throw new Error('margin: no ledger wired');
    return deps.ledger;
  };

  const retakeFrom = (row: MarginTestRow) =>
    new Date(row.takenAt.getTime() + MARGIN_RULES.retakeDays * DAY_MS);

  function testView(row: MarginTestRow) {
    const score = scoreMarginAnswers(row.answers);
    return {
      id: row.id.toString(),
      answers: row.answers,
      knowledgeCorrect: score.knowledgeCorrect,
      knowledgeTotal: score.knowledgeTotal,
      isExperienceMet: score.isExperienceMet,
      isPassed: score.isPassed,
      wrong: score.wrong,
      takenAt: row.takenAt.toISOString(),
      retakeFrom: score.isPassed ? null : retakeFrom(row).toISOString(),
    };
  }

  const accountView = (row: MarginAccountRow) => ({
    openedAt: row.acceptedAt.toISOString(),
    disclosureVersion: row.disclosureVersion,
    disclosureHash: row.disclosureHash,
    disclosureLanguage: row.disclosureLanguage,
    testId: row.testId.toString(),
  });

  /** Whether the test's answers are those its audit entry (hash-chained, ADR 0006) recorded. */
  async function isAsRecorded(test: MarginTestRow): Promise<boolean> {
    const { items } = await audit.list({
      page: 1,
      pageSize: 1,
      targetType: 'margin_test',
      targetId: test.id.toString(),
      action: 'margin.test_taken',
    });
    const recorded = items[0]?.after as { answers?: unknown } | undefined;
    return (
      recorded?.answers !== undefined &&
      canonicalJson(recorded.answers as Record<string, string>) === canonicalJson(test.answers)
    );
  }

  /**
   * The acceptance, if its test passes when its answers are re-scored by the rule now and those
   * answers are the ones the audit log recorded when it was taken: the account is open.
   */
  async function openAccount(userId: bigint) {
    const account = await repository.accountOfUser(db, userId);
    if (!account) return null;
    const test = await repository.testById(db, account.testId);
    if (!test || test.userId !== userId || !scoreMarginAnswers(test.answers).isPassed) return null;
    if (!(await isAsRecorded(test))) return null;
    return account;
  }

  const rule = {
    knowledgeCorrectMinimum: MARGIN_RULES.knowledgeCorrectMinimum,
    knowledgeTotal: scoreMarginAnswers({}).knowledgeTotal,
    retakeDays: MARGIN_RULES.retakeDays,
    experienceOptionsAccepted: Object.fromEntries(
      Object.entries(MARGIN_EXPERIENCE_RULE).map(([question, options]) => [question, [...options]]),
    ),
  };

  async function status(userId: bigint, language: Language) {
    const [latest, account, disclosure] = await Promise.all([
      repository.latestTest(db, userId),
      openAccount(userId),
      renderDisclosure(language, rate),
    ]);
    const test = latest ? testView(latest) : null;
    const state: MarginAccountState = account
      ? 'open'
      : !test
        ? 'not_started'
        : test.isPassed
          ? 'test_passed'
          : 'test_failed';
    return { state, test, account: account ? accountView(account) : null, rule, disclosure };
  }

  /**
   * An instrument's margin: its class, initial and maintenance margin and leverage cap. The one
   * place trading, the summary and the published parameters read it (a per-instrument override
   * would be applied here).
   */
  function instrumentMargin(symbol: string) {
    const margin = settings.apply(symbol, marginClassOf(market.instrumentOf(symbol)));
    return { ...margin, leverageMax: leverageMax(margin.initialBasisPoints) };
  }

  // Day trading (issue 16 item 5, day-trading.ts): eligibility from the one lookup above.
  const dayTrading = createDayTrading({
    db,
    clock,
    config: deps.dayTrading ?? {
      intradayInitialBasisPoints: DAY_TRADING_RULES.intradayInitialBasisPointsDefault,
    },
    market,
    instrumentMargin,
  });

  // Short selling and securities lending (issue 16 item 3): the lendable list from the one lookup above.
  const lending = createSecuritiesLending({
    db,
    clock,
    audit,
    config: deps.lending?.config ?? defaultLendingConfig(),
    ledger: requireLedger,
    instrumentOf: (symbol) => market.instrumentOf(symbol),
    instruments: () => market.provider.instruments(),
    instrumentMargin,
    isOpen: async (userId) => deps.ledger !== undefined && (await openAccount(userId)) !== null,
    ...(deps.messages ? { messages: deps.messages } : {}),
    fullyPaid: () => deps.lending?.fullyPaid ?? null,
    buyIn: () => deps.lending?.buyIn ?? null,
  });

  /**
   * What the user owes per currency, and the interest added so far, from the movement rows (or
   * their sums per currency and kind, which add up to the same).
   */
  function loanFigures(rows: readonly Pick<MarginMovementRow, 'currency' | 'kind' | 'amountMinor'>[]) {
    return currencies.map((currency) => {
      let owedMinor = 0n;
      let borrowedMinor = 0n;
      let interestMinor = 0n;
      let repaidMinor = 0n;
      let marginCashMovedMinor = 0n;
      for (const row of rows) {
        if (row.currency !== currency) continue;
        if (row.kind === 'borrow') borrowedMinor += row.amountMinor;
        else if (row.kind === 'interest') interestMinor += row.amountMinor;
        else if (row.kind === 'repay') repaidMinor += row.amountMinor;
        else if (row.kind === 'to_margin') marginCashMovedMinor += row.amountMinor;
        else marginCashMovedMinor -= row.amountMinor;
      }
      owedMinor = borrowedMinor + interestMinor - repaidMinor;
      return { currency, owedMinor, borrowedMinor, interestMinor, repaidMinor, marginCashMovedMinor };
    });
  }

  /** What the user owes per currency now, from their movements summed in SQL. */
  async function owedByCurrency(executor: Executor, userId: bigint): Promise<Map<Currency, bigint>> {
    const totals = (await repository.movementTotalsOf(executor, [userId])).get(userId) ?? [];
    return new Map(loanFigures(totals).map((figure) => [figure.currency, figure.owedMinor]));
  }

  async function owedOf(executor: Executor, userId: bigint, currency: Currency): Promise<bigint> {
    return (await owedByCurrency(executor, userId)).get(currency) ?? 0n;
  }

  // Read before every order placement (POSITION_LOCKED): batched with other placements' reads.
  const liquidationLeaseOf = roundLookup(db, liquidationLeasesRead);

  async function eurPerUsd(): Promise<bigint> {
    const fx = await market.fxRate('EUR', 'USD');
    const rateMinor = parseDecimal(fx.rate, scales.fxRate);
    if (rateMinor === null || rateMinor <= 0n) throw new DomainError('PRICE_UNAVAILABLE');
    return rateMinor;
  }
  const toEur = (amountMinor: bigint, currency: Currency, usdPerEur: bigint) =>
    currency === 'EUR'
      ? amountMinor
      : divideRounded(amountMinor * 10n ** BigInt(scales.fxRate), usdPerEur, 'half_up');

  /**
   * The margin side, in EUR (USD at the market mid rate): equity = margin cash + holdings at their
   * value now − what is owed; the maintenance and initial requirements are each holding's value
   * times its class's margin (a holding that is not marginable counts in full).
   */
  async function marginSide(
    executor: Executor,
    userId: bigint,
    valued: { held: readonly MarginHolding[]; usdPerEur: bigint },
  ) {
    const ledger = requireLedger();
    const [rows, marginCash] = await Promise.all([
      repository.movementsOf(executor, userId),
      ledger.getUserKindCash(executor, userId, 'margin'),
    ]);
    return sideOf(rows, marginCash, valued);
  }

  /** The margin side from what was read: the loan rows (or their sums), the margin cash, the holdings valued. */
  function sideOf(
    rows: readonly Pick<MarginMovementRow, 'currency' | 'kind' | 'amountMinor'>[],
    marginCash: readonly { currency: Currency; balanceMinor: bigint }[],
    valued: { held: readonly MarginHolding[]; usdPerEur: bigint },
  ) {
    const { held, usdPerEur } = valued;
    const loans = loanFigures(rows);
    let holdingsEur = 0n;
    let maintenanceEur = 0n;
    let initialEur = 0n;
    for (const holding of held) {
      // A short (issue 16 item 3) is valued negative (a liability: the shares owed at their price);
      // its requirement is the margin on that value, as a holding's.
      const valueEur = toEur(holding.valueMinor, holding.currency, usdPerEur);
      const exposureEur = valueEur < 0n ? -valueEur : valueEur;
      const margin = instrumentMargin(holding.symbol);
      const part = (basisPoints: number | null) =>
        divideRounded(exposureEur * BigInt(basisPoints ?? 10_000), 10_000n, 'up');
      holdingsEur += valueEur;
      maintenanceEur += part(margin.maintenanceBasisPoints);
      initialEur += part(margin.initialBasisPoints);
    }
    const marginCashEur = marginCash.reduce(
      (sum, cash) => sum + toEur(cash.balanceMinor, cash.currency, usdPerEur),
      0n,
    );
    const owedEur = loans.reduce((sum, loan) => sum + toEur(loan.owedMinor, loan.currency, usdPerEur), 0n);
    const equityEur = marginCashEur + holdingsEur - owedEur;
    return {
      loans,
      marginCash,
      holdingsEur,
      maintenanceEur,
      initialEur,
      marginCashEur,
      owedEur,
      equityEur,
      usdPerEur,
    };
  }

  /** The holdings valued now and the rate, read outside any transaction (the market and positions). */
  async function valuation(userId: bigint) {
    const [held, usdPerEur] = await Promise.all([
      deps.holdings ? deps.holdings.marginHoldings(userId) : Promise.resolve([]),
      eurPerUsd(),
    ]);
    return { held, usdPerEur };
  }

  /** Posts each day's interest not yet posted through yesterday for one user and currency. */
  async function accrueFor(
    input: { userId: bigint; currency: Currency; firstDay: string; lastInterestDay: string | null },
    today: string,
  ): Promise<number> {
    const ledger = requireLedger();
    const lastDay = addDays(today, -1);
    let day = input.lastInterestDay ? addDays(input.lastInterestDay, 1) : input.firstDay;
    let posted = 0;
    for (let count = 0; day <= lastDay && count < CATCH_UP_DAYS_MAX; day = addDays(day, 1), count += 1) {
      const forDay = day;
      const isPosted = await db.transaction(async (tx) => {
        await repository.lockAccounts(tx, [input.userId]);
        const rows = await repository.movementsOf(tx, input.userId);
        if (
          rows.some(
            (row) => row.kind === 'interest' && row.currency === input.currency && row.interestDay === forDay,
          )
        )
          return false;
        // What was owed at the end of that day: borrowed and repaid before its end, interest of earlier days.
        const dayEnd = Date.parse(`${addDays(forDay, 1)}T00:00:00Z`);
        const asOf = rows.filter((row) =>
          row.kind === 'interest' ? (row.interestDay ?? '') < forDay : row.createdAt.getTime() < dayEnd,
        );
        const owedMinor = loanFigures(asOf).find((loan) => loan.currency === input.currency)?.owedMinor ?? 0n;
        const interestMinor = dailyInterestMinor(owedMinor, annualRateBasisPoints);
        if (interestMinor === 0n) return false;
        const entry = await ledger.transfer(tx, {
          idempotencyKey: `margin-interest:${input.userId}:${input.currency}:${forDay}`,
          kind: 'interest',
          source: { type: 'margin_loan', id: input.userId.toString() },
          memo: `Margin interest for ${forDay}: ${(annualRateBasisPoints / 100).toFixed(2)} % a year / ${MARGIN_RULES.interestDayCountBasis} on ${formatCash(owedMinor)} ${input.currency}`,
          postings: move(
            houseAccount('loan_book', input.currency),
            houseAccount('interest', input.currency),
            interestMinor,
          ),
        });
        await repository.insertMovement(tx, {
          userId: input.userId,
          currency: input.currency,
          kind: 'interest',
          amountMinor: interestMinor,
          entryId: entry.entryId,
          interestDay: forDay,
          createdAt: clock.now(),
        });
        return true;
      });
      if (isPosted) posted += 1;
    }
    return posted;
  }

  /**
   * The margin side now (equity, requirements, what is owed, in EUR): the one computation the
   * summary shows and the margin level (equity / maintenance requirement) is read from.
   */
  async function sideNow(userId: bigint) {
    return marginSide(db, userId, await valuation(userId));
  }

  /**
   * `sideNow` of many users at once (a tick's holders, margin-level.service.ts), in four reads
   * whatever their number: their holdings valued (Trading), the rate, their loan movements summed
   * per currency and kind, their margin cash. The same computation (`sideOf`) as `sideNow`.
   */
  async function sidesNow(userIds: readonly bigint[]) {
    const ledger = requireLedger();
    const unique = [...new Set(userIds)];
    const [held, usdPerEur, totals, marginCash] = await Promise.all([
      deps.holdings
        ? deps.holdings.marginHoldingsOf(unique)
        : Promise.resolve(new Map<bigint, MarginHolding[]>()),
      eurPerUsd(),
      repository.movementTotalsOf(db, unique),
      ledger.getUsersKindCash(db, unique, 'margin'),
    ]);
    const noCash = currencies.map((currency) => ({ currency, balanceMinor: 0n }));
    return new Map(
      unique.map((userId) => [
        userId,
        sideOf(totals.get(userId) ?? [], marginCash.get(userId) ?? noCash, {
          held: held.get(userId) ?? [],
          usdPerEur,
        }),
      ]),
    );
  }

  /** The margin screen: equity, requirements, buying power, what is owed and the interest so far. */
  async function summary(userId: bigint) {
    const side = await sideNow(userId);
    const cash = await requireLedger().getCashBalances(db, userId);
    const best = marginClasses
      .map((marginClass) => leverageMax(classRule(marginClass).initialBasisPoints))
      .filter((value): value is string => value !== null)
      .map((value) => leverageHundredthsOf(value) ?? 100)
      .reduce((a, b) => Math.max(a, b), 100);
    const excess = side.equityEur - side.maintenanceEur;
    return {
      isOpen: (await openAccount(userId)) !== null,
      annualRateBasisPoints,
      equity: formatCash(side.equityEur),
      holdingsValue: formatCash(side.holdingsEur),
      marginCash: formatCash(side.marginCashEur),
      owed: formatCash(side.owedEur),
      maintenanceRequirement: formatCash(side.maintenanceEur),
      initialRequirement: formatCash(side.initialEur),
      excessOverMaintenance: formatCash(excess),
      currencies: side.loans.map((loan) => {
        const available = cash.find((row) => row.currency === loan.currency)?.available ?? 0n;
        const marginCash = side.marginCash.find((row) => row.currency === loan.currency)?.balanceMinor ?? 0n;
        return {
          currency: loan.currency,
          available: formatCash(available),
          buyingPower: formatCash((available * BigInt(best)) / 100n),
          marginCash: formatCash(marginCash),
          owed: formatCash(loan.owedMinor),
          borrowed: formatCash(loan.borrowedMinor),
          interestToDate: formatCash(loan.interestMinor),
          repaid: formatCash(loan.repaidMinor),
          dailyInterest: formatCash(dailyInterestMinor(loan.owedMinor, annualRateBasisPoints)),
        };
      }),
    };
  }

  return {
    status,

    /** Takes the test: scored, stored and audited in one transaction under the user's lock. */
    async submitTest(userId: bigint, answers: MarginAnswers) {
      await identity.requireVerified(userId);
      const row = await db.transaction(async (tx) => {
        await users.lock(tx, userId);
        const latest = await repository.latestTest(tx, userId);
        if (latest && scoreMarginAnswers(latest.answers).isPassed) {
          throw new DomainError('MARGIN_TEST_ALREADY_PASSED');
        }
        const now = clock.now();
        if (latest && now < retakeFrom(latest)) {
          throw new DomainError('MARGIN_TEST_RETAKE_TOO_SOON', {
            retakeFrom: retakeFrom(latest).toISOString(),
          });
        }
        const score = scoreMarginAnswers(answers);
        const inserted = await repository.insertTest(tx, {
          userId,
          answers: { ...answers },
          knowledgeCorrect: score.knowledgeCorrect,
          isExperienceMet: score.isExperienceMet,
          isPassed: score.isPassed,
          takenAt: now,
        });
        await audit.record(
          tx,
          { userId },
          {
            action: 'margin.test_taken',
            targetType: 'margin_test',
            targetId: inserted.id,
            reason: 'appropriateness test for a margin account',
            before: null,
            after: {
              answers: inserted.answers,
              knowledgeCorrect: score.knowledgeCorrect,
              isExperienceMet: score.isExperienceMet,
              isPassed: score.isPassed,
            },
          },
        );
        return inserted;
      });
      return testView(row);
    },

    /** Accepts the risk disclosure after a passed test; the account is then open. */
    async accept(
      userId: bigint,
      input: { language: Language; disclosureVersion: string; disclosureHash: string; accepts: boolean },
    ) {
      await identity.requireVerified(userId);
      if (await openAccount(userId)) throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
      const disclosure = await renderDisclosure(input.language, rate);
      try {
        await db.transaction(async (tx) => {
          await users.lock(tx, userId);
          if (await repository.accountOfUser(tx, userId))
            throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
          const test = await repository.latestTest(tx, userId);
          if (!test || !scoreMarginAnswers(test.answers).isPassed)
            throw new DomainError('MARGIN_TEST_NOT_PASSED');
          if (!input.accepts) throw new DomainError('MARGIN_DISCLOSURE_NOT_ACCEPTED');
          if (input.disclosureVersion !== disclosure.version || input.disclosureHash !== disclosure.hash) {
            throw new DomainError('MARGIN_DISCLOSURE_OUTDATED', { version: disclosure.version });
          }
          const account = await repository.insertAccount(tx, {
            userId,
            testId: test.id,
            disclosureVersion: disclosure.version,
            disclosureLanguage: disclosure.language,
            disclosureHash: disclosure.hash,
            acceptedAt: clock.now(),
          });
          await audit.record(
            tx,
            { userId },
            {
              action: 'margin.disclosure_accepted',
              targetType: 'margin_account',
              targetId: account.id,
              reason: 'risk disclosure accepted; margin account opened',
              before: null,
              after: {
                testId: test.id,
                disclosureVersion: account.disclosureVersion,
                disclosureLanguage: account.disclosureLanguage,
                disclosureHash: account.disclosureHash,
                acceptedAt: account.acceptedAt,
              },
            },
          );
        });
      } catch (error) {
        if (isPgError(error, '23505')) throw new DomainError('MARGIN_ACCOUNT_ALREADY_OPEN');
        throw error;
      }
      return status(userId, input.language);
    },

    /**
     * For trading (leverage above 1×, a short): MARGIN_NOT_ENABLED unless the margin account is open,
     * its test re-scored by the rule still passing.
     */
    async requireMarginEnabled(userId: bigint): Promise<void> {
      if (!(await openAccount(userId))) throw new DomainError('MARGIN_NOT_ENABLED');
    },

    /** Whether the user's margin account is open (the day-trading screen). */
    isOpen: async (userId: bigint) => (await openAccount(userId)) !== null,

    /** Staff: the margin account's state and test score, for the back-office user page. */
    async staffSummary(accountName: string) {
      const user = await users.findByAccount(accountName);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      const [latest, account] = await Promise.all([repository.latestTest(db, user.id), openAccount(user.id)]);
      return {
        openedAt: account?.acceptedAt.toISOString() ?? null,
        test: latest ? testView(latest) : null,
      };
    },

    /** The one lookup of an instrument's margin class, margins and leverage cap. */
    instrumentMargin,

    /** Staff overrides of instruments' margin and lending settings (issue 15 item 4). */
    settings,

    /** The published annual rate on borrowed cash (benchmark + spread), basis points. */
    annualRateBasisPoints,

    /**
     * A buy's leverage checked: null for 1.00 (a cash order); above it MARGIN_NOT_ENABLED unless the
     * account is open, MARGIN_NOT_MARGINABLE, MARGIN_LEVERAGE_ABOVE_CAP, MARGIN_PAY_IN_TRADE_CURRENCY.
     */
    async marginTicket(
      userId: bigint,
      input: {
        symbol: string;
        leverage: string | undefined;
        tradeCurrency: Currency;
        payCurrency: Currency;
        /** A day trade (day-trading.ts): the intraday cap, eligibility and the auto-close time instead. */
        intraday?: boolean | undefined;
      },
    ) {
      const hundredths = input.leverage === undefined ? 100 : leverageHundredthsOf(input.leverage);
      if (hundredths === null || hundredths < 100) {
        throw new DomainError('VALIDATION_FAILED', {
          issues: [{ path: 'leverage', message: "from 1.00 up to the instrument's cap" }],
        });
      }
      if (hundredths === 100 && input.intraday !== true) return null;
      if (!deps.ledger || !(await openAccount(userId))) throw new DomainError('MARGIN_NOT_ENABLED');
      if (input.intraday === true) {
        const intraday = dayTrading.checkTicket({
          symbol: input.symbol,
          leverageHundredths: hundredths,
          nowMs: clock.now().getTime(),
        });
        if (input.payCurrency !== input.tradeCurrency) {
          throw new DomainError('MARGIN_PAY_IN_TRADE_CURRENCY', { currency: input.tradeCurrency });
        }
        return {
          leverageHundredths: hundredths,
          leverage: formatLeverage(hundredths),
          leverageMax: intraday.leverageMax,
          annualRateBasisPoints,
          isIntraday: true,
          autoCloseAt: new Date(intraday.autoCloseAtMs).toISOString(),
        };
      }
      const margin = instrumentMargin(input.symbol);
      if (margin.leverageMax === null)
        throw new DomainError('MARGIN_NOT_MARGINABLE', { symbol: input.symbol });
      const capHundredths = leverageHundredthsOf(margin.leverageMax) ?? 100;
      if (hundredths > capHundredths) {
        throw new DomainError('MARGIN_LEVERAGE_ABOVE_CAP', { leverageMax: margin.leverageMax });
      }
      if (input.payCurrency !== input.tradeCurrency) {
        throw new DomainError('MARGIN_PAY_IN_TRADE_CURRENCY', { currency: input.tradeCurrency });
      }
      return {
        leverageHundredths: hundredths,
        leverage: formatLeverage(hundredths),
        leverageMax: margin.leverageMax,
        annualRateBasisPoints,
        isIntraday: false,
        autoCloseAt: null as string | null,
      };
    },

    /** Day trading (issue 16 item 5): the rules, eligibility, the fill's record and the auto-close. */
    dayTrading,

    /** Short selling and securities lending (issue 16 item 3): the pool, borrows, fees, recalls. */
    lending,

    /**
     * The margin loan's source for the user's records list: its entries are theirs even where no
     * posting is (a day's interest moves loan_book → interest, and adds to what they owe).
     */
    debtSources: (userId: bigint) => [{ sourceType: 'margin_loan' as const, sourceIds: [userId.toString()] }],

    /**
     * The records of the user's margin loan and securities lending (margin-records.ts): the
     * repayments, interest days, capital transfers, collateral returns, and the borrow fees and
     * manufactured dividends the user paid as a short or received as a lender. Once per page.
     */
    describeRecords: (userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> =>
      describeMarginRecords(
        {
          db,
          orders: async (user, orderIds) => (deps.recordOrders ? deps.recordOrders(user, orderIds) : []),
          currencyOf: (symbol) => market.instrumentOf(symbol).currency as Currency,
          quantityScaleOf: (symbol) => market.instrumentOf(symbol).quantityScale,
        },
        userId,
        entries,
      ),

    /** Locks these users' margin accounts (before any ledger row): a fill that borrows or repays. */
    lockLoans: (tx: Transaction, userIds: readonly bigint[]) => repository.lockAccounts(tx, userIds),

    /** What the user owes in this currency now. */
    owed: (executor: Executor, userId: bigint, currency: Currency) => owedOf(executor, userId, currency),

    /** What the user owes in each currency now (0 when nothing), in one read. */
    owedByCurrency,

    /** A margin buy's fill borrowed `amountMinor` in its entry (house loan_book → the market). */
    async recordBorrow(
      tx: Transaction,
      input: { userId: bigint; currency: Currency; amountMinor: bigint; entryId: bigint; orderId: bigint },
    ) {
      await repository.insertMovement(tx, { ...input, kind: 'borrow', createdAt: clock.now() });
    },

    /**
     * A sale's proceeds (already in the user's available cash, same transaction) repay the loan in
     * that currency first, up to what is owed: one entry, user cash → loan_book.
     */
    async repayFromSales(
      tx: Transaction,
      inputs: readonly { userId: bigint; currency: Currency; proceedsMinor: bigint; orderId: bigint }[],
    ): Promise<bigint[]> {
      // `repayFromSale` for many sales (a batch of fills, in its transaction): what each user owes
      // read once, each sale repaying in turn what is still owed — the same entries (key, memo,
      // postings) as `repayFromSale`, written by one ledger statement (`transferMany`) — and the
      // movements in one insert. Answers each sale's repayment.
      const selling = inputs.filter((input) => input.proceedsMinor > 0n).map((input) => input.userId);
      const owed = await repository.owedByUserAndCurrency(tx, selling);
      const repaying: { input: (typeof inputs)[number]; repayMinor: bigint }[] = [];
      const repaid: bigint[] = [];
      for (const input of inputs) {
        const key = `${input.userId}:${input.currency}`;
        const owedMinor = owed.get(key) ?? 0n;
        const repayMinor =
          input.proceedsMinor <= 0n ? 0n : owedMinor < input.proceedsMinor ? owedMinor : input.proceedsMinor;
        repaid.push(repayMinor > 0n ? repayMinor : 0n);
        if (repayMinor <= 0n) continue;
        owed.set(key, owedMinor - repayMinor);
        repaying.push({ input, repayMinor });
      }
      const entries = await requireLedger().transferMany(
        tx,
        repaying.map(({ input, repayMinor }) => ({
          idempotencyKey: `margin-repay:order:${input.orderId}`,
          kind: 'loan_repayment' as const,
          source: { type: 'margin_loan' as const, id: input.userId.toString() },
          memo: `Margin loan repaid from the sale of order ${input.orderId}: ${formatCash(repayMinor)} ${input.currency}`,
          postings: move(
            userAccount(input.userId, input.currency),
            houseAccount('loan_book', input.currency),
            repayMinor,
          ),
        })),
      );
      await repository.insertMovements(
        tx,
        repaying.map(({ input, repayMinor }, index) => ({
          userId: input.userId,
          currency: input.currency,
          kind: 'repay' as const,
          amountMinor: repayMinor,
          entryId: entries[index]!.entryId,
          orderId: input.orderId,
          createdAt: clock.now(),
        })),
      );
      return repaid;
    },

    async repayFromSale(
      tx: Transaction,
      input: { userId: bigint; currency: Currency; proceedsMinor: bigint; orderId: bigint },
    ): Promise<bigint> {
      if (input.proceedsMinor <= 0n) return 0n;
      const owedMinor = await owedOf(tx, input.userId, input.currency);
      const repayMinor = owedMinor < input.proceedsMinor ? owedMinor : input.proceedsMinor;
      if (repayMinor <= 0n) return 0n;
      const entry = await requireLedger().transfer(tx, {
        idempotencyKey: `margin-repay:order:${input.orderId}`,
        kind: 'loan_repayment',
        source: { type: 'margin_loan', id: input.userId.toString() },
        memo: `Margin loan repaid from the sale of order ${input.orderId}: ${formatCash(repayMinor)} ${input.currency}`,
        postings: move(
          userAccount(input.userId, input.currency),
          houseAccount('loan_book', input.currency),
          repayMinor,
        ),
      });
      await repository.insertMovement(tx, {
        userId: input.userId,
        currency: input.currency,
        kind: 'repay',
        amountMinor: repayMinor,
        entryId: entry.entryId,
        orderId: input.orderId,
        createdAt: clock.now(),
      });
      return repayMinor;
    },

    /** The daily job: each day's interest not yet posted, through yesterday (UTC), for every loan. */
    async accrueInterest(now: Date): Promise<number> {
      const today = utcDay(now);
      let posted = 0;
      for (const borrower of await repository.borrowers(db)) posted += await accrueFor(borrower, today);
      return posted;
    },

    summary,

    /** The margin side now, as the summary computes it (for the margin level, margin-level.service.ts). */
    sideNow,
    /** The margin side of many users now, in a few reads (the margin level's tick). */
    sidesNow,

    /**
     * While the user's liquidation runs, its lease end: their own orders on the positions it may
     * close are refused (POSITION_LOCKED) until it is done. Null when none runs.
     */
    async liquidationLock(userId: bigint): Promise<{ until: Date } | null> {
      const until = await liquidationLeaseOf(userId);
      return until ? { until } : null;
    },

    /**
     * Each holding's liquidation price (liquidation-price.ts): the last price at which the account's
     * margin level would reach the published liquidation level, other prices held constant; a
     * short's above its price, a holding's below. Keyed `symbol:direction`. All null when the level
     * cannot fall below 100 %: nothing owed and no short.
     */
    async liquidationPrices(
      userId: bigint,
      holdings: readonly {
        symbol: string;
        direction: 'long' | 'short';
        currency: Currency;
        quantityMinor: bigint;
        quantityScale: number;
        lastMinor: bigint | null;
      }[],
    ): Promise<Map<string, bigint | null>> {
      const prices = new Map<string, bigint | null>();
      if (holdings.length === 0) return prices;
      const valued = await valuation(userId);
      const side = await marginSide(db, userId, valued);
      const canFall = side.owedEur > 0n || valued.held.some((holding) => holding.valueMinor < 0n);
      for (const holding of holdings) {
        prices.set(
          `${holding.symbol}:${holding.direction}`,
          !canFall || holding.lastMinor === null
            ? null
            : liquidationPriceMinor({
                equityEurMinor: side.equityEur,
                maintenanceEurMinor: side.maintenanceEur,
                liquidationBasisPoints: MARGIN_RULES.liquidationLevelBasisPoints,
                maintenanceBasisPoints: instrumentMargin(holding.symbol).maintenanceBasisPoints,
                lastMinor: holding.lastMinor,
                quantityMinor: holding.quantityMinor,
                quantityScale: holding.quantityScale,
                usdPerEur: holding.currency === 'EUR' ? null : side.usdPerEur,
                direction: holding.direction,
              }),
        );
      }
      return prices;
    },

    /**
     * The capital transfer: `to_margin` moves the user's available cash to their margin account,
     * `to_cash` moves it back — refused (MARGIN_TRANSFER_BELOW_MAINTENANCE, with what could move)
     * when the margin side's equity after it would be below the maintenance requirement.
     */
    async transfer(
      userId: bigint,
      input: { direction: 'to_margin' | 'to_cash'; currency: Currency; amountMinor: bigint },
      keyHeader: string | undefined,
    ) {
      const key = requireIdempotencyKey(keyHeader);
      const ledger = requireLedger();
      if (!(await openAccount(userId))) throw new DomainError('MARGIN_NOT_ENABLED');
      await ledger.openUserAccountKinds(db, userId, ['margin']);
      // The holdings are valued before the transaction (their quotes and rows are read outside it);
      // the loan and the margin cash are read under the margin account's lock.
      const valued = await valuation(userId);
      await db.transaction(async (tx) => {
        await repository.lockAccounts(tx, [userId]);
        const earlier = await repository.movementByKey(tx, userId, key);
        if (earlier) {
          if (
            earlier.kind !== input.direction ||
            earlier.currency !== input.currency ||
            earlier.amountMinor !== input.amountMinor
          )
            throw new DomainError('IDEMPOTENCY_KEY_REUSED');
          return;
        }
        const available = userAccount(userId, input.currency);
        const margin = userAccount(userId, input.currency, 'margin');
        if (input.direction === 'to_cash') {
          const side = await marginSide(tx, userId, valued);
          const amountEur = toEur(input.amountMinor, input.currency, side.usdPerEur);
          if (side.equityEur - amountEur < side.maintenanceEur) {
            const excessEur = side.equityEur - side.maintenanceEur;
            const excess =
              input.currency === 'EUR'
                ? excessEur
                : (excessEur * side.usdPerEur) / 10n ** BigInt(scales.fxRate);
            const inMargin =
              side.marginCash.find((row) => row.currency === input.currency)?.balanceMinor ?? 0n;
            const most = excess < inMargin ? excess : inMargin;
            throw new DomainError('MARGIN_TRANSFER_BELOW_MAINTENANCE', {
              available: formatCash(most > 0n ? most : 0n),
            });
          }
        }
        const kind = input.direction;
        const entry = await ledger.transfer(tx, {
          idempotencyKey: `margin-transfer:${userId}:${key}`,
          kind: 'margin_transfer',
          source: { type: 'margin_loan', id: userId.toString() },
          memo:
            input.direction === 'to_margin'
              ? `Capital transfer to the margin side: ${formatCash(input.amountMinor)} ${input.currency}`
              : `Capital transfer to the cash side: ${formatCash(input.amountMinor)} ${input.currency}`,
          postings:
            input.direction === 'to_margin'
              ? move(available, margin, input.amountMinor)
              : move(margin, available, input.amountMinor),
        });
        await repository.insertMovement(tx, {
          userId,
          currency: input.currency,
          kind,
          amountMinor: input.amountMinor,
          entryId: entry.entryId,
          idempotencyKey: key,
          createdAt: clock.now(),
        });
      });
      return summary(userId);
    },

    /**
     * Repays the margin loan in `currency` from the user's available cash, up to what is owed
     * (MARGIN_REPAY_ABOVE_OWED beyond it; the ledger refuses INSUFFICIENT_BALANCE when the cash is
     * short): one loan_repayment entry (user cash → loan_book) and a `repay` movement, under the
     * margin account's lock, once per idempotency key. A loan, or a shortfall left after a
     * liquidation, stops accruing interest without a sale.
     */
    async repay(
      userId: bigint,
      input: { currency: Currency; amountMinor: bigint },
      keyHeader: string | undefined,
    ) {
      const key = requireIdempotencyKey(keyHeader);
      await db.transaction(async (tx) => {
        await repository.lockAccounts(tx, [userId]);
        const earlier = await repository.movementByKey(tx, userId, key);
        if (earlier) {
          if (
            earlier.kind !== 'repay' ||
            earlier.currency !== input.currency ||
            earlier.amountMinor !== input.amountMinor
          )
            throw new DomainError('IDEMPOTENCY_KEY_REUSED');
          return;
        }
        const owedMinor = await owedOf(tx, userId, input.currency);
        if (input.amountMinor > owedMinor) {
          throw new DomainError('MARGIN_REPAY_ABOVE_OWED', {
            owed: formatCash(owedMinor > 0n ? owedMinor : 0n),
          });
        }
        const entry = await requireLedger().transfer(tx, {
          idempotencyKey: `margin-repay:${userId}:${key}`,
          kind: 'loan_repayment',
          source: { type: 'margin_loan', id: userId.toString() },
          memo: `Margin loan repaid from cash: ${formatCash(input.amountMinor)} ${input.currency}`,
          postings: move(
            userAccount(userId, input.currency),
            houseAccount('loan_book', input.currency),
            input.amountMinor,
          ),
        });
        await repository.insertMovement(tx, {
          userId,
          currency: input.currency,
          kind: 'repay',
          amountMinor: input.amountMinor,
          entryId: entry.entryId,
          idempotencyKey: key,
          createdAt: clock.now(),
        });
      });
      return summary(userId);
    },

    /** The published parameters: the rate, the classes and each tradable instrument's class. */
    parameters() {
      const classes = marginClasses.map((marginClass) => {
        const rule = classRule(marginClass);
        return { ...rule, leverageMax: leverageMax(rule.initialBasisPoints) };
      });
      const instruments = market.provider
        .instruments()
        .filter((instrument) => instrument.kind !== 'index' && instrument.kind !== 'forex')
        .map((instrument) => ({
          symbol: instrument.symbol,
          code: instrument.code,
          name: instrument.name,
          currency: instrument.currency,
          ...instrumentMargin(instrument.symbol),
        }));
      return {
        rate: {
          benchmarkName: rate.benchmarkName,
          benchmarkBasisPoints: rate.benchmarkBasisPoints,
          spreadBasisPoints: rate.spreadBasisPoints,
          annualRateBasisPoints: rate.benchmarkBasisPoints + rate.spreadBasisPoints,
          dayCountBasis: MARGIN_RULES.interestDayCountBasis,
        },
        classes,
        largeCapMinimum: MARGIN_RULES.largeCapMinimum.toString(),
        liquidityMinimum: MARGIN_RULES.liquidityMinimum.toString(),
        instruments,
      };
    },
  };
}

export type MarginService = ReturnType<typeof createMarginService>;
