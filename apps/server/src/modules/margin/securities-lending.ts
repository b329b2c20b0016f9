import {
  DomainError,
  LENDING_RULES,
  divideRounded,
  formatCash,
  formatDecimal,
  type Currency,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor, Transaction } from '../../db/database';
import { houseAccount, move, userAccount, type Posting } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import type { AuditService } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { Instrument } from '../../market/provider';
import type { InstrumentSettings } from './margin-settings';
import * as repository from './securities-lending.repository';
import type { AllocationRow, BorrowRow } from './securities-lending.repository';

// Short selling and securities lending (issue 16, item 3; rules in LENDING_RULES and
// docs/margin-account.md). A short sale is Trading's market sale with direction `short`; a
// buy-to-cover is its buy with direction `short`. This file holds the lending rules Trading asks in
// the order's transaction:
//
// - the lendable list: marginable instruments staff marked lendable; a paused channel takes no new
//   short (LENDING_CHANNEL_CLOSED), an instrument off the list is SHORT_NOT_LENDABLE;
// - the pool: the fully paid shares (Trading's `fullyPaidQuantities`: held long, not held for a sale,
//   not bought on margin) of the users who opted in, less what they lend already; a short borrows
//   from the lenders oldest opt-in first, MARGIN_QUOTA_FULL when the pool cannot supply it all;
// - one lending operation per symbol at a time (a transaction-scoped lock per symbol), so two
//   shorts never borrow the same shares;
// - the cover returns the recalled allocations first, then the oldest borrows, and hands back the
//   covered part of the collateral from the margin account;
// - a lender's sale of lent shares: what the pool can re-supply moves to other lenders, the rest is
//   recalled (message to the short) and bought in at market once the notice has passed;
// - the daily borrow fee and manufactured dividends, each its own ledger entry and charge row.

const DAY_MS = 86_400_000;
const CATCH_UP_DAYS_MAX = 60;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

export type LendingConfig = {
  /** The default annual borrow fee, basis points (an instrument's staff setting overrides it). */
  borrowFeeBasisPoints: number;
  /** The lenders' share of the borrow fee, basis points. */
  lenderShareBasisPoints: number;
  /** A recall's notice before the buy-in, minutes. */
  recallNoticeMinutes: number;
};

export const defaultLendingConfig = (): LendingConfig => ({
  borrowFeeBasisPoints: LENDING_RULES.borrowFeeBasisPointsDefault,
  lenderShareBasisPoints: LENDING_RULES.lenderShareBasisPoints,
  recallNoticeMinutes: LENDING_RULES.recallNoticeMinutes,
});

/** The market value of `quantityMinor` at `priceMinor` (scale 4), in cents, rounded half up. */
export const valueMinor = (quantityMinor: bigint, quantityScale: number, priceMinor: bigint) =>
  divideRounded(quantityMinor * priceMinor, 10n ** BigInt(quantityScale + 2), 'half_up');

/** One day's borrow fee on `valueMinor` at `annualBasisPoints`, 1/365 a day, rounded half up. */
export const dailyBorrowFeeMinor = (value: bigint, annualBasisPoints: number) =>
  value <= 0n ? 0n : divideRounded(value * BigInt(annualBasisPoints), 10_000n * 365n, 'half_up');

/** The lenders' part of a charge split by the shares each lends (each rounded down); the house keeps the rest. */
export function splitToLenders(
  amountMinor: bigint,
  shareBasisPoints: number,
  lenders: readonly { lenderUserId: bigint; quantityMinor: bigint }[],
) {
  const total = lenders.reduce((sum, lender) => sum + lender.quantityMinor, 0n);
  const pot = (amountMinor * BigInt(shareBasisPoints)) / 10_000n;
  if (total <= 0n) return { parts: [], houseMinor: amountMinor };
  const parts = lenders
    .map((lender) => ({
      lenderUserId: lender.lenderUserId,
      amountMinor: (pot * lender.quantityMinor) / total,
    }))
    .filter((part) => part.amountMinor > 0n);
  const paid = parts.reduce((sum, part) => sum + part.amountMinor, 0n);
  return { parts, houseMinor: amountMinor - paid };
}

