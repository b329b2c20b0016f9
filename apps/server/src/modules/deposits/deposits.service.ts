import { decisionDeadline } from '../../core/business-days';
import {
  type ReviewQueue,
  currencies,
  DomainError,
  formatCash,
  isValidIban,
  type Currency,
  type Decider,
  type ErrorCode,
} from '@beurs/contract';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database, Transaction } from '../../db/database';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import {
  describeBySource,
  sourceIdsOf,
  type RecordEntry,
  type RecordDetails,
} from '../../ledger/record-sources';
import type { AuditService, OwnedAuditTargets } from '../audit/audit.service';
import type { DecisionsService } from '../decisions/decisions.service';
import type { MessagesService } from '../messages/messages.service';
import {
  type FundOperationsService,
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { IdentityService } from '../identity/identity.service';
import type { ScamChecksService } from '../payment-methods/scam-checks.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { StaffActor } from '../audit/audit.service';
import type { StaffSession } from '../staff-auth/staff-auth.service';
import type { StaffService } from '../staff/staff.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import { structuredReference } from './payment-reference';
import * as repository from './deposits.repository';
import type { DepositChannelRow, DepositRow, NewDeposit } from './deposits.repository';

/** The institutional collection account takes deposits of 1,000 or more (spec section 9). */
const INSTITUTIONAL_MINIMUM_MINOR = 1_000_00n;

// Deposits: the user announces a transfer to one of the operator's collection accounts with its
// unique payment reference and a proof photo; finance staff match the money that arrived (from an
// account in the user's own name) and approve — which credits the available balance through the
// ledger, exactly once — or reject with a reason. One pending fund operation at a time.

/** "Far above usual": more than this many times the user's largest approved deposit. */
export const LARGE_DEPOSIT_FACTOR = 5n;

/**
 * The demo channels' reference, where a bank channel shows the operator's IBAN: plainly no bank
 * account (DESIGN.md §1.2: no real money is accepted in demo mode).
 */
export const DEMO_CHANNEL_REFERENCE = 'DEMO - NO REAL MONEY';

type ChannelInput = {
  id?: string;
  kind: DepositChannelRow['kind'];
  name: string;
  currency: Currency;
  collectionAccount: string;
  beneficiaryName: string;
  bic: string;
  minimum: bigint;
  maximum: bigint | null;
  isEnabled: boolean;
  reason: string;
};

/** Staff decide a deposit announcement within this long (the next business day when it falls on a closed day). */
export const DEPOSIT_DECISION_WITHIN_HOURS = 24;

/** How many of the user's earlier deposits through the channel the queue shows. */
const MATCHING_RECENT = 5;

export function createDepositsService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  config: Config;
  ledger: LedgerService;
  audit: AuditService;
  decisions: DecisionsService;
  fundOperations: FundOperationsService;
  identity: IdentityService;
  messages: MessagesService;
  restrictions: RestrictionsService;
  scamChecks: ScamChecksService;
  staff: StaffService;
  uploads: UploadsService;
  users: UsersService;
}) {
  const { db, clock, random, config, ledger, audit, decisions, identity, restrictions, scamChecks } = deps;
  const { fundOperations, messages, staff, uploads, users } = deps;
  fundOperations.registerPendingCheck('deposit', repository.hasPending);
  /** Called after a deposit announcement commits, with its id (the demo desk schedules its review). */
  const submittedListeners: Array<(depositId: bigint) => Promise<unknown>> = [];

  const toDeposit = (row: DepositRow, decidedBy: Decider | null = null) => ({
    id: row.id.toString(),
    channelId: row.channelId.toString(),
    currency: row.currency,
    amount: formatCash(row.amountMinor),
    reference: row.reference,
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decideBy: row.decideBy.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy,
  });

  const toChannel = (row: DepositChannelRow) => ({
    id: row.id.toString(),
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    collectionAccount: row.collectionAccount,
    beneficiaryName: row.beneficiaryName,
    bic: row.bic,
    minimum: formatCash(row.minimumMinor),
    maximum: row.maximumMinor === null ? null : formatCash(row.maximumMinor),
  });

  async function requireScamCheckIfNeeded(userId: bigint, currency: Currency, amountMinor: bigint) {
    if ((await repository.countDepositsEver(db, userId)) === 0) {
      await scamChecks.require(userId, 'first_deposit');
      return;
    }
    const usual = await repository.largestApproved(db, userId, currency);
    if (usual !== null && amountMinor > usual * LARGE_DEPOSIT_FACTOR) {
      await scamChecks.require(userId, 'large_deposit');
    }
  }

  async function insertWithFreshReference(tx: Transaction, values: Omit<NewDeposit, 'reference'>) {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const row = await repository.insertDeposit(tx, { ...values, reference: structuredReference(random) });
      if (row) return row;
    }
    throw new Error('could not find a free payment reference in 10 attempts');
  }

  return {
    /** The user's deposits as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'deposit', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    /** Describes the user's deposit records (the deposit is their source): the bank reference. */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.findUserDepositsByIds(db, userId, sourceIdsOf(entries));
      return describeBySource(entries, rows, (row) => ({ type: 'deposit', reference: row.reference }));
    },

    onSubmitted(listener: (depositId: bigint) => Promise<unknown>): void {
      submittedListeners.push(listener);
    },

    /**
     * Demo mode, at first start: one demo channel per currency when none exists yet, labelled demo,
     * with a reference that is no bank account and the limits of DEMO_DEPOSIT_MINIMUM/MAXIMUM.
     * Answers how many it created.
     */
    async ensureDemoChannels(): Promise<number> {
      if (config.mode !== 'demo') return 0;
      const existing = await repository.listChannelsOfKind(db, 'demo');
      let created = 0;
      for (const currency of currencies) {
        if (existing.some((row) => row.currency === currency)) continue;
        await repository.insertChannel(db, {
          kind: 'demo',
          name: `Demo deposit (${currency})`,
          currency,
          collectionAccount: DEMO_CHANNEL_REFERENCE,
          beneficiaryName: 'Beurs demo',
          bic: '',
          minimumMinor: config.demoDeposit.minimumMinor,
          maximumMinor: config.demoDeposit.maximumMinor,
          isEnabled: true,
          createdAt: clock.now(),
        });
        created += 1;
      }
      return created;
    },

    /** Every channel, enabled and disabled, for staff (oldest first). */
    async staffChannels(input: { page: number; pageSize: number }) {
      const { rows, total } = await repository.listChannels(
        db,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return {
        total,
        items: rows.map((row) => ({
          ...toChannel(row),
          isEnabled: row.isEnabled,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * What a reviewer checks before crediting, as a catalogued reason to reject with, or null: the
     * proof of the transfer is there and readable, and the amount is within the channel's limits.
     */
    async reviewFindings(depositId: bigint): Promise<ErrorCode | null> {
      const deposit = await repository.findDeposit(db, depositId);
      if (!deposit) return 'RECORD_NOT_FOUND';
      if (!(await uploads.isReadable(deposit.proofUploadId, deposit.userId, 'deposit_proof'))) {
        return 'DEPOSIT_PROOF_MISSING';
      }
      const channel = await repository.findChannel(db, deposit.channelId);
      if (
        !channel ||
        deposit.amountMinor < channel.minimumMinor ||
        (channel.maximumMinor !== null && deposit.amountMinor > channel.maximumMinor)
      ) {
        return 'DEPOSIT_AMOUNT_OUT_OF_RANGE';
      }
      return null;
    },

    async channels() {
      // A demo channel is never offered in live mode, even if one was left from demo mode.
      const rows = (await repository.listEnabledChannels(db)).filter(
        (row) => config.mode === 'demo' || row.kind !== 'demo',
      );
      return {
        mode: config.mode,
        operator: config.operator,
        hours: {
          opens: config.funds.depositHours.opens,
          closes: config.funds.depositHours.closes,
          timeZone: config.funds.timeZone,
        },
        channels: rows.map(toChannel),
      };
    },

    async saveChannel(actor: StaffSession, input: ChannelInput) {
      if (input.kind === 'institutional' && input.minimum < INSTITUTIONAL_MINIMUM_MINOR) {
        throw new DomainError('INSTITUTIONAL_MINIMUM_TOO_LOW', {
          currency: input.currency,
          minimum: formatCash(INSTITUTIONAL_MINIMUM_MINOR),
        });
      }
      if (input.kind === 'demo') {
        if (config.mode !== 'demo' || isValidIban(input.collectionAccount)) {
          throw new DomainError('DEMO_CHANNEL_NOT_ALLOWED');
        }
      } else if (input.kind !== 'crypto' && !isValidIban(input.collectionAccount)) {
        throw new DomainError('IBAN_INVALID');
      }
      if (input.maximum !== null && input.maximum < input.minimum) {
        throw new DomainError('DEPOSIT_AMOUNT_OUT_OF_RANGE', {
          currency: input.currency,
          minimum: formatCash(input.minimum),
          maximum: formatCash(input.maximum),
        });
      }
      const values = {
        kind: input.kind,
        name: input.name,
        currency: input.currency,
        collectionAccount:
          input.kind === 'crypto' || input.kind === 'demo'
            ? input.collectionAccount
            : input.collectionAccount.replace(/\s/g, '').toUpperCase(),
        beneficiaryName: input.beneficiaryName,
        bic: input.bic.toUpperCase(),
        minimumMinor: input.minimum,
        maximumMinor: input.maximum,
        isEnabled: input.isEnabled,
      };
      return db.transaction(async (tx) => {
        const before = input.id ? await repository.findChannel(tx, BigInt(input.id)) : undefined;
        if (input.id && !before) throw new DomainError('DEPOSIT_CHANNEL_UNAVAILABLE');
        const row = before
          ? await repository.updateChannel(tx, before.id, values)
          : await repository.insertChannel(tx, { ...values, createdAt: clock.now() });
        if (!row) throw new DomainError('DEPOSIT_CHANNEL_UNAVAILABLE');
        await audit.record(tx, actor, {
          action: before ? 'deposit_channel.update' : 'deposit_channel.create',
          targetType: 'deposit_channel',
          targetId: row.id,
          reason: input.reason,
          before: before ?? null,
          after: row,
        });
        return { id: row.id.toString() };
      });
    },

    async submit(
      userId: bigint,
      input: { channelId: string; amount: bigint; proofImageId: string },
      idempotencyKeyHeader: string | undefined,
    ) {
      const idempotencyKey = requireIdempotencyKey(idempotencyKeyHeader);
      const hash = requestHash({
        channelId: input.channelId,
        amount: input.amount,
        proof: input.proofImageId,
      });
      const earlier = replayOrRefuse(await repository.findByIdempotencyKey(db, userId, idempotencyKey), hash);
      if (earlier) return toDeposit(earlier);

      await restrictions.assertAllowed(userId, 'deposit');
      await identity.requireVerified(userId);
      const channel = await repository.findChannel(db, BigInt(input.channelId));
      if (!channel || !channel.isEnabled || (channel.kind === 'demo' && config.mode !== 'demo')) {
        throw new DomainError('DEPOSIT_CHANNEL_UNAVAILABLE');
      }
      if (
        input.amount < channel.minimumMinor ||
        (channel.maximumMinor !== null && input.amount > channel.maximumMinor)
      ) {
        throw new DomainError('DEPOSIT_AMOUNT_OUT_OF_RANGE', {
          currency: channel.currency,
          minimum: formatCash(channel.minimumMinor),
          maximum: channel.maximumMinor === null ? '' : formatCash(channel.maximumMinor),
        });
      }
      await requireScamCheckIfNeeded(userId, channel.currency, input.amount);

      const row = await writeOnce({
        hash,
        write: () =>
          db.transaction(async (tx) => {
            await fundOperations.lockUser(tx, userId);
            // A concurrent call with this key may have committed while we waited for the lock.
            const raced = replayOrRefuse(
              await repository.findByIdempotencyKey(tx, userId, idempotencyKey),
              hash,
            );
            if (raced) return raced;
            const pending = await fundOperations.findPending(tx, userId);
            if (pending.hasPendingDeposit) throw new DomainError('DEPOSIT_PENDING');
            if (pending.hasPendingWithdrawal) throw new DomainError('FUND_OPERATION_IN_PROGRESS');
            const proofUploadId = BigInt(input.proofImageId);
            await uploads.claim(tx, userId, proofUploadId, 'deposit_proof');
            return insertWithFreshReference(tx, {
              userId,
              channelId: channel.id,
              currency: channel.currency,
              amountMinor: input.amount,
              proofUploadId,
              idempotencyKey,
              requestHash: hash,
              decideBy: decisionDeadline(clock.now(), config.funds.timeZone, DEPOSIT_DECISION_WITHIN_HOURS),
              createdAt: clock.now(),
            });
          }),
        findByKey: () => repository.findByIdempotencyKey(db, userId, idempotencyKey),
        onConflict: () => new DomainError('DEPOSIT_PENDING'),
      });
      for (const listener of submittedListeners) await listener(row.id);
      return toDeposit(row);
    },

    async list(userId: bigint, input: { page: number; pageSize: number }) {
      const { rows, total } = await repository.listUserDeposits(
        db,
        userId,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      const deciders = await staff.decidersOf(rows.map((row) => row.decidedByStaffId));
      return {
        total,
        items: rows.map((row) =>
          toDeposit(row, row.decidedByStaffId === null ? null : (deciders.get(row.decidedByStaffId) ?? null)),
        ),
      };
    },

    /**
     * The overdue job (issue 12, item 3): every pending deposit past its decide-by time moves to the
     * supervisors' queue (escalated) and its user is told, in the same transaction, once.
     */
    async escalateOverdue(now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await repository.escalateOverdue(tx, now);
        for (const row of rows) {
          await messages.post(tx, row.userId, 'deposit_overdue', {
            amount: formatCash(row.amountMinor),
            currency: row.currency,
            reference: row.reference,
            until: row.decideBy.toISOString(),
          });
        }
        return rows.length;
      });
    },

    async staffList(input: {
      state: repository.DepositState;
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
      const [names, facts] = await Promise.all([
        users.namesOf(rows.map((row) => row.deposit.userId)),
        repository.matchingFacts(
          db,
          rows.map((row) => ({ userId: row.deposit.userId, channelId: row.deposit.channelId })),
          rows.map((row) => row.deposit.proofUploadId),
        ),
      ]);
      // Matching helpers: only what the server knows (the bank statement is the staff's to compare).
      const matchingOf = (deposit: DepositRow) => {
        const others = facts.onChannel.filter(
          (other) =>
            other.userId === deposit.userId &&
            other.channelId === deposit.channelId &&
            other.id !== deposit.id,
        );
        const countOf = (state: repository.DepositState) =>
          others.filter((other) => other.state === state).length;
        return {
          onChannel: {
            approved: countOf('approved'),
            rejected: countOf('rejected'),
            cancelled: countOf('cancelled'),
            recent: others.slice(0, MATCHING_RECENT).map((other) => ({
              id: other.id.toString(),
              amount: formatCash(other.amountMinor),
              currency: other.currency,
              reference: other.reference,
              state: other.state,
              createdAt: other.createdAt.toISOString(),
            })),
          },
          sameProofDepositIds: facts.sameProof
            .filter((other) => other.proofUploadId === deposit.proofUploadId && other.id !== deposit.id)
            .map((other) => other.id.toString()),
        };
      };
      return {
        total,
        items: rows.map((row) => ({
          id: row.deposit.id.toString(),
          account: names.get(row.deposit.userId)?.account ?? '',
          realname: names.get(row.deposit.userId)?.realname ?? '',
          channelName: row.channelName,
          currency: row.deposit.currency,
          amount: formatCash(row.deposit.amountMinor),
          reference: row.deposit.reference,
          proofImageId: row.deposit.proofUploadId.toString(),
          state: row.deposit.state,
          reason: row.deposit.reason,
          decideBy: row.deposit.decideBy.toISOString(),
          escalatedAt: row.deposit.escalatedAt?.toISOString() ?? null,
          createdAt: row.deposit.createdAt.toISOString(),
          matching: matchingOf(row.deposit),
        })),
      };
    },

    /**
     * The user cancels their own pending deposit announcement (nothing was credited, nothing is
     * held). Decided once like a review, so a cancel racing a staff decision yields one outcome;
     * audited as the user's action. Another user's deposit is RECORD_NOT_FOUND; a decided one
     * FUND_OPERATION_NOT_PENDING.
     */
    async cancel(userId: bigint, input: { id: string }) {
      const decided = await decisions.decideOnce(
        { userId },
        {
          targetType: 'deposit',
          id: BigInt(input.id),
          action: 'deposit.cancel',
          reason: 'cancelled by the user',
          lock: async (tx, id) => {
            const row = await repository.lockDeposit(tx, id);
            return row?.userId === userId ? row : undefined;
          },
          isUndecided: (row) => row.state === 'pending',
          alreadyDecided: 'FUND_OPERATION_NOT_PENDING',
          auditView: (row) => ({
            state: row.state,
            reason: row.reason,
            amount: formatCash(row.amountMinor),
            entryId: row.entryId,
          }),
          apply: async (tx, pending) => ({
            decided: await repository.decideDeposit(tx, pending.id, {
              state: 'cancelled',
              reason: '',
              decidedByStaffId: null,
              decidedAt: clock.now(),
            }),
          }),
        },
      );
      return toDeposit(decided);
    },

    /** Approve (credit once, through the ledger) or reject; a second decision is ALREADY_PROCESSED. */
    async review(actor: StaffActor, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const isApproved = input.decision === 'approve';
      const decided = await decisions.decideOnce(actor, {
        targetType: 'deposit',
        id: BigInt(input.id),
        action: isApproved ? 'deposit.approve' : 'deposit.reject',
        reason: input.reason,
        lock: repository.lockDeposit,
        isUndecided: (row) => row.state === 'pending',
        auditView: (row) => ({
          state: row.state,
          reason: row.reason,
          amount: formatCash(row.amountMinor),
          entryId: row.entryId,
        }),
        apply: async (tx, pending) => {
          const row = await repository.decideDeposit(tx, pending.id, {
            state: isApproved ? 'approved' : 'rejected',
            reason: isApproved ? '' : input.reason,
            decidedByStaffId: actor.staffId,
            decidedAt: clock.now(),
          });
          const told = { amount: formatCash(row.amountMinor), currency: row.currency };
          if (!isApproved) {
            await messages.post(tx, row.userId, 'deposit_rejected', { ...told, reason: input.reason });
            return { decided: row };
          }
          await messages.post(tx, row.userId, 'deposit_credited', { ...told, reference: row.reference });
          const result = await ledger.transfer(tx, {
            idempotencyKey: `deposit:${row.id}`,
            kind: 'deposit',
            source: { type: 'deposit', id: row.id.toString() },
            memo: `Deposit ${row.reference}`,
            postings: move(
              houseAccount('bank_cash', row.currency),
              userAccount(row.userId, row.currency),
              row.amountMinor,
            ),
          });
          return { decided: await repository.setEntry(tx, row.id, result.entryId) };
        },
      });
      return { id: decided.id.toString(), state: decided.state as 'approved' | 'rejected' };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
