import {
  type ReviewQueue,
  DomainError,
  formatCash,
  type Currency,
  type Decider,
  type ErrorCode,
  type RecordDetail,
} from '@beurs/contract';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
import { houseAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import {
  describeBySource,
  sourceIdsOf,
  type RecordEntry,
  type RecordDetails,
} from '../../ledger/record-sources';
import type { DecisionsService } from '../decisions/decisions.service';
import type { MessagesService } from '../messages/messages.service';
import {
  type FundOperationsService,
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { FundPasswordService } from '../fund-password/fund-password.service';
import type { IdentityService } from '../identity/identity.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import { maskIban, sameName } from '../payment-methods/payment-methods.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { StaffActor, OwnedAuditTargets } from '../audit/audit.service';
import type { StaffService } from '../staff/staff.service';
import type { UsersService } from '../users/users.service';
import { decisionDeadline, isWithinHours } from '../../core/business-days';
import * as repository from './withdrawals.repository';
import type { WithdrawalRow } from './withdrawals.repository';

// Withdrawals (DESIGN.md §1.4): every rule is listed before the user types, and none of them is a
// score, a tax or a new deposit. Submitting holds the amount (available → frozen); finance staff
// pay it out (postHold: the fee, if any, comes out of the amount withdrawn) or reject it (voidHold:
// the whole amount returns) with a reason. Decided within 24 hours, next business day on holidays.

export const DECISION_WITHIN_HOURS = 24;

/** What withdrawals ask the trading module: sale proceeds not settled yet, per currency. */
export type SettlementsPort = {
  unsettledCash(
    executor: Executor,
    userId: bigint,
    currency: Currency,
  ): Promise<{ amountMinor: bigint; lastSettlesOn: string | null }>;
};

export function createWithdrawalsService(deps: {
  db: Database;
  clock: Clock;
  config: Config;
  ledger: LedgerService;
  decisions: DecisionsService;
  fundOperations: FundOperationsService;
  identity: IdentityService;
  messages: MessagesService;
  restrictions: RestrictionsService;
  fundPassword: FundPasswordService;
  paymentMethods: PaymentMethodsService;
  staff: StaffService;
  users: UsersService;
  /** Sale proceeds not yet settled: available to trade, withdrawable only from their settlement date. */
  settlements: SettlementsPort;
}) {
  const {
    db,
    clock,
    config,
    ledger,
    decisions,
    fundOperations,
    identity,
    messages,
    restrictions,
    fundPassword,
    paymentMethods,
    staff,
    users,
    settlements,
  } = deps;
  /** Called after a withdrawal commits, with its id (the demo desk schedules its review). */
  const submittedListeners: Array<(withdrawalId: bigint) => Promise<unknown>> = [];
  fundOperations.registerPendingCheck('withdrawal', repository.hasPending);
  // Fee and minimum per currency, the hours: parsed once in config.ts.
  const { withdrawalHours, timeZone, withdrawalFeeMinor, withdrawalMinimumMinor } = config.funds;
  const shownHours = { opens: withdrawalHours.opens, closes: withdrawalHours.closes, timeZone };

  /**
   * The smallest amount that pays out more than nothing: the configured minimum, raised above the
   * fee when a configuration built outside `loadConfig` sets the fee at or above the minimum (the
   * fee comes out of the amount, so an amount not above the fee is refused before anything is held).
   */
  const minimumOf = (currency: Currency): bigint => {
    const feeMinor = withdrawalFeeMinor[currency];
    const minimumMinor = withdrawalMinimumMinor[currency];
    return minimumMinor > feeMinor ? minimumMinor : feeMinor + 1n;
  };

  const toWithdrawal = (row: WithdrawalRow, decidedBy: Decider | null = null) => ({
    id: row.id.toString(),
    cardId: row.cardId.toString(),
    currency: row.currency,
    amount: formatCash(row.amountMinor),
    fee: formatCash(row.feeMinor),
    payout: formatCash(row.amountMinor - row.feeMinor),
    state: row.state,
    waitingFor: row.state === 'pending' ? ('staff_review' as const) : ('nothing' as const),
    decideBy: row.decideBy.toISOString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy,
  });

  const passes = async (check: () => Promise<unknown>) =>
    check().then(
      () => true,
      (error: unknown) => {
        if (error instanceof DomainError) return false;
        throw error;
      },
    );

  const outsideHours = () => new DomainError('WITHDRAWAL_OUTSIDE_HOURS', shownHours);

  async function availableOf(userId: bigint, currency: Currency, executor: Executor = db) {
    const balances = await ledger.getCashBalances(executor, userId);
    return balances.find((balance) => balance.currency === currency)?.available ?? 0n;
  }

  /** Available cash minus sale proceeds still settling, and the day the last of those settles. */
  async function withdrawableOf(userId: bigint, currency: Currency, executor: Executor = db) {
    const [available, unsettled] = await Promise.all([
      availableOf(userId, currency, executor),
      settlements.unsettledCash(executor, userId, currency),
    ]);
    const withdrawable = available - unsettled.amountMinor;
    return {
      available,
      withdrawable: withdrawable > 0n ? withdrawable : 0n,
      settlesOn: unsettled.lastSettlesOn,
    };
  }

  /**
   * The overdue job (issue 12, item 3): every pending withdrawal past its decide-by time moves to the
   * supervisors' queue (escalated) and its user is told, in the same transaction, once.
   */
  async function escalateOverdue(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await repository.escalateOverdue(tx, now);
      for (const row of rows) {
        await messages.post(tx, row.userId, 'withdrawal_overdue', {
          amount: formatCash(row.amountMinor),
          currency: row.currency,
          until: row.decideBy.toISOString(),
        });
      }
      return rows.length;
    });
  }

  return {
    /** The user's withdrawals as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'withdrawal', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    escalateOverdue,
    /**
     * Describes the user's withdrawal records by entry kind: the hold names the card, the payout its
     * amount and fee, the release the staff reason (verbatim).
     */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.findUserWithdrawalsByIds(db, userId, sourceIdsOf(entries));
      const cards = await paymentMethods.cardsById(rows.map((row) => row.cardId));
      return describeBySource(entries, rows, (row, entry): RecordDetail | null => {
        switch (entry.kind) {
          case 'hold_reserve': {
            const card = cards.get(row.cardId);
            return card
              ? { type: 'withdrawal_hold', ibanMasked: maskIban(card.iban), state: row.state }
              : null;
          }
          case 'withdrawal':
            return {
              type: 'withdrawal_paid',
              currency: row.currency,
              payout: formatCash(row.amountMinor - row.feeMinor),
              fee: formatCash(row.feeMinor),
            };
          case 'hold_release':
            return row.state === 'cancelled'
              ? { type: 'withdrawal_cancelled' }
              : { type: 'withdrawal_rejected', reason: row.reason };
          default:
            return null;
        }
      });
    },

    onSubmitted(listener: (withdrawalId: bigint) => Promise<unknown>): void {
      submittedListeners.push(listener);
    },

    /**
     * What a reviewer checks before paying out, as a catalogued reason to reject with, or null:
     * the rules that held at submission still hold (identity verified, no withdrawal bar, the
     * payout card still the user's own, in their name). The amount is held already.
     */
    /** Withdrawals paid out per day (in the funds time zone) and currency, for reconciliation. */
    async paidPerDay(from: string, to: string) {
      const rows = await repository.paidPerDay(db, from, to, timeZone);
      return rows.map((row) => {
        const amountMinor = BigInt(row.amountMinor);
        const feeMinor = BigInt(row.feeMinor);
        return {
          day: row.day,
          currency: row.currency,
          count: row.count,
          amount: formatCash(amountMinor),
          fee: formatCash(feeMinor),
          payout: formatCash(amountMinor - feeMinor),
        };
      });
    },

    async reviewFindings(withdrawalId: bigint): Promise<ErrorCode | null> {
      const withdrawal = await repository.findWithdrawal(db, withdrawalId);
      if (!withdrawal) return 'RECORD_NOT_FOUND';
      const { userId } = withdrawal;
      const stillHolds = await passes(async () => {
        await restrictions.assertAllowed(userId, 'withdraw');
        const realname = await identity.requireVerified(userId);
        const card = await paymentMethods.requireOwnCard(userId, withdrawal.cardId);
        if (!sameName(card.holderName, realname)) throw new DomainError('CARD_NOT_OWN');
      });
      return stillHolds ? null : 'WITHDRAWAL_RULES_NOT_MET';
    },

    async rules(userId: bigint, currency: Currency) {
      const [{ withdrawable: available }, password, cards, pending] = await Promise.all([
        withdrawableOf(userId, currency),
        fundPassword.status(userId),
        paymentMethods.listCards(userId),
        db.transaction((tx) => fundOperations.findPending(tx, userId)),
      ]);
      const rules = {
        identity_verified: await passes(() => identity.requireVerified(userId)),
        fund_password_set: password.isSet,
        fund_password_not_locked: password.lockedUntil === null,
        own_card: cards.length > 0,
        not_barred: await passes(() => restrictions.assertAllowed(userId, 'withdraw')),
        minimum: available >= minimumOf(currency),
        hours: isWithinHours(clock.now(), withdrawalHours, timeZone),
        // A pending deposit holds no money and never blocks a withdrawal; a pending withdrawal does.
        no_pending_operation: !pending.hasPendingWithdrawal,
        funds_free: available > 0n,
      };
      return {
        currency,
        minimum: formatCash(minimumOf(currency)),
        fee: formatCash(withdrawalFeeMinor[currency]),
        minimumPayout: formatCash(minimumOf(currency) - withdrawalFeeMinor[currency]),
        withdrawable: formatCash(available),
        hours: { ...shownHours, businessDaysOnly: true },
        decisionWithinHours: DECISION_WITHIN_HOURS,
        rules: Object.entries(rules).map(([id, isMet]) => ({ id: id as keyof typeof rules, isMet })),
      };
    },

    async submit(
      userId: bigint,
      input: {
        currency: Currency;
        amount: bigint;
        cardId: string;
        fundPassword: string;
        twoFactorCode?: string;
      },
      idempotencyKeyHeader: string | undefined,
    ) {
      const idempotencyKey = requireIdempotencyKey(idempotencyKeyHeader);
      const hash = requestHash({ currency: input.currency, amount: input.amount, cardId: input.cardId });
      const earlier = replayOrRefuse(await repository.findByIdempotencyKey(db, userId, idempotencyKey), hash);
      if (earlier) return toWithdrawal(earlier);

      await restrictions.assertAllowed(userId, 'withdraw');
      const realname = await identity.requireVerified(userId);
      const minimumMinor = minimumOf(input.currency);
      if (input.amount < minimumMinor || input.amount <= withdrawalFeeMinor[input.currency]) {
        throw new DomainError('WITHDRAWAL_BELOW_MINIMUM', {
          currency: input.currency,
          minimum: formatCash(minimumMinor),
        });
      }
      const now = clock.now();
      if (!isWithinHours(now, withdrawalHours, timeZone)) throw outsideHours();
      const card = await paymentMethods.requireOwnCard(userId, BigInt(input.cardId));
      if (!sameName(card.holderName, realname)) throw new DomainError('CARD_NOT_OWN');
      await fundPassword.verify(userId, input.fundPassword);
      await users.requireSecondFactor(userId, input.twoFactorCode);

      const row = await writeOnce({
        hash,
        write: () =>
          db.transaction(async (tx) => {
            await fundOperations.lockUser(tx, userId);
            const raced = replayOrRefuse(
              await repository.findByIdempotencyKey(tx, userId, idempotencyKey),
              hash,
            );
            if (raced) return raced;
            // One pending withdrawal at a time (its hold already keeps the money from being spent
            // twice). A pending deposit holds no money, so it never blocks a withdrawal of free funds.
            const pending = await fundOperations.findPending(tx, userId);
            if (pending.hasPendingWithdrawal) throw new DomainError('FUND_OPERATION_IN_PROGRESS');
            const { withdrawable, settlesOn } = await withdrawableOf(userId, input.currency, tx);
            if (withdrawable < input.amount) {
              // Names the day the sale proceeds still settling become withdrawable (today when none are).
              throw new DomainError('INSUFFICIENT_WITHDRAWABLE', {
                currency: input.currency,
                withdrawable: formatCash(withdrawable),
                settlesOn: settlesOn ?? now.toISOString().slice(0, 10),
              });
            }
            const withdrawalId = await repository.nextId(tx);
            const hold = await ledger.hold(tx, {
              idempotencyKey: `withdrawal:${userId}:${idempotencyKey}`,
              userId,
              asset: input.currency,
              amountMinor: input.amount,
              source: { type: 'withdrawal', id: withdrawalId.toString() },
              memo: `Withdrawal to ${maskIban(card.iban)} (awaiting payout)`,
            });
            return repository.insertWithdrawal(tx, {
              id: withdrawalId,
              userId,
              cardId: card.id,
              currency: input.currency,
              amountMinor: input.amount,
              feeMinor: withdrawalFeeMinor[input.currency],
              holdId: hold.holdId,
              idempotencyKey,
              requestHash: hash,
              decideBy: decisionDeadline(now, timeZone, DECISION_WITHIN_HOURS),
              createdAt: now,
            });
          }),
        findByKey: () => repository.findByIdempotencyKey(db, userId, idempotencyKey),
        onConflict: () => new DomainError('FUND_OPERATION_IN_PROGRESS'),
      });
      for (const listener of submittedListeners) await listener(row.id);
      return toWithdrawal(row);
    },

    async list(userId: bigint, input: { page: number; pageSize: number }) {
      const { rows, total } = await repository.listUserWithdrawals(
        db,
        userId,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      const deciders = await staff.decidersOf(rows.map((row) => row.decidedByStaffId));
      return {
        total,
        items: rows.map((row) =>
          toWithdrawal(
            row,
            row.decidedByStaffId === null ? null : (deciders.get(row.decidedByStaffId) ?? null),
          ),
        ),
      };
    },

    async staffList(input: {
      state: repository.WithdrawalState;
      queue?: ReviewQueue;
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await repository.listByState(
        db,
        input.state,
        (input.page - 1) * input.pageSize,
        input.pageSize,
        input.queue === 'escalated',
      );
      const [names, cards] = await Promise.all([
        users.namesOf(rows.map((row) => row.userId)),
        paymentMethods.cardsById(rows.map((row) => row.cardId)),
      ]);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id.toString(),
          account: names.get(row.userId)?.account ?? '',
          realname: names.get(row.userId)?.realname ?? '',
          currency: row.currency,
          amount: formatCash(row.amountMinor),
          fee: formatCash(row.feeMinor),
          payout: formatCash(row.amountMinor - row.feeMinor),
          iban: cards.get(row.cardId)?.iban ?? '',
          bic: cards.get(row.cardId)?.bic ?? '',
          holderName: cards.get(row.cardId)?.holderName ?? '',
          state: row.state,
          reason: row.reason,
          decideBy: row.decideBy.toISOString(),
          escalatedAt: row.escalatedAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * The user cancels their own pending withdrawal: its hold is released (voidHold, the withdrawal
     * as its source) in the same transaction. Decided once like a review, so a cancel racing a
     * staff approval yields one outcome: paid out, or cancelled and released. Audited as the
     * user's action. Another user's withdrawal is RECORD_NOT_FOUND; a decided one
     * FUND_OPERATION_NOT_PENDING.
     */
    async cancel(userId: bigint, input: { id: string }) {
      const decided = await decisions.decideOnce(
        { userId },
        {
          targetType: 'withdrawal',
          id: BigInt(input.id),
          action: 'withdrawal.cancel',
          reason: 'cancelled by the user',
          lock: async (tx, id) => {
            const row = await repository.lockWithdrawal(tx, id);
            return row?.userId === userId ? row : undefined;
          },
          isUndecided: (row) => row.state === 'pending',
          alreadyDecided: 'FUND_OPERATION_NOT_PENDING',
          auditView: (row) => ({
            state: row.state,
            reason: row.reason,
            amount: formatCash(row.amountMinor),
            fee: formatCash(row.feeMinor),
          }),
          apply: async (tx, pending) => {
            const row = await repository.decideWithdrawal(tx, pending.id, {
              state: 'cancelled',
              reason: '',
              decidedByStaffId: null,
              decidedAt: clock.now(),
            });
            const result = await ledger.voidHold(tx, {
              idempotencyKey: `withdrawal-release:${row.id}`,
              holdId: row.holdId,
              source: { type: 'withdrawal', id: row.id.toString() },
              memo: 'Withdrawal cancelled by the user',
            });
            return { decided: row, effect: { entryId: result.entryId } };
          },
        },
      );
      return toWithdrawal(decided);
    },

    /** Pay out (postHold, fee from the amount) or release (voidHold) a pending withdrawal, once. */
    async review(actor: StaffActor, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const isApproved = input.decision === 'approve';
      const decided = await decisions.decideOnce(actor, {
        targetType: 'withdrawal',
        id: BigInt(input.id),
        action: isApproved ? 'withdrawal.approve' : 'withdrawal.reject',
        reason: input.reason,
        lock: repository.lockWithdrawal,
        isUndecided: (row) => row.state === 'pending',
        auditView: (row) => ({
          state: row.state,
          reason: row.reason,
          amount: formatCash(row.amountMinor),
          fee: formatCash(row.feeMinor),
        }),
        apply: async (tx, pending) => {
          const row = await repository.decideWithdrawal(tx, pending.id, {
            state: isApproved ? 'approved' : 'rejected',
            reason: isApproved ? '' : input.reason,
            decidedByStaffId: actor.staffId,
            decidedAt: clock.now(),
          });
          const payoutMinor = row.amountMinor - row.feeMinor;
          const result = isApproved
            ? await ledger.postHold(tx, {
                idempotencyKey: `withdrawal-payout:${row.id}`,
                holdId: row.holdId,
                kind: 'withdrawal',
                source: { type: 'withdrawal', id: row.id.toString() },
                memo: `Withdrawal paid out: ${formatCash(payoutMinor)} ${row.currency}${row.feeMinor > 0n ? `, fee ${formatCash(row.feeMinor)}` : ''}`,
                destinations: [
                  { account: houseAccount('bank_cash', row.currency), amountMinor: payoutMinor },
                  ...(row.feeMinor > 0n
                    ? [{ account: houseAccount('fees', row.currency), amountMinor: row.feeMinor }]
                    : []),
                ],
                isFinal: true,
              })
            : await ledger.voidHold(tx, {
                idempotencyKey: `withdrawal-release:${row.id}`,
                holdId: row.holdId,
                source: { type: 'withdrawal', id: row.id.toString() },
                memo: `Withdrawal rejected: ${input.reason}`,
              });
          const amount = formatCash(row.amountMinor);
          await (isApproved
            ? messages.post(tx, row.userId, 'withdrawal_paid', {
                amount,
                payout: formatCash(payoutMinor),
                fee: formatCash(row.feeMinor),
                currency: row.currency,
              })
            : messages.post(tx, row.userId, 'withdrawal_rejected', {
                amount,
                currency: row.currency,
                reason: input.reason,
              }));
          return { decided: row, effect: { entryId: result.entryId } };
        },
      });
      return { id: decided.id.toString(), state: decided.state as 'approved' | 'rejected' };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
