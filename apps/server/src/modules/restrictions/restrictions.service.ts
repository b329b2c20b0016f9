import { DomainError, formatCash, type restrictionKinds, type WithdrawalBarReason } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { AuditService, OwnedAuditTargets } from '../audit/audit.service';
import type { DecisionsService } from '../decisions/decisions.service';
import type { StaffService } from '../staff/staff.service';
import * as repository from './restrictions.repository';
import type { StaffSession } from '../staff-auth/staff-auth.service';
import type { SessionsService } from '../users/sessions.service';
import type { UsersService } from '../users/users.service';

type RestrictionKind = (typeof restrictionKinds)[number];

// Account restrictions (DESIGN.md §1.9): staff freeze, ban login, disable, bar trading or bar
// withdrawing with a reason the user sees; each is an audited action. Freezing, banning login and
// disabling sign the user out on every node. Other modules ask `assertAllowed` before acting.
// A withdrawal bar is never imposed by one staff member (issue 12, item 3): it is a request with a
// reason from the published list (what the user sees, in their language), a note for staff and at
// most 30 days, approved by another staff member; it ends by itself (`liftExpired`, a job).
// The restrictions are stored with the user (the users module's user_restrictions table, which
// sign-in reads too); this module holds the rules and asks the users service to store them.

/** Restrictions that end the user's sessions at once. */
const SIGN_OUT_KINDS: readonly RestrictionKind[] = ['frozen', 'login_banned', 'disabled'];

export type GuardedOperation = 'withdraw' | 'deposit' | 'trade' | 'exchange' | 'borrow';

