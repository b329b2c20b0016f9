import { DomainError, formatCash, type Currency } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
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
import type { StaffSession } from '../staff-auth/staff-auth.service';
import type { StaffService } from '../staff/staff.service';
import type { UsersService } from '../users/users.service';
import * as repository from './corrections.repository';
import type { CorrectionRow } from './corrections.repository';

// Staff balance corrections (DESIGN.md §1.3): a correction is a new journal entry between the
// user's available balance and the house `corrections` account, with the reason as its memo (the
// user sees it in their records). Up to the threshold, and while the staff member's corrections
// applied alone in the last 24 hours stay within the daily limits (in all, and to this user), one
// staff member applies it; otherwise it waits for a second staff member, who is neither its author
// nor an account the author created or re-enabled in the last 30 days, and who decides it once
// (decisions.decideOnce). A debit never takes more than is available.

export function createCorrectionsService(deps: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
  staff: StaffService;
  users: UsersService;
  decisions: DecisionsService;
  /** Per currency, minor units: above it a correction waits for a second staff member. */
  thresholdMinor: Readonly<Record<Currency, bigint>>;
  /** Per currency, minor units: what one staff member applies alone in 24 hours, in all and per user. */
  dailyLimitMinor: {
    readonly perStaff: Readonly<Record<Currency, bigint>>;
    readonly perUser: Readonly<Record<Currency, bigint>>;
  };
}) {
  const { db, clock, ledger, audit, decisions, staff, users } = deps;
  const { thresholdMinor, dailyLimitMinor } = deps;

  async function post(tx: Executor, row: CorrectionRow): Promise<bigint> {
    const user = userAccount(row.userId, row.currency);
    const house = houseAccount('corrections', row.currency);
    const magnitude = row.amountMinor < 0n ? -row.amountMinor : row.amountMinor;
    const result = await ledger.transfer(tx, {
      idempotencyKey: `correction:${row.id}`,
      kind: 'correction',
      source: { type: 'correction', id: row.id.toString() },
      memo: `Correction: ${row.reason}`,
      postings: row.amountMinor > 0n ? move(house, user, magnitude) : move(user, house, magnitude),
    });
    await repository.setEntry(tx, row.id, result.entryId);
    return result.entryId;
  }

  async function present(row: CorrectionRow, entryId: bigint | null = row.entryId) {
    const [accounts, usernames] = await Promise.all([
      users.namesOf([row.userId]),
      staff.usernamesOf(
        row.decidedByStaffId === null
          ? [row.proposedByStaffId]
          : [row.proposedByStaffId, row.decidedByStaffId],
      ),
    ]);
    return {
      id: row.id.toString(),
      account: accounts.get(row.userId)?.account ?? '',
      currency: row.currency,
      amount: formatCash(row.amountMinor),
      reason: row.reason,
      state: row.state,
      proposedBy: usernames.get(row.proposedByStaffId) ?? '',
      decidedBy: row.decidedByStaffId === null ? null : (usernames.get(row.decidedByStaffId) ?? ''),
      entryId: entryId === null ? null : entryId.toString(),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The daily limits: what one staff member may apply alone within this window. */
  const limitWindowMs = 24 * 60 * 60 * 1000;
  /** An account its author created or re-enabled this recently is not their second pair of eyes. */
  const sponsorshipWindowMs = 30 * 24 * 60 * 60 * 1000;

  /** True when the proposer may apply it alone: under the threshold and within both daily limits. */
  async function fitsAlone(
    tx: Executor,
    actor: StaffSession,
    input: { userId: bigint; currency: Currency; magnitude: bigint; now: Date },
  ): Promise<boolean> {
    if (input.magnitude > thresholdMinor[input.currency]) return false;
    await repository.lockDailyLimits(tx);
    const since = new Date(input.now.getTime() - limitWindowMs);
    const [byStaff, toUser] = await Promise.all([
      repository.sumAppliedAlone(tx, { proposedByStaffId: actor.staffId }, input.currency, since),
      repository.sumAppliedAlone(tx, { userId: input.userId }, input.currency, since),
    ]);
    return (
      byStaff + input.magnitude <= dailyLimitMinor.perStaff[input.currency] &&
      toUser + input.magnitude <= dailyLimitMinor.perUser[input.currency]
    );
  }

  /** The approver must be another staff member, and not one the proposer created or re-enabled lately. */
  async function assertIndependent(tx: Executor, actor: StaffSession, row: CorrectionRow) {
    if (row.proposedByStaffId === actor.staffId) {
      throw new DomainError('CORRECTION_NEEDS_SECOND_STAFF', {
        threshold: formatCash(thresholdMinor[row.currency]),
      });
    }
    const since = new Date(clock.now().getTime() - sponsorshipWindowMs);
    if (await staff.isSponsoredBy(tx, actor.staffId, row.proposedByStaffId, since)) {
      throw new DomainError('CORRECTION_APPROVER_NOT_INDEPENDENT', { days: '30' });
    }
  }

  return {
    /** The user's balance corrections as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'correction', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    /** Describes the user's correction records: the staff reason, verbatim. */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.findUserCorrectionsByIds(db, userId, sourceIdsOf(entries));
      return describeBySource(entries, rows, (row) => ({ type: 'correction', reason: row.reason }));
    },

    async propose(
      actor: StaffSession,
      input: { account: string; currency: Currency; amount: bigint; reason: string },
    ) {
      const user = await users.findByAccount(input.account);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      const magnitude = input.amount < 0n ? -input.amount : input.amount;
      const now = clock.now();
      const { row, entryId } = await db.transaction(async (tx) => {
        const isImmediate = await fitsAlone(tx, actor, {
          userId: user.id,
          currency: input.currency,
          magnitude,
          now,
        });
        const inserted = await repository.insertCorrection(tx, {
          userId: user.id,
          currency: input.currency,
          amountMinor: input.amount,
          reason: input.reason,
          state: isImmediate ? 'applied' : 'pending',
          proposedByStaffId: actor.staffId,
          decidedByStaffId: isImmediate ? actor.staffId : null,
          decidedAt: isImmediate ? now : null,
          createdAt: now,
        });
        const posted = isImmediate ? await post(tx, inserted) : null;
        await audit.record(tx, actor, {
          action: isImmediate ? 'correction.apply' : 'correction.propose',
          targetType: 'user',
          targetId: user.id,
          reason: input.reason,
          before: null,
          after: {
            correctionId: inserted.id,
            currency: input.currency,
            amount: formatCash(input.amount),
            state: inserted.state,
            entryId: posted,
          },
        });
        return { row: inserted, entryId: posted };
      });
      return present(row, entryId);
    },

    /** Approve (post once, by an independent second staff member) or reject a pending correction. */
    async review(actor: StaffSession, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const isApproved = input.decision === 'approve';
      const decided = await decisions.decideOnce(actor, {
        targetType: 'correction',
        id: BigInt(input.id),
        action: isApproved ? 'correction.approve' : 'correction.reject',
        reason: input.reason,
        lock: repository.lockCorrection,
        isUndecided: (row) => row.state === 'pending',
        auditView: (row) => ({
          userId: row.userId,
          currency: row.currency,
          amount: formatCash(row.amountMinor),
          state: row.state,
          entryId: row.entryId,
        }),
        apply: async (tx, pending) => {
          if (isApproved) await assertIndependent(tx, actor, pending);
          const row = await repository.decideCorrection(tx, pending.id, {
            state: isApproved ? 'applied' : 'rejected',
            decidedByStaffId: actor.staffId,
            decidedAt: clock.now(),
          });
          if (!isApproved) return { decided: row };
          const entryId = await post(tx, row);
          return { decided: { ...row, entryId } };
        },
      });
      return present(decided);
    },

    async list(input: { state: repository.CorrectionState; page: number; pageSize: number }) {
      const { rows, total } = await repository.listByState(
        db,
        input.state,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return { total, items: await Promise.all(rows.map((row) => present(row))) };
    },
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