const activeOf = (row: { quantityMinor: bigint; returnedMinor: bigint }) =>
  row.quantityMinor - row.returnedMinor;

export function createSecuritiesLending(deps: {
  db: Database;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  config: LendingConfig;
  ledger: () => LedgerService;
  instrumentOf: (symbol: string) => Instrument;
  instruments: () => readonly Instrument[];
  instrumentMargin: (symbol: string) => InstrumentSettings & { leverageMax: string | null };
  isOpen: (userId: bigint) => Promise<boolean>;
  messages?: Pick<MessagesService, 'post'>;
  /** Trading's fully paid shares per user (set once Trading exists; see services.ts). */
  fullyPaid: () =>
    ((executor: Executor, symbol: string, userIds: readonly bigint[]) => Promise<Map<bigint, bigint>>) | null;
  /** Trading's market buy-to-cover for a buy-in (set once Trading exists). */
  buyIn: () => ((userId: bigint, symbol: string, quantity: string, key: string) => Promise<unknown>) | null;
}) {
  const { db, clock, config } = deps;

  // The annual borrow fee of an instrument: staff's setting for it, else the configuration's.
  const feeBasisPointsOf = (symbol: string) =>
    deps.instrumentMargin(symbol).borrowFeeBasisPoints ?? config.borrowFeeBasisPoints;

  const isLendable = (symbol: string) => {
    const margin = deps.instrumentMargin(symbol);
    return margin.marginClass !== 'not_marginable' && margin.lendable;
  };

  async function fullyPaidOf(executor: Executor, symbol: string, userIds: readonly bigint[]) {
    const read = deps.fullyPaid();
    if (!read) throw new Error('securities lending: no positions reader wired');
    return read(executor, symbol, userIds);
  }

  /** Each active lender's free shares of `symbol` (fully paid − lent), oldest opt-in first. */
  async function supply(executor: Executor, symbol: string, exceptUserIds: readonly bigint[]) {
    const lenders = (await repository.activeLenders(executor)).filter(
      (lender) => !exceptUserIds.includes(lender.userId),
    );
    if (lenders.length === 0) return [];
    const [paid, lent] = await Promise.all([
      fullyPaidOf(
        executor,
        symbol,
        lenders.map((lender) => lender.userId),
      ),
      repository.lentBy(executor, symbol),
    ]);
    return lenders
      .map((lender) => ({
        lenderUserId: lender.userId,
        freeMinor: (paid.get(lender.userId) ?? 0n) - (lent.get(lender.userId) ?? 0n),
      }))
      .filter((lender) => lender.freeMinor > 0n);
  }

  const poolAvailable = async (executor: Executor, symbol: string, exceptUserIds: readonly bigint[]) =>
    (await supply(executor, symbol, exceptUserIds)).reduce((sum, lender) => sum + lender.freeMinor, 0n);

  /** Takes `quantityMinor` from the pool for a borrow, oldest opt-in first; null when it cannot. */
  async function take(tx: Transaction, symbol: string, quantityMinor: bigint, exceptUserIds: bigint[]) {
    const takes: { lenderUserId: bigint; quantityMinor: bigint }[] = [];
    let left = quantityMinor;
    for (const lender of await supply(tx, symbol, exceptUserIds)) {
      if (left === 0n) break;
      const part = min(lender.freeMinor, left);
      takes.push({ lenderUserId: lender.lenderUserId, quantityMinor: part });
      left -= part;
    }
    return { takes, missingMinor: left };
  }

  async function tell(executor: Executor, userId: bigint, params: Record<string, string>) {
    if (deps.messages) await deps.messages.post(executor, userId, 'short_recall', params);
  }

  /** Re-supplies as much of `allocation` as the pool can (other lenders); answers what is left. */
  async function resupply(tx: Transaction, allocation: AllocationRow, borrow: BorrowRow, wanted: bigint) {
    const { takes, missingMinor } = await take(tx, allocation.symbol, wanted, [
      allocation.lenderUserId,
      borrow.userId,
    ]);
    const moved = wanted - missingMinor;
    if (moved > 0n) {
      const now = clock.now();
      await repository.insertAllocations(
        tx,
        takes.map((part) => ({
          borrowId: borrow.id,
          lenderUserId: part.lenderUserId,
          symbol: allocation.symbol,
          quantityMinor: part.quantityMinor,
          createdAt: now,
        })),
      );
    }
    return { moved, missingMinor };
  }

  /**
   * Ends what a lender lends of `symbol` beyond what they keep lending (`fully_paid`: their fully
   * paid shares, after a sale; `nothing`: all of it, after an opt-out): re-supplied from the pool
   * (other lenders) where it can be, the rest recalled — newest allocation first — with a notice to
   * the short and a buy-in at `now + recallNoticeMinutes`.
   */
  async function recallExcess(
    tx: Transaction,
    input: { userId: bigint; symbol: string; keep: 'fully_paid' | 'nothing' },
  ) {
    const lent = await repository.lentAllocationsOf(tx, input.userId, input.symbol);
    if (lent.length === 0) return;
    await repository.lockSymbol(tx, input.symbol);
    const lentMinor = lent.reduce((sum, row) => sum + activeOf(row), 0n);
    const keep =
      input.keep === 'fully_paid'
        ? ((await fullyPaidOf(tx, input.symbol, [input.userId])).get(input.userId) ?? 0n)
        : 0n;
    let excess = lentMinor - keep;
    const now = clock.now();
    for (const allocation of lent) {
      if (excess <= 0n) break;
      if (allocation.recalledAt !== null && allocation.recallOutcome === null) continue;
      const part = min(activeOf(allocation), excess);
      excess -= part;
      const borrow = await repository.borrowById(tx, allocation.borrowId);
      if (!borrow) throw new Error(`allocation ${allocation.id} without its borrow`);
      const { moved, missingMinor } = await resupply(tx, allocation, borrow, part);
      // The part moved to other lenders, and the part recalled, leave this row; the recalled part
      // is a row of its own that the buy-in (or a later re-supply) ends.
      await repository.updateAllocation(tx, allocation.id, {
        returnedMinor: allocation.returnedMinor + part,
      });
      if (moved > 0n && missingMinor === 0n) continue;
      const buyInAt = new Date(now.getTime() + config.recallNoticeMinutes * 60_000);
      await repository.insertAllocations(tx, [
        {
          borrowId: borrow.id,
          lenderUserId: allocation.lenderUserId,
          symbol: allocation.symbol,
          quantityMinor: missingMinor,
          recalledAt: now,
          buyInAt,
          createdAt: now,
        },
      ]);
      const scale = deps.instrumentOf(input.symbol).quantityScale;
      await tell(tx, borrow.userId, {
        symbol: input.symbol,
        quantity: formatDecimal(missingMinor, scale),
        buyInAt: buyInAt.toISOString(),
      });
    }
  }

  /** The published lendable list: marginable instruments staff marked lendable, with their fee. */
  function lendableList() {
    return deps
      .instruments()
      .filter((instrument) => isLendable(instrument.symbol))
      .map((instrument) => {
        const margin = deps.instrumentMargin(instrument.symbol);
        return {
          symbol: instrument.symbol,
          code: instrument.code,
          name: instrument.name,
          currency: instrument.currency,
          isChannelOpen: margin.lendingOpen,
          borrowFeeBasisPoints: feeBasisPointsOf(instrument.symbol),
          initialBasisPoints: margin.initialBasisPoints ?? 10_000,
        };
      });
  }

  return {
    feeBasisPointsOf,
    isLendable,

    lendableList,

    /**
     * A short ticket's terms: a short sale needs the margin account open (MARGIN_NOT_ENABLED), the
     * instrument on the lendable list (SHORT_NOT_LENDABLE) with its channel open
     * (LENDING_CHANNEL_CLOSED), paid in its currency (MARGIN_PAY_IN_TRADE_CURRENCY). A buy-to-cover
     * needs only the currency. The pool's free shares are read now (the placement checks again).
     */
    async shortTerms(
      userId: bigint,
      input: { symbol: string; side: 'buy' | 'sell'; tradeCurrency: Currency; payCurrency: Currency },
    ) {
      const margin = deps.instrumentMargin(input.symbol);
      if (input.side === 'sell') {
        if (!(await deps.isOpen(userId))) throw new DomainError('MARGIN_NOT_ENABLED');
        if (!isLendable(input.symbol)) throw new DomainError('SHORT_NOT_LENDABLE', { symbol: input.symbol });
        if (!margin.lendingOpen) throw new DomainError('LENDING_CHANNEL_CLOSED', { symbol: input.symbol });
      }
      if (input.payCurrency !== input.tradeCurrency) {
        throw new DomainError('MARGIN_PAY_IN_TRADE_CURRENCY', { currency: input.tradeCurrency });
      }
      return {
        initialBasisPoints: margin.initialBasisPoints ?? 10_000,
        feeBasisPoints: feeBasisPointsOf(input.symbol),
        poolAvailableMinor: input.side === 'sell' ? await poolAvailable(db, input.symbol, [userId]) : 0n,
      };
    },

    /** One lending operation on the symbol at a time, in the caller's transaction. */
    lockSymbol: (tx: Transaction, symbol: string) => repository.lockSymbol(tx, symbol),

    /**
     * A short sale's fill borrowed its shares: the borrow and the lenders' allocations (oldest opt-in
     * first). MARGIN_QUOTA_FULL (and the whole placement rolls back) when the pool is short. The
     * caller holds the symbol's lock since before it checked.
     */
    async recordBorrow(
      tx: Transaction,
      input: {
        userId: bigint;
        symbol: string;
        currency: Currency;
        orderId: bigint;
        quantityMinor: bigint;
        priceMinor: bigint;
        collateralMinor: bigint;
      },
    ) {
      await repository.lockSymbol(tx, input.symbol);
      const { takes, missingMinor } = await take(tx, input.symbol, input.quantityMinor, [input.userId]);
      if (missingMinor > 0n) throw new DomainError('MARGIN_QUOTA_FULL');
      const now = clock.now();
      const borrow = await repository.insertBorrow(tx, {
        ...input,
        feeBasisPoints: feeBasisPointsOf(input.symbol),
        createdAt: now,
      });
      await repository.insertAllocations(
        tx,
        takes.map((part) => ({
          borrowId: borrow.id,
          lenderUserId: part.lenderUserId,
          symbol: input.symbol,
          quantityMinor: part.quantityMinor,
          createdAt: now,
        })),
      );
      return borrow;
    },

    /** Shares the pool can lend `userId` now (the placement's check, under the symbol's lock). */
    poolAvailable,

    /**
     * A buy-to-cover of `quantityMinor` (before its hold): returns the shares to their lenders —
     * allocations under recall first (oldest recall first), then the borrows oldest first — and
     * moves the covered part of the collateral from the margin account back to the user's cash (one
     * `short_collateral` entry, at most what the margin account holds).
     */
    async cover(
      tx: Transaction,
      input: { userId: bigint; symbol: string; quantityMinor: bigint; orderId: bigint },
    ) {
      await repository.lockSymbol(tx, input.symbol);
      const borrows = await repository.openBorrows(tx, input.userId, input.symbol);
      const open = borrows.reduce((sum, borrow) => sum + activeOf(borrow), 0n);
      if (open < input.quantityMinor) throw new Error(`cover of ${input.symbol}: only ${open} borrowed`);
      const allocations = (
        await repository.allocationsOfBorrows(
          tx,
          borrows.map((borrow) => borrow.id),
        )
      ).filter((row) => activeOf(row) > 0n);
      const borrowOrder = new Map(borrows.map((borrow, index) => [borrow.id, index]));
      allocations.sort((a, b) => {
        const ra = a.recalledAt && !a.recallOutcome ? a.recalledAt.getTime() : Number.POSITIVE_INFINITY;
        const rb = b.recalledAt && !b.recallOutcome ? b.recalledAt.getTime() : Number.POSITIVE_INFINITY;
        if (ra !== rb) return ra - rb;
        const ba = borrowOrder.get(a.borrowId) ?? 0;
        const bb = borrowOrder.get(b.borrowId) ?? 0;
        return ba !== bb ? ba - bb : a.id < b.id ? -1 : 1;
      });
      let left = input.quantityMinor;
      const perBorrow = new Map<bigint, bigint>();
      for (const allocation of allocations) {
        if (left === 0n) break;
        const part = min(activeOf(allocation), left);
        left -= part;
        const returned = allocation.returnedMinor + part;
        const isRecallDone = allocation.recalledAt !== null && allocation.recallOutcome === null;
        await repository.updateAllocation(tx, allocation.id, {
          returnedMinor: returned,
          ...(isRecallDone && returned === allocation.quantityMinor
            ? { recallOutcome: 'bought_in' as const, buyInOrderId: input.orderId }
            : {}),
        });
        perBorrow.set(allocation.borrowId, (perBorrow.get(allocation.borrowId) ?? 0n) + part);
      }
      let collateralMinor = 0n;
      const currency = (borrows[0]?.currency ?? 'EUR') as Currency;
      for (const borrow of borrows) {
        const part = perBorrow.get(borrow.id) ?? 0n;
        if (part === 0n) continue;
        const active = activeOf(borrow);
        const remaining = borrow.collateralMinor - borrow.collateralReturnedMinor;
        const back = part === active ? remaining : (remaining * part) / active;
        collateralMinor += back;
        await repository.setBorrowReturned(
          tx,
          borrow.id,
          borrow.returnedMinor + part,
          borrow.collateralReturnedMinor + back,
        );
      }
      const ledger = deps.ledger();
      const inMargin =
        (await ledger.getUserKindCash(tx, input.userId, 'margin')).find((row) => row.currency === currency)
          ?.balanceMinor ?? 0n;
      const moveMinor = min(collateralMinor, inMargin);
      if (moveMinor > 0n) {
        await ledger.transfer(tx, {
          idempotencyKey: `short-collateral:order:${input.orderId}`,
          kind: 'short_collateral',
          source: { type: 'securities_loan', id: input.orderId.toString() },
          memo: `Short collateral returned for the cover of ${input.symbol} (order ${input.orderId}): ${formatCash(moveMinor)} ${currency}`,
          postings: move(
            userAccount(input.userId, currency, 'margin'),
            userAccount(input.userId, currency),
            moveMinor,
          ),
        });
      }
      return moveMinor;
    },

    /**
     * After a lender's sale of `symbol` (in its transaction): when the lender now has fewer fully
     * paid shares than they lend, the excess is re-supplied from the pool (other lenders) where it
     * can be, the rest recalled — newest allocation first — with a notice to the short and a buy-in
     * at `now + recallNoticeMinutes`.
     */
    afterSale: (tx: Transaction, input: { userId: bigint; symbol: string }) =>
      recallExcess(tx, { ...input, keep: 'fully_paid' }),

    /**
     * `afterSale` of many sales (a batch of fills, in its transaction): the lenders among the
     * sellers found in one read; only their sales are followed, in turn, as `afterSale` follows one.
     */
    async afterSales(tx: Transaction, inputs: readonly { userId: bigint; symbol: string }[]) {
      const lending = await repository.lendingPairsAmong(tx, inputs);
      for (const input of inputs) {
        if (lending.has(`${input.userId}\0${input.symbol}`))
          await recallExcess(tx, { ...input, keep: 'fully_paid' });
      }
    },

    /**
     * The recalls whose notice has passed: each re-supplied from the pool if it can be now, else
     * bought in at market (Trading's buy-to-cover, keyed by the recall so it is placed once). A
     * buy-in the market refuses now (closed, no price) stays due and is tried at the next run.
     */
    async processRecalls(now: Date): Promise<number> {
      let done = 0;
      for (const due of await repository.dueRecalls(db, now)) {
        const toBuy = await db.transaction(async (tx) => {
          await repository.lockSymbol(tx, due.symbol);
          const [row] = (await repository.allocationsOfBorrows(tx, [due.borrowId])).filter(
            (allocation) => allocation.id === due.id,
          );
          if (!row || row.recallOutcome !== null || activeOf(row) === 0n) return null;
          const borrow = await repository.borrowById(tx, row.borrowId);
          if (!borrow) return null;
          const { moved, missingMinor } = await resupply(tx, row, borrow, activeOf(row));
          if (moved > 0n) {
            await repository.updateAllocation(tx, row.id, {
              returnedMinor: row.returnedMinor + moved,
              ...(missingMinor === 0n ? { recallOutcome: 'resupplied' as const } : {}),
            });
          }
          return missingMinor === 0n ? null : { borrow, quantityMinor: missingMinor };
        });
        if (toBuy) {
          const place = deps.buyIn();
          if (!place) throw new Error('securities lending: no buy-in wired');
          const scale = deps.instrumentOf(due.symbol).quantityScale;
          try {
            await place(
              toBuy.borrow.userId,
              due.symbol,
              formatDecimal(toBuy.quantityMinor, scale),
              `buy-in:${due.id}`,
            );
          } catch (error) {
            if (error instanceof DomainError) continue;
            throw error;
          }
        }
        done += 1;
      }
      return done;
    },

    /**
     * The daily borrow fee: for every borrow not fully returned, each day (UTC) from its sale
     * through yesterday not yet posted, the shares still borrowed × the short sale's price × the
     * fee / 365 (half up), from the short's margin account: the lenders' share to the lenders by the
     * shares each lends, the rest to the house `fees`. One entry and one charge row per borrow and day.
     */
    async accrueFees(now: Date): Promise<number> {
      const today = utcDay(now);
      let posted = 0;
      for (const open of await repository.allOpenBorrows(db)) {
        let day = utcDay(open.createdAt);
        for (let count = 0; day < today && count < CATCH_UP_DAYS_MAX; day = addDays(day, 1), count += 1) {
          const forDay = day;
          const isPosted = await db.transaction(async (tx) => {
            await repository.lockSymbol(tx, open.symbol);
            if (await repository.chargeExists(tx, open.id, 'borrow_fee', forDay)) return false;
            const borrow = await repository.borrowById(tx, open.id);
            if (!borrow || activeOf(borrow) === 0n) return false;
            const scale = deps.instrumentOf(borrow.symbol).quantityScale;
            const feeMinor = dailyBorrowFeeMinor(
              valueMinor(activeOf(borrow), scale, borrow.priceMinor),
              borrow.feeBasisPoints,
            );
            if (feeMinor === 0n) return false;
            const lenders = (await repository.allocationsOfBorrows(tx, [borrow.id]))
              .map((row) => ({ lenderUserId: row.lenderUserId, quantityMinor: activeOf(row) }))
              .filter((row) => row.quantityMinor > 0n);
            const split = splitToLenders(feeMinor, config.lenderShareBasisPoints, lenders);
            const currency = borrow.currency as Currency;
            const postings: Posting[] = [
              { account: userAccount(borrow.userId, currency, 'margin'), amountMinor: -feeMinor },
              ...split.parts.map((part) => ({
                account: userAccount(part.lenderUserId, currency),
                amountMinor: part.amountMinor,
              })),
              ...(split.houseMinor > 0n
                ? [{ account: houseAccount('fees', currency), amountMinor: split.houseMinor }]
                : []),
            ];
            const entry = await deps.ledger().transfer(tx, {
              idempotencyKey: `borrow-fee:${borrow.id}:${forDay}`,
              kind: 'borrow_fee',
              source: { type: 'securities_loan', id: borrow.id.toString() },
              memo: `Borrow fee for ${forDay}: ${(borrow.feeBasisPoints / 100).toFixed(2)} % a year / 365 on ${formatDecimal(activeOf(borrow), scale)} ${borrow.symbol} at ${formatDecimal(borrow.priceMinor, 4)}; lenders ${formatCash(feeMinor - split.houseMinor)}, house ${formatCash(split.houseMinor)} ${currency}`,
              postings,
            });
            await repository.insertCharge(tx, {
              borrowId: borrow.id,
              kind: 'borrow_fee',
              day: forDay,
              quantityMinor: activeOf(borrow),
              amountMinor: feeMinor,
              lendersMinor: feeMinor - split.houseMinor,
              entryId: entry.entryId,
              createdAt: clock.now(),
            });
            return true;
          });
          if (isPosted) posted += 1;
        }
      }
      return posted;
    },

    /** Shares of `symbol` the user lends out now (not entitled to the issuer's dividend on them). */
    async lentQuantity(executor: Executor, userId: bigint, symbol: string) {
      const rows = await repository.lentAllocationsOf(executor, userId, symbol);
      return rows.reduce((sum, row) => sum + activeOf(row), 0n);
    },

    /**
     * A dividend on `symbol` (ex-date `exDate`, gross per share at the price scale) in Trading's
     * corporate-action transaction: every short borrowing the shares is charged the dividend on the
     * shares it borrows from its margin account, and each lender is paid it on the shares they lend
     * (the issuer's dividend is paid to the buyer of the lent shares, not to the lender). Once per
     * borrow and ex-date.
     */
    async manufacturedDividends(
      tx: Transaction,
      input: {
        symbol: string;
        exDate: string;
        amountPerShareMinor: bigint;
        recordAt: Date;
        /**
         * A lender's payment on their shares as the issuer's dividend would be: gross and what is
         * withheld (at source and Belgian, Trading's rates). The short pays the gross; the lender
         * receives it less the withholding, which goes to the house `taxes_payable`.
         */
        payment: (quantityMinor: bigint) => { grossMinor: bigint; withheldMinor: bigint };
      },
    ): Promise<number> {
      await repository.lockSymbol(tx, input.symbol);
      let posted = 0;
      // The borrows open at the record date (the ex-date's start) and still open now.
      const borrows = (await repository.allOpenBorrows(tx)).filter(
        (borrow) => borrow.symbol === input.symbol && borrow.createdAt < input.recordAt,
      );
      for (const borrow of borrows) {
        if (await repository.chargeExists(tx, borrow.id, 'manufactured_dividend', input.exDate)) continue;
        const scale = deps.instrumentOf(borrow.symbol).quantityScale;
        const lenders = (await repository.allocationsOfBorrows(tx, [borrow.id]))
          .map((row) => ({ lenderUserId: row.lenderUserId, quantityMinor: activeOf(row) }))
          .filter((row) => row.quantityMinor > 0n);
        const parts = lenders
          .map((lender) => ({ lenderUserId: lender.lenderUserId, ...input.payment(lender.quantityMinor) }))
          .filter((part) => part.grossMinor > 0n);
        const amountMinor = parts.reduce((sum, part) => sum + part.grossMinor, 0n);
        if (amountMinor === 0n) continue;
        const withheldMinor = parts.reduce((sum, part) => sum + part.withheldMinor, 0n);
        const lendersMinor = amountMinor - withheldMinor;
        const currency = borrow.currency as Currency;
        const entry = await deps.ledger().transfer(tx, {
          idempotencyKey: `manufactured-dividend:${borrow.id}:${input.exDate}`,
          kind: 'manufactured_dividend',
          source: { type: 'securities_loan', id: borrow.id.toString() },
          memo: `Manufactured dividend on ${formatDecimal(activeOf(borrow), scale)} borrowed ${borrow.symbol} (ex-date ${input.exDate}, ${formatDecimal(input.amountPerShareMinor, 4)} a share): ${formatCash(amountMinor)} ${currency}, withheld ${formatCash(withheldMinor)}`,
          postings: [
            { account: userAccount(borrow.userId, currency, 'margin'), amountMinor: -amountMinor },
            ...parts
              .map((part) => ({
                account: userAccount(part.lenderUserId, currency),
                amountMinor: part.grossMinor - part.withheldMinor,
              }))
              .filter((posting) => posting.amountMinor !== 0n),
            ...(withheldMinor > 0n
              ? [{ account: houseAccount('taxes_payable', currency), amountMinor: withheldMinor }]
              : []),
          ],
        });
        await repository.insertCharge(tx, {
          borrowId: borrow.id,
          kind: 'manufactured_dividend',
          day: input.exDate,
          quantityMinor: activeOf(borrow),
          amountMinor,
          lendersMinor,
          entryId: entry.entryId,
          createdAt: clock.now(),
        });
        posted += 1;
      }
      return posted;
    },

    /** Opt in to (or out of) lending one's fully paid shares; stored and audited. */
    async setOptIn(userId: bigint, lend: boolean) {
      await db.transaction(async (tx) => {
        const before = await repository.participant(tx, userId);
        await repository.setParticipant(tx, userId, lend, clock.now());
        const after = await repository.participant(tx, userId);
        // Opting out ends the user's loans: re-supplied by other lenders, or recalled with notice.
        if (!lend) {
          const symbols = [
            ...new Set(
              (await repository.lenderAllocations(tx, userId))
                .filter((row) => activeOf(row) > 0n)
                .map((row) => row.symbol),
            ),
          ];
          for (const symbol of symbols.sort()) await recallExcess(tx, { userId, symbol, keep: 'nothing' });
        }
        await deps.audit.record(
          tx,
          { userId },
          {
            action: lend ? 'margin.lending_opt_in' : 'margin.lending_opt_out',
            targetType: 'lending_participant',
            targetId: userId,
            reason: lend
              ? 'lends fully paid shares to the pool'
              : 'stops lending: what is lent is re-supplied by other lenders or recalled',
            before: before ?? null,
            after: after ?? null,
          },
        );
      });
    },

    /**
     * A user's shorts as their positions show them, per symbol: the borrowed shares not returned at
     * their sale prices (the value borrowed), and the initial margin on it, each borrow's rounded up
     * as the sale's hold was (at the instrument's initial margin now).
     */
    async shortFigures(
      userId: bigint,
    ): Promise<Map<string, { borrowedMinor: bigint; initialMinor: bigint }>> {
      const figures = new Map<string, { borrowedMinor: bigint; initialMinor: bigint }>();
      for (const borrow of await repository.borrowsOf(db, userId)) {
        const remaining = borrow.quantityMinor - borrow.returnedMinor;
        if (remaining <= 0n) continue;
        const value = valueMinor(
          remaining,
          deps.instrumentOf(borrow.symbol).quantityScale,
          borrow.priceMinor,
        );
        const initialBasisPoints = BigInt(deps.instrumentMargin(borrow.symbol).initialBasisPoints ?? 10_000);
        const figure = figures.get(borrow.symbol) ?? { borrowedMinor: 0n, initialMinor: 0n };
        figure.borrowedMinor += value;
        figure.initialMinor += divideRounded(value * initialBasisPoints, 10_000n, 'up');
        figures.set(borrow.symbol, figure);
      }
      return figures;
    },

    /** The user's lending: opted in or not, what they lend, their earnings; the lendable list. */
    async status(userId: bigint) {
      const [participant, allocations] = await Promise.all([
        repository.participant(db, userId),
        repository.lenderAllocations(db, userId),
      ]);
      // Earnings: what the borrow-fee and manufactured-dividend entries paid into the user's cash
      // (a lender's own borrow-fee payments as a short leave the margin account, not this one).
      const { rows } = await deps
        .ledger()
        .listUserCashEntries(db, userId, { sourceTypes: ['securities_loan'], offset: 0, limit: 10_000 });
      const earnings = new Map<string, { fees: bigint; dividends: bigint }>();
      for (const row of rows) {
        if (row.kind !== 'borrow_fee' && row.kind !== 'manufactured_dividend') continue;
        if (row.totalMinor <= 0n) continue;
        const figure = earnings.get(row.currency) ?? { fees: 0n, dividends: 0n };
        if (row.kind === 'borrow_fee') figure.fees += row.totalMinor;
        else figure.dividends += row.totalMinor;
        earnings.set(row.currency, figure);
      }
      const lent = new Map<string, bigint>();
      for (const row of allocations) lent.set(row.symbol, (lent.get(row.symbol) ?? 0n) + activeOf(row));
      return {
        isOptedIn: participant !== undefined && participant.optedOutAt === null,
        optedInAt:
          participant && participant.optedOutAt === null ? participant.optedInAt.toISOString() : null,
        lenderShareBasisPoints: config.lenderShareBasisPoints,
        recallNoticeMinutes: config.recallNoticeMinutes,
        lent: [...lent.entries()]
          .filter(([, quantity]) => quantity > 0n)
          .map(([symbol, quantity]) => ({
            symbol,
            quantity: formatDecimal(quantity, deps.instrumentOf(symbol).quantityScale),
          })),
        earnings: [...earnings.entries()].map(([currency, figure]) => ({
          currency,
          borrowFees: formatCash(figure.fees),
          manufacturedDividends: formatCash(figure.dividends),
        })),
        lendable: lendableList(),
      };
    },

    /** For ledger:verify: every lending row. */
    allRows: async (executor: Executor) => ({
      borrows: await repository.allBorrows(executor),
      allocations: await repository.allAllocations(executor),
      charges: await repository.allCharges(executor),
    }),
  };
}

export type SecuritiesLending = ReturnType<typeof createSecuritiesLending>;