export function createRestrictionsService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  decisions: DecisionsService;
  sessions: SessionsService;
  staff: StaffService;
  users: UsersService;
  ledger: LedgerService;
}) {
  const { db, clock, audit, decisions, sessions, staff, users, ledger } = deps;
  const DAY_MS = 24 * 3_600_000;

  async function presentBars(rows: readonly repository.WithdrawalBarRow[]) {
    const [names, usernames] = await Promise.all([
      users.namesOf(rows.map((row) => row.userId)),
      staff.usernamesOf(
        rows.flatMap((row) =>
          row.decidedByStaffId === null
            ? [row.proposedByStaffId]
            : [row.proposedByStaffId, row.decidedByStaffId],
        ),
      ),
    ]);
    return rows.map((row) => ({
      id: row.id.toString(),
      account: names.get(row.userId)?.account ?? '',
      barReason: row.barReason,
      note: row.note,
      days: row.days,
      state: row.state,
      proposedBy: usernames.get(row.proposedByStaffId) ?? '',
      decidedBy: row.decidedByStaffId === null ? null : (usernames.get(row.decidedByStaffId) ?? ''),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }
  const presentBar = async (row: repository.WithdrawalBarRow) => (await presentBars([row]))[0]!;

  async function requireUser(account: string) {
    const user = await users.findByAccount(account);
    if (!user) throw new DomainError('ACCOUNT_NOT_FOUND');
    return user;
  }

  /**
   * A user's detail for the back-office; opening it is audited (who looked at whom, when). The
   * answer of a restrict or lift shows it too, after that action's own audit row.
   */
  async function detail(actor: StaffSession, account: string) {
    const user = await requireUser(account);
    await audit.record(db, actor, {
      action: 'user.view_detail',
      targetType: 'user',
      targetId: user.id,
      reason: 'opened in the back-office',
      before: null,
      after: null,
    });
    return detailOf(user);
  }

  async function detailOf(user: NonNullable<Awaited<ReturnType<typeof users.findByAccount>>>) {
    const [restrictions, balances] = await Promise.all([
      users.activeRestrictions(db, user.id),
      ledger.getCashBalances(db, user.id),
    ]);
    return {
      id: user.id.toString(),
      account: user.account,
      realname: user.realname,
      identityState: user.identityState,
      createdAt: user.createdAt.toISOString(),
      restrictions: restrictions.map((item) => ({
        kind: item.kind,
        reason: item.reason,
        since: item.createdAt.toISOString(),
      })),
      balances: balances.map((balance) => ({
        currency: balance.currency,
        available: formatCash(balance.available),
        frozen: formatCash(balance.frozen),
      })),
    };
  }

  async function afterChange(userId: bigint, kind: RestrictionKind, isImposed: boolean) {
    if (isImposed && SIGN_OUT_KINDS.includes(kind)) await sessions.revokeAll(userId);
    // A restriction changed, not a balance: the ledger does not announce this one.
    users.invalidateUserInfo(userId);
  }

  return {
    /** The user's withdrawal bar requests as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'withdrawal_bar', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    detail,

    /** A user's live sessions for the back-office; looking is audited (who looked at whose sessions). */
    async sessionsOf(actor: StaffSession, account: string) {
      const user = await requireUser(account);
      const items = await sessions.liveSessionsOf(user.id);
      await audit.record(db, actor, {
        action: 'user.view_sessions',
        targetType: 'user',
        targetId: user.id,
        reason: 'opened in the back-office',
        before: null,
        after: null,
      });
      return { items };
    },

    async restrict(actor: StaffSession, input: { account: string; kind: RestrictionKind; reason: string }) {
      // Free text would reach the user as the reason (seen: "pay the 15 % tax by deposit first").
      if (input.kind === 'withdrawal_barred') throw new DomainError('WITHDRAWAL_BAR_NEEDS_APPROVAL');
      const user = await requireUser(input.account);
      await db.transaction(async (tx) => {
        const before = await users.activeRestrictions(tx, user.id);
        const row = await users.imposeRestriction(tx, {
          userId: user.id,
          kind: input.kind,
          reason: input.reason,
          staffId: actor.staffId,
          createdAt: clock.now(),
        });
        if (!row) throw new DomainError('RESTRICTION_ALREADY_ACTIVE', { kind: input.kind });
        await audit.record(tx, actor, {
          action: 'user.restrict',
          targetType: 'user',
          targetId: user.id,
          reason: input.reason,
          before: before.map((item) => item.kind),
          after: [...before.map((item) => item.kind), input.kind],
        });
      });
      await afterChange(user.id, input.kind, true);
      return detailOf(user);
    },

    async lift(actor: StaffSession, input: { account: string; kind: RestrictionKind; reason: string }) {
      const user = await requireUser(input.account);
      await db.transaction(async (tx) => {
        const before = await users.activeRestrictions(tx, user.id);
        const lifted = await users.liftRestriction(tx, user.id, input.kind, clock.now());
        if (!lifted) throw new DomainError('RESTRICTION_NOT_ACTIVE', { kind: input.kind });
        await audit.record(tx, actor, {
          action: 'user.lift_restriction',
          targetType: 'user',
          targetId: user.id,
          reason: input.reason,
          before: before.map((item) => ({ kind: item.kind, reason: item.reason })),
          after: before
            .filter((item) => item.kind !== input.kind)
            .map((item) => ({ kind: item.kind, reason: item.reason })),
        });
      });
      await afterChange(user.id, input.kind, false);
      return detailOf(user);
    },

    /** Asks for a withdrawal bar: pending until another staff member approves it; audited. */
    async proposeWithdrawalBar(
      actor: StaffSession,
      input: { account: string; barReason: WithdrawalBarReason; note: string; days: number },
    ) {
      const user = await requireUser(input.account);
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertWithdrawalBar(tx, {
          userId: user.id,
          barReason: input.barReason,
          note: input.note,
          days: input.days,
          proposedByStaffId: actor.staffId,
          createdAt: clock.now(),
        });
        await audit.record(tx, actor, {
          action: 'withdrawal_bar.propose',
          targetType: 'user',
          targetId: user.id,
          reason: input.note,
          before: null,
          after: { withdrawalBarId: inserted.id, barReason: input.barReason, days: input.days },
        });
        return inserted;
      });
      return presentBar(row);
    },

    /**
     * Approves (another staff member than the one who asked: the bar replaces any bar in force and
     * lasts its days from now) or rejects a withdrawal bar request, once.
     */
    async reviewWithdrawalBar(
      actor: StaffSession,
      input: { id: string; decision: 'approve' | 'reject'; reason: string },
    ) {
      const isApproved = input.decision === 'approve';
      const decided = await decisions.decideOnce(actor, {
        targetType: 'withdrawal_bar',
        id: BigInt(input.id),
        action: isApproved ? 'withdrawal_bar.approve' : 'withdrawal_bar.reject',
        reason: input.reason,
        lock: repository.lockWithdrawalBar,
        isUndecided: (row) => row.state === 'pending',
        auditView: (row) => ({
          userId: row.userId,
          barReason: row.barReason,
          days: row.days,
          state: row.state,
          expiresAt: row.expiresAt,
        }),
        apply: async (tx, pending) => {
          const now = clock.now();
          if (!isApproved) {
            const decidedRow = await repository.decideWithdrawalBar(tx, pending.id, {
              state: 'rejected',
              decidedByStaffId: actor.staffId,
              decidedAt: now,
              expiresAt: null,
              restrictionId: null,
            });
            return { decided: decidedRow };
          }
          if (pending.proposedByStaffId === actor.staffId)
            throw new DomainError('WITHDRAWAL_BAR_NEEDS_SECOND_STAFF');
          const expiresAt = new Date(now.getTime() + pending.days * DAY_MS);
          await users.liftRestriction(tx, pending.userId, 'withdrawal_barred', now);
          const restriction = await users.imposeRestriction(tx, {
            userId: pending.userId,
            kind: 'withdrawal_barred',
            reason: pending.barReason,
            staffId: actor.staffId,
            createdAt: now,
            expiresAt,
          });
          if (!restriction) throw new Error('withdrawal bar: a bar stayed in force after lifting it');
          const decidedRow = await repository.decideWithdrawalBar(tx, pending.id, {
            state: 'approved',
            decidedByStaffId: actor.staffId,
            decidedAt: now,
            expiresAt,
            restrictionId: restriction.id,
          });
          return { decided: decidedRow };
        },
      });
      users.invalidateUserInfo(decided.userId);
      return presentBar(decided);
    },

    async listWithdrawalBars(input: {
      state: repository.WithdrawalBarRow['state'];
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await repository.listWithdrawalBars(
        db,
        input.state,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return { total, items: await presentBars(rows) };
    },

    /** Ends every restriction whose expiry has passed (a withdrawal bar's days); the job's pass. */
    async liftExpired(now: Date): Promise<number> {
      const lifted = await db.transaction((tx) => users.liftExpiredRestrictions(tx, now));
      for (const row of lifted) users.invalidateUserInfo(row.userId);
      return lifted.length;
    },

    /** Refuses the operation with the catalogued code and the staff's reason when a restriction applies. */
    async assertAllowed(userId: bigint, operation: GuardedOperation): Promise<void> {
      const restrictions = await users.activeRestrictions(db, userId);
      const find = (kind: RestrictionKind) => restrictions.find((item) => item.kind === kind);
      const disabled = find('disabled');
      if (disabled) throw new DomainError('ACCOUNT_DISABLED', { reason: disabled.reason });
      const frozen = find('frozen');
      if (frozen) throw new DomainError('ACCOUNT_FROZEN', { reason: frozen.reason });
      const withdrawalBar = operation === 'withdraw' ? find('withdrawal_barred') : undefined;
      // A bar ends at its expiry even before the job lifts it; the user sees only the listed reason.
      if (withdrawalBar?.expiresAt && withdrawalBar.expiresAt > clock.now()) {
        throw new DomainError('WITHDRAWAL_BARRED', {
          barReason: withdrawalBar.reason,
          until: withdrawalBar.expiresAt.toISOString(),
        });
      }
      const tradingBar = operation === 'trade' ? find('trading_barred') : undefined;
      if (tradingBar) throw new DomainError('TRADING_BARRED', { reason: tradingBar.reason });
    },
  };
}

export type RestrictionsService = ReturnType<typeof createRestrictionsService>;
