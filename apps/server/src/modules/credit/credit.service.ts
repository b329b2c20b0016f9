import { DomainError, formatCash, parseCash } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor, Transaction } from '../../db/database';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import { sourceIdsOf, type RecordDetails, type RecordEntry } from '../../ledger/record-sources';
import {
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { IdentityService } from '../identity/identity.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { UsersService } from '../users/users.service';
import {
  CREDIT_FORMULA,
  CREDIT_TERM_MONTHS,
  CREDIT_TIERS,
  DAY_COUNT_BASIS,
  MAX_SCORE,
  aprBasisPoints,
  creditFactors,
  fullMonthsBetween,
  scoreOf,
  tierFor,
  type CreditTier,
} from './credit-score';
import * as repository from './credit.repository';
import type { LoanMovementRow, LoanRow } from './credit.repository';
import { addDays, addMonths, dailyInterestMinor, daysBetween, repaymentSchedule, utcDay } from './loan-math';

// The credit line (issue 14, item 1): a loan is money lent from the house `loan_book` into the
// user's available EUR, one ledger entry per draw; each day's interest is its own entry
// (`loan_book` → `interest`, kind `interest`) posted by the daily job, and a repayment moves the
// user's EUR back to `loan_book` (interest first, then principal), without fee. What is drawn,
// accrued, repaid and owed is read from those entries. The score (credit-score.ts) sets the limit
// and the rate and nothing else: withdrawals never ask for it and no staff call changes it.
// A user's draws and repayments are serialised on their user row, so parallel calls can neither
// borrow past the limit nor repay more than is owed.

const CURRENCY = 'EUR';
/** Additional credit: a positive whole number of euros, at most seven digits. */
const WHOLE_EUROS = /^[1-9]\d{0,6}$/;
/** A day's interest entry's key: `loan:<loan id>:interest:<day>` (see `accrue`). */
const INTEREST_KEY = /^loan:(\d+):interest:(\d{4}-\d{2}-\d{2})$/;
/** Days of interest one pass posts for one loan at most (a server down for longer catches up over passes). */
const CATCH_UP_DAYS_MAX = 400;

type Profile = { isIdentityVerified: boolean; registeredAt: Date; depositMonths: number };
type LoanBalances = { drawnMinor: bigint; accruedMinor: bigint; repaidMinor: bigint };

export function createCreditService(deps: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  users: Pick<UsersService, 'lock' | 'identityOf' | 'registeredAt'>;
  identity: Pick<IdentityService, 'requireVerified'>;
  restrictions: Pick<RestrictionsService, 'assertAllowed'>;
}) {
  const { db, clock, ledger, users, identity, restrictions } = deps;

  async function balancesOf(executor: Executor, loanIds: readonly bigint[]) {
    const sums = await ledger.houseSourceSums(executor, {
      house: 'loan_book',
      asset: CURRENCY,
      sourceType: 'loan',
      sourceIds: loanIds.map(String),
    });
    const byLoan = new Map<string, LoanBalances>();
    for (const id of loanIds) byLoan.set(String(id), { drawnMinor: 0n, accruedMinor: 0n, repaidMinor: 0n });
    for (const sum of sums) {
      const balances = byLoan.get(sum.sourceId);
      if (!balances) continue;
      if (sum.kind === 'loan') balances.drawnMinor -= sum.sumMinor;
      else if (sum.kind === 'interest') balances.accruedMinor -= sum.sumMinor;
      else if (sum.kind === 'loan_repayment') balances.repaidMinor += sum.sumMinor;
    }
    return byLoan;
  }

  function owedParts(balances: LoanBalances, movements: readonly LoanMovementRow[]) {
    const owedMinor = balances.drawnMinor + balances.accruedMinor - balances.repaidMinor;
    const interestPaidMinor = movements.reduce((sum, row) => sum + row.interestMinor, 0n);
    const interestOwedMinor = balances.accruedMinor - interestPaidMinor;
    return { owedMinor, interestOwedMinor, principalOwedMinor: owedMinor - interestOwedMinor };
  }

  async function loanViews(executor: Executor, rows: readonly LoanRow[]) {
    const ids = rows.map((row) => row.id);
    const balances = await balancesOf(executor, ids);
    const movements = await repository.movementsOf(executor, ids);
    const today = utcDay(clock.now());
    return rows.map((row) => {
      const own = movements.filter((movement) => movement.loanId === row.id);
      const sums = balances.get(String(row.id)) ?? { drawnMinor: 0n, accruedMinor: 0n, repaidMinor: 0n };
      const parts = owedParts(sums, own);
      return {
        id: row.id.toString(),
        state: row.state,
        currency: CURRENCY,
        rateBasisPoints: row.rateBasisPoints,
        aprBasisPoints: aprBasisPoints(row.rateBasisPoints),
        borrowed: formatCash(sums.drawnMinor),
        interestAccrued: formatCash(sums.accruedMinor),
        repaid: formatCash(sums.repaidMinor),
        owed: formatCash(parts.owedMinor),
        principalOwed: formatCash(parts.principalOwedMinor),
        interestOwed: formatCash(parts.interestOwedMinor),
        accruedThrough: row.accruedThrough,
        openedAt: row.openedAt.toISOString(),
        dueOn: row.dueOn,
        isOverdue: row.state === 'open' && today > row.dueOn,
        repaidAt: row.repaidAt?.toISOString() ?? null,
        movements: own.map((movement) => ({
          id: movement.id.toString(),
          kind: movement.kind,
          amount: formatCash(movement.amountMinor),
          interest: formatCash(movement.interestMinor),
          principal: formatCash(movement.principalMinor),
          createdAt: movement.createdAt.toISOString(),
        })),
      } as const;
    });
  }

  async function loanView(executor: Executor, loanId: bigint) {
    const row = await repository.findLoan(executor, loanId);
    if (!row) throw new DomainError('LOAN_NOT_FOUND');
    const [view] = await loanViews(executor, [row]);
    if (!view) throw new Error(`loan ${loanId} has no view`);
    return view;
  }

  /**
   * What the score reads besides the loans: the identity and registration (users module) and the
   * months with a credited deposit (the ledger), read outside any transaction.
   */
  async function profileOf(userId: bigint): Promise<Profile> {
    const today = utcDay(clock.now());
    const [user, registeredAt, deposits] = await Promise.all([
      users.identityOf(userId),
      users.registeredAt(userId),
      ledger.listUserCashEntries(db, userId, { sourceTypes: ['deposit'], offset: 0, limit: 1_000 }),
    ]);
    const windowStart = addMonths(`${today.slice(0, 7)}-01`, -(CREDIT_FORMULA.depositMonthsWindow - 1));
    const depositMonths = new Set(
      deposits.rows
        .filter((row) => row.totalMinor > 0n && utcDay(row.createdAt) >= windowStart)
        .map((row) => utcDay(row.createdAt).slice(0, 7)),
    ).size;
    return {
      isIdentityVerified: user?.identityState === 'authenticated',
      registeredAt: registeredAt ?? clock.now(),
      depositMonths,
    };
  }

  /** What the user owes on every open loan, read in `executor` (inside a draw: after the user's lock). */
  async function owedNow(executor: Executor, loans: readonly LoanRow[]): Promise<bigint> {
    const open = loans.filter((row) => row.state === 'open');
    const ids = open.map((row) => row.id);
    const balances = await balancesOf(executor, ids);
    const movements = await repository.movementsOf(executor, ids);
    let owedMinor = 0n;
    for (const row of open) {
      const sums = balances.get(String(row.id));
      const own = movements.filter((movement) => movement.loanId === row.id);
      if (sums) owedMinor += owedParts(sums, own).owedMinor;
    }
    return owedMinor;
  }

  /** The five factors and the score; the loans and what is owed read in `executor`. */
  async function scoreNow(executor: Executor, userId: bigint, profile: Profile) {
    const now = clock.now();
    const today = utcDay(now);
    const loans = await repository.allUserLoans(executor, userId);
    const owedMinor = await owedNow(executor, loans);
    const loansRepaidOnTime = loans.filter(
      (row) => row.state === 'repaid' && row.repaidAt && utcDay(row.repaidAt) <= row.dueOn,
    ).length;
    const loansLate = loans.filter((row) =>
      row.state === 'repaid' ? row.repaidAt !== null && utcDay(row.repaidAt) > row.dueOn : today > row.dueOn,
    ).length;
    const factors = creditFactors({ ...profile, now, loansRepaidOnTime, loansLate, owedMinor });
    const score = scoreOf(factors);
    return { factors, score, tier: tierFor(score), owedMinor };
  }

  const tierData = (tier: CreditTier) => ({
    minScore: tier.minScore,
    limit: formatCash(tier.limitMinor),
    rateBasisPoints: tier.rateBasisPoints,
    aprBasisPoints: aprBasisPoints(tier.rateBasisPoints),
  });

  const lowestScore = (): string => String(CREDIT_TIERS[0]?.minScore ?? 0);

  /** The band a new draw may use, or the catalogued refusal when owed + amount passes its limit. */
  function requireWithinLimit(tier: CreditTier | null, owedMinor: bigint, amountMinor: bigint): CreditTier {
    if (!tier) throw new DomainError('INSUFFICIENT_CREDIT_SCORE', { required: lowestScore() });
    if (owedMinor + amountMinor > tier.limitMinor) {
      throw new DomainError('INSUFFICIENT_CREDIT_LIMIT', { limit: formatCash(tier.limitMinor) });
    }
    return tier;
  }

  /**
   * Posts each day's interest not yet in the ledger, through yesterday (UTC), on the principal
   * owed now: every draw and repayment accrues first, so the principal did not change on those
   * days. One entry per day, keyed by the loan and the day, so a second pass posts nothing again.
   */
  async function accrue(tx: Transaction, loan: LoanRow, today: string): Promise<number> {
    if (loan.state !== 'open') return 0;
    const lastDay = addDays(today, -1);
    let day = loan.accruedThrough ? addDays(loan.accruedThrough, 1) : utcDay(loan.openedAt);
    if (day > lastDay) return 0;
    const movements = await repository.movementsOf(tx, [loan.id]);
    const sums = (await balancesOf(tx, [loan.id])).get(String(loan.id));
    if (!sums) return 0;
    const { principalOwedMinor } = owedParts(sums, movements);
    const interestMinor = dailyInterestMinor(principalOwedMinor, loan.rateBasisPoints);
    let days = 0;
    for (; day <= lastDay && days < CATCH_UP_DAYS_MAX; day = addDays(day, 1), days += 1) {
      if (interestMinor === 0n) continue;
      await ledger.transfer(tx, {
        idempotencyKey: `loan:${loan.id}:interest:${day}`,
        kind: 'interest',
        source: { type: 'loan', id: loan.id.toString() },
        memo: `Interest for ${day}: ${formatRate(loan.rateBasisPoints)} a year on ${formatCash(principalOwedMinor)} EUR`,
        postings: move(
          houseAccount('loan_book', CURRENCY),
          houseAccount('interest', CURRENCY),
          interestMinor,
        ),
      });
    }
    await repository.setAccruedThrough(tx, loan.id, addDays(day, -1));
    return days;
  }

  /** Runs a draw or repayment once per idempotency key, in a transaction under the user's lock. */
  async function moveOnce(
    userId: bigint,
    keyHeader: string | undefined,
    request: Record<string, string>,
    act: (tx: Transaction, key: string, hash: string) => Promise<LoanMovementRow>,
  ) {
    const key = requireIdempotencyKey(keyHeader);
    const hash = requestHash(request);
    const earlier = replayOrRefuse(await repository.findMovementByKey(db, userId, key), hash);
    if (earlier) return loanView(db, earlier.loanId);
    const movement = await writeOnce({
      hash,
      findByKey: () => repository.findMovementByKey(db, userId, key),
      write: () =>
        db.transaction(async (tx) => {
          await users.lock(tx, userId);
          const raced = replayOrRefuse(await repository.findMovementByKey(tx, userId, key), hash);
          if (raced) return raced;
          return act(tx, key, hash);
        }),
    });
    return loanView(db, movement.loanId);
  }

  async function draw(
    tx: Transaction,
    input: { userId: bigint; loan: LoanRow; amountMinor: bigint; key: string; hash: string; memo: string },
  ) {
    const entry = await ledger.transfer(tx, {
      idempotencyKey: `loan-draw:${input.userId}:${input.key}`,
      kind: 'loan',
      source: { type: 'loan', id: input.loan.id.toString() },
      memo: input.memo,
      postings: move(
        houseAccount('loan_book', CURRENCY),
        userAccount(input.userId, CURRENCY),
        input.amountMinor,
      ),
    });
    return repository.insertMovement(tx, {
      loanId: input.loan.id,
      userId: input.userId,
      kind: 'draw',
      amountMinor: input.amountMinor,
      interestMinor: 0n,
      principalMinor: input.amountMinor,
      entryId: entry.entryId,
      idempotencyKey: input.key,
      requestHash: input.hash,
      createdAt: clock.now(),
    });
  }

  async function ownLoan(executor: Executor, userId: bigint, loanId: bigint) {
    const loan = await repository.findUserLoan(executor, userId, loanId);
    if (!loan) throw new DomainError('LOAN_NOT_FOUND');
    return loan;
  }

  /** The user's loan under its row lock (the daily job takes the same lock), open, with interest posted through yesterday. */
  async function lockOpenLoan(tx: Transaction, userId: bigint, loanId: bigint) {
    const loan = await repository.lockLoan(tx, loanId);
    if (!loan || loan.userId !== userId) throw new DomainError('LOAN_NOT_FOUND');
    if (loan.state !== 'open') throw new DomainError('LOAN_NOT_OPEN');
    await accrue(tx, loan, utcDay(clock.now()));
    return loan;
  }

  function schedule(amountMinor: bigint, rateBasisPoints: number, termMonths: number) {
    const startDay = utcDay(clock.now());
    const lines = repaymentSchedule({ amountMinor, rateBasisPoints, startDay, termMonths });
    const totalInterestMinor = lines.reduce((sum, line) => sum + line.interestMinor, 0n);
    return {
      dueOn: lines.at(-1)?.dueOn ?? startDay,
      schedule: lines.map((line) => ({
        dueOn: line.dueOn,
        principal: formatCash(line.principalMinor),
        interest: formatCash(line.interestMinor),
        payment: formatCash(line.principalMinor + line.interestMinor),
      })),
      totalInterest: formatCash(totalInterestMinor),
      totalRepayable: formatCash(amountMinor + totalInterestMinor),
    };
  }

  return {
    /**
     * The user's loans as sources of their records list: a day's interest posts loan_book →
     * interest and nothing on the user's accounts, yet adds to what they owe.
     */
    async debtSources(userId: bigint) {
      const loans = await repository.allUserLoans(db, userId);
      return [{ sourceType: 'loan' as const, sourceIds: loans.map((row) => row.id.toString()) }];
    },

    /**
     * Describes the user's loan records: each draw or repayment from the movement naming its entry,
     * each day's interest from its entry's key (`loan:<id>:interest:<day>`).
     */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const owned = await repository.userLoansByIds(db, userId, sourceIdsOf(entries));
      const movements = await repository.movementsOf(
        db,
        owned.map((row) => row.id),
      );
      const details: RecordDetails = new Map();
      for (const entry of entries) {
        const loan = owned.find((row) => row.id.toString() === entry.sourceId);
        const day = INTEREST_KEY.exec(entry.idempotencyKey ?? '');
        if (!loan || entry.kind !== 'interest' || day?.[1] !== entry.sourceId || !day[2]) continue;
        details.set(entry.id, {
          type: 'loan_interest',
          loanId: loan.id.toString(),
          day: day[2],
          rateBasisPoints: loan.rateBasisPoints,
        });
      }
      for (const movement of movements) {
        const loan = owned.find((row) => row.id === movement.loanId);
        if (!loan) continue;
        details.set(movement.entryId, {
          type: 'loan',
          loanId: loan.id.toString(),
          movement: movement.kind,
          rateBasisPoints: loan.rateBasisPoints,
          interest: formatCash(movement.interestMinor),
          principal: formatCash(movement.principalMinor),
        });
      }
      return details;
    },

    /**
     * What the user owes on their open credit loan now (EUR): the principal outstanding and the
     * interest due — posted and not repaid, plus the days through yesterday the daily job has not
     * posted yet (a repayment posts those first), so principal + interest is what repaying
     * everything takes today. The account totals subtract it (trading takes it as a port).
     */
    async owedOnLoans(executor: Executor, userId: bigint) {
      const loan = await repository.findOpenLoan(executor, userId);
      if (!loan) return { currency: CURRENCY, principalMinor: 0n, interestMinor: 0n } as const;
      const [movements, balances] = await Promise.all([
        repository.movementsOf(executor, [loan.id]),
        balancesOf(executor, [loan.id]),
      ]);
      const sums = balances.get(String(loan.id)) ?? { drawnMinor: 0n, accruedMinor: 0n, repaidMinor: 0n };
      const { principalOwedMinor, interestOwedMinor } = owedParts(sums, movements);
      const firstDay = loan.accruedThrough ? addDays(loan.accruedThrough, 1) : utcDay(loan.openedAt);
      const unpostedDays = Math.min(
        CATCH_UP_DAYS_MAX,
        Math.max(0, daysBetween(firstDay, addDays(utcDay(clock.now()), -1)) + 1),
      );
      const unpostedMinor =
        BigInt(unpostedDays) * dailyInterestMinor(principalOwedMinor, loan.rateBasisPoints);
      return {
        currency: CURRENCY,
        principalMinor: principalOwedMinor,
        interestMinor: interestOwedMinor + unpostedMinor,
      } as const;
    },

    async score(userId: bigint) {
      const { factors, score, tier, owedMinor } = await scoreNow(db, userId, await profileOf(userId));
      const availableMinor = tier && tier.limitMinor > owedMinor ? tier.limitMinor - owedMinor : 0n;
      return {
        score,
        maxScore: MAX_SCORE,
        factors,
        tiers: CREDIT_TIERS.map(tierData),
        tier: tier ? tierData(tier) : null,
        currency: CURRENCY,
        owed: formatCash(owedMinor),
        available: formatCash(availableMinor),
        termMonths: CREDIT_TERM_MONTHS,
        dayCountBasis: DAY_COUNT_BASIS,
      } as const;
    },

    /**
     * What borrowing `amount` costs before confirming: a new loan at the score's band, or, with a
     * loan open, additional credit at that loan's rate until its due date.
     */
    async preview(userId: bigint, input: { amount: bigint }) {
      const { score, tier, owedMinor } = await scoreNow(db, userId, await profileOf(userId));
      const open = await repository.findOpenLoan(db, userId);
      const band = requireWithinLimit(tier, owedMinor, input.amount);
      const rateBasisPoints = open?.rateBasisPoints ?? band.rateBasisPoints;
      const termMonths = open
        ? Math.max(1, fullMonthsBetween(clock.now(), new Date(`${open.dueOn}T00:00:00Z`)))
        : CREDIT_TERM_MONTHS;
      return {
        currency: CURRENCY,
        amount: formatCash(input.amount),
        rateBasisPoints,
        aprBasisPoints: aprBasisPoints(rateBasisPoints),
        termMonths,
        ...schedule(input.amount, rateBasisPoints, termMonths),
        score,
      } as const;
    },

    /** Opens a loan; UNPAID_LOAN while another is owed. */
    async borrow(userId: bigint, input: { amount: bigint }, keyHeader: string | undefined) {
      await identity.requireVerified(userId);
      await restrictions.assertAllowed(userId, 'borrow');
      const profile = await profileOf(userId);
      return moveOnce(
        userId,
        keyHeader,
        { op: 'borrow', amount: input.amount.toString() },
        async (tx, key, hash) => {
          const today = utcDay(clock.now());
          const open = await repository.findOpenLoan(tx, userId);
          if (open) throw new DomainError('UNPAID_LOAN');
          const { score, tier, owedMinor } = await scoreNow(tx, userId, profile);
          const band = requireWithinLimit(tier, owedMinor, input.amount);
          const loan = await repository.insertLoan(tx, {
            userId,
            state: 'open',
            rateBasisPoints: band.rateBasisPoints,
            scoreAtOpening: score,
            openedAt: clock.now(),
            dueOn: addMonths(today, CREDIT_TERM_MONTHS),
          });
          return draw(tx, {
            userId,
            loan,
            amountMinor: input.amount,
            key,
            hash,
            memo: `Credit loan ${loan.id}: ${formatCash(input.amount)} EUR at ${formatRate(band.rateBasisPoints)} a year (score ${score})`,
          });
        },
      );
    },

    /** Additional credit on the open loan, in whole euros, within the score's limit. */
    async additional(
      userId: bigint,
      input: { loanId: string; amount: string },
      keyHeader: string | undefined,
    ) {
      if (!WHOLE_EUROS.test(input.amount)) throw new DomainError('CREDIT_AMOUNT_NOT_WHOLE');
      const amountMinor = parseCash(`${input.amount}.00`);
      if (amountMinor === null) throw new DomainError('CREDIT_AMOUNT_NOT_WHOLE');
      await identity.requireVerified(userId);
      await restrictions.assertAllowed(userId, 'borrow');
      const profile = await profileOf(userId);
      const loanId = BigInt(input.loanId);
      return moveOnce(
        userId,
        keyHeader,
        { op: 'additional', loanId: input.loanId, amount: input.amount },
        async (tx, key, hash) => {
          const loan = await lockOpenLoan(tx, userId, loanId);
          const { score, tier, owedMinor } = await scoreNow(tx, userId, profile);
          requireWithinLimit(tier, owedMinor, amountMinor);
          return draw(tx, {
            userId,
            loan,
            amountMinor,
            key,
            hash,
            memo: `Additional credit on loan ${loan.id}: ${input.amount}.00 EUR (score ${score})`,
          });
        },
      );
    },

    /** Repays part or all of a loan, interest first, without fee. */
    async repay(userId: bigint, input: { loanId: string; amount: bigint }, keyHeader: string | undefined) {
      const loanId = BigInt(input.loanId);
      return moveOnce(
        userId,
        keyHeader,
        { op: 'repay', loanId: input.loanId, amount: input.amount.toString() },
        async (tx, key, hash) => {
          await lockOpenLoan(tx, userId, loanId);
          const movements = await repository.movementsOf(tx, [loanId]);
          const sums = (await balancesOf(tx, [loanId])).get(String(loanId));
          if (!sums) throw new Error(`loan ${loanId} has no balances`);
          const { owedMinor, interestOwedMinor } = owedParts(sums, movements);
          if (input.amount > owedMinor) {
            throw new DomainError('REPAYMENT_EXCEEDS_LOAN', { outstanding: formatCash(owedMinor) });
          }
          const interestMinor = input.amount < interestOwedMinor ? input.amount : interestOwedMinor;
          const entry = await ledger.transfer(tx, {
            idempotencyKey: `loan-repay:${userId}:${key}`,
            kind: 'loan_repayment',
            source: { type: 'loan', id: loanId.toString() },
            memo: `Repayment of loan ${loanId}: ${formatCash(input.amount)} EUR (interest ${formatCash(interestMinor)})`,
            postings: move(userAccount(userId, CURRENCY), houseAccount('loan_book', CURRENCY), input.amount),
          });
          if (input.amount === owedMinor) await repository.markRepaid(tx, loanId, clock.now());
          return repository.insertMovement(tx, {
            loanId,
            userId,
            kind: 'repayment',
            amountMinor: input.amount,
            interestMinor,
            principalMinor: input.amount - interestMinor,
            entryId: entry.entryId,
            idempotencyKey: key,
            requestHash: hash,
            createdAt: clock.now(),
          });
        },
      );
    },

    async list(userId: bigint, input: { page: number; pageSize: number }) {
      const { rows, total } = await repository.listUserLoans(db, userId, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { total, items: await loanViews(db, rows) };
    },

    async loan(userId: bigint, input: { id: string }) {
      const row = await ownLoan(db, userId, BigInt(input.id));
      const [view] = await loanViews(db, [row]);
      if (!view) throw new Error(`loan ${row.id} has no view`);
      return view;
    },

    /**
     * The daily job: posts each open loan's interest through yesterday, one loan per transaction
     * under its row lock; answers how many days were posted. Running it again posts nothing.
     */
    async accrueInterest(now: Date): Promise<number> {
      const today = utcDay(now);
      let posted = 0;
      let afterId = 0n;
      for (;;) {
        const ids = await repository.openLoanIds(db, afterId, 100);
        if (ids.length === 0) return posted;
        for (const id of ids) {
          posted += await db.transaction(async (tx) => {
            const loan = await repository.lockLoan(tx, id);
            return loan ? accrue(tx, loan, today) : 0;
          });
          afterId = id;
        }
      }
    },
  };
}

/** 1200 → "12.00 %". */
function formatRate(basisPoints: number): string {
  return `${formatCash(BigInt(basisPoints))} %`;
}

export type CreditService = ReturnType<typeof createCreditService>;
