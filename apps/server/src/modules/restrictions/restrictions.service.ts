import { DomainError, formatCash, type restrictionKinds } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { AuditService } from '../audit/audit.service';
import type { StaffSession } from '../staff-auth/staff-auth.service';
import type { SessionsService } from '../users/sessions.service';
import type { UsersService } from '../users/users.service';

type RestrictionKind = (typeof restrictionKinds)[number];

// Account restrictions (DESIGN.md §1.9): staff freeze, ban login, disable, bar trading or bar
// withdrawing with a reason the user sees; each is an audited action. Freezing, banning login and
// disabling sign the user out on every node. Other modules ask `assertAllowed` before acting.
// The restrictions are stored with the user (the users module's user_restrictions table, which
// sign-in reads too); this module holds the rules and asks the users service to store them.

/** Restrictions that end the user's sessions at once. */
const SIGN_OUT_KINDS: readonly RestrictionKind[] = ['frozen', 'login_banned', 'disabled'];

export type GuardedOperation = 'withdraw' | 'deposit' | 'trade' | 'exchange' | 'borrow';

export function createRestrictionsService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  sessions: SessionsService;
  users: UsersService;
  ledger: LedgerService;
}) {
  const { db, clock, audit, sessions, users, ledger } = deps;

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
    detail,

    async restrict(actor: StaffSession, input: { account: string; kind: RestrictionKind; reason: string }) {
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

    /** Refuses the operation with the catalogued code and the staff's reason when a restriction applies. */
    async assertAllowed(userId: bigint, operation: GuardedOperation): Promise<void> {
      const restrictions = await users.activeRestrictions(db, userId);
      const find = (kind: RestrictionKind) => restrictions.find((item) => item.kind === kind);
      const disabled = find('disabled');
      if (disabled) throw new DomainError('ACCOUNT_DISABLED', { reason: disabled.reason });
      const frozen = find('frozen');
      if (frozen) throw new DomainError('ACCOUNT_FROZEN', { reason: frozen.reason });
      const barred =
        operation === 'withdraw'
          ? find('withdrawal_barred')
          : operation === 'trade'
            ? find('trading_barred')
            : null;
      if (barred) {
        throw new DomainError(operation === 'withdraw' ? 'WITHDRAWAL_BARRED' : 'TRADING_BARRED', {
          reason: barred.reason,
        });
      }
    },
  };
}

export type RestrictionsService = ReturnType<typeof createRestrictionsService>;
