import { DomainError, formatCash, type Currency } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import type { AuditService } from '../audit/audit.service';
import type { StaffSession } from '../staff-auth/staff-auth.service';
import type { StaffService } from '../staff/staff.service';
import type { UsersService } from '../users/users.service';
import * as repository from './corrections.repository';
import type { CorrectionRow } from './corrections.repository';

// Staff balance corrections (DESIGN.md §1.3): a correction is a new journal entry between the
// user's available balance and the house `corrections` account, with the reason as its memo (the
// user sees it in their records). Up to the threshold one staff member applies it; above it, it
// waits for a second, different staff member. A debit never takes more than is available.

export function createCorrectionsService(deps: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  audit: AuditService;
  staff: StaffService;
  users: UsersService;
  /** Per currency, minor units: above it a correction waits for a second staff member. */
  thresholdMinor: Readonly<Record<Currency, bigint>>;
}) {
  const { db, clock, ledger, audit, staff, users } = deps;
  const { thresholdMinor } = deps;

  async function post(tx: Executor, row: CorrectionRow): Promise<bigint> {
    const user = userAccount(row.userId, row.currency);
    const house = houseAccount('corrections', row.currency);
    const magnitude = row.amountMinor < 0n ? -row.amountMinor : row.amountMinor;
    const result = await ledger.transfer(tx, {
      idempotencyKey: `correction:${row.id}`,
      kind: 'correction',
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

  return {
    async propose(
      actor: StaffSession,
      input: { account: string; currency: Currency; amount: bigint; reason: string },
    ) {
      const user = await users.findByAccount(input.account);
      if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
      const magnitude = input.amount < 0n ? -input.amount : input.amount;
      const isImmediate = magnitude <= thresholdMinor[input.currency];
      const now = clock.now();
      const { row, entryId } = await db.transaction(async (tx) => {
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
            entryId: posted,
          },
        });
        return { row: inserted, entryId: posted };
      });
      if (entryId !== null) users.invalidateUserInfo(user.id);
      return present(row, entryId);
    },

    async review(actor: StaffSession, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const id = BigInt(input.id);
      const isApproved = input.decision === 'approve';
      const { row, entryId } = await db.transaction(async (tx) => {
        const existing = await repository.findCorrection(tx, id);
        if (!existing) throw new DomainError('RECORD_NOT_FOUND');
        if (isApproved && existing.proposedByStaffId === actor.staffId) {
          throw new DomainError('CORRECTION_NEEDS_SECOND_STAFF', {
            threshold: formatCash(thresholdMinor[existing.currency]),
          });
        }
        const decided = await repository.decideCorrection(tx, id, {
          state: isApproved ? 'applied' : 'rejected',
          decidedByStaffId: actor.staffId,
          decidedAt: clock.now(),
        });
        if (!decided) throw new DomainError('ALREADY_PROCESSED');
        const posted = isApproved ? await post(tx, decided) : null;
        await audit.record(tx, actor, {
          action: isApproved ? 'correction.approve' : 'correction.reject',
          targetType: 'user',
          targetId: decided.userId,
          reason: input.reason,
          before: { correctionId: decided.id, state: 'pending' },
          after: { correctionId: decided.id, state: decided.state, entryId: posted },
        });
        return { row: decided, entryId: posted };
      });
      if (entryId !== null) users.invalidateUserInfo(row.userId);
      return present(row, entryId);
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
