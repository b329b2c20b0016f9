import { DomainError, type Decider } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
import type { AuditService } from '../audit/audit.service';
import type { StaffAuthService, StaffSession } from '../staff-auth/staff-auth.service';
import * as repository from './staff.repository';
import type { StaffRow } from './staff.repository';

// Staff account administration (admin only): the list, disabling and re-enabling. A disabled
// account cannot sign in and its sessions end in the same transaction. Staff sessions are not
// cached (each call reads staff_sessions), so there is nothing to evict on other nodes. Nobody
// disables themselves, and the last enabled admin stays enabled, so the back-office is never
// left without an admin.

/** The demo desk's account (DESIGN.md §1.2: demo mode only); shown to users as the desk's name. */
export const DEMO_DESK_USERNAME = 'demo_desk';
/** Not an argon2 hash: no password matches it, so the account cannot be signed in to. */
const DEMO_DESK_PASSWORD_HASH = '!the demo desk never signs in';

export function createStaffService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  staffAuth: StaffAuthService;
}) {
  const { db, clock, audit, staffAuth } = deps;

  async function views(rows: readonly StaffRow[]) {
    const locks = await staffAuth.locksInForce(rows.map((row) => row.username));
    return rows.map((row) => ({
      id: row.id.toString(),
      username: row.username,
      role: row.role,
      disabledAt: row.disabledAt?.toISOString() ?? null,
      loginLockedUntil: locks.get(row.username)?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }
  const view = async (row: StaffRow) => (await views([row]))[0] as Awaited<ReturnType<typeof views>>[number];

  async function targetOf(tx: Executor, id: string): Promise<StaffRow> {
    const row = await repository.findStaffUserById(tx, BigInt(id));
    if (!row) throw new DomainError('STAFF_NOT_FOUND');
    return row;
  }

  return {
    /** Who decided, as users are told: the demo desk, or a staff member (no name). */
    async decidersOf(staffIds: readonly (bigint | null)[]): Promise<Map<bigint, Decider>> {
      const ids = [...new Set(staffIds.filter((id): id is bigint => id !== null))];
      const rows = await repository.findRoles(db, ids);
      return new Map(rows.map((row) => [row.id, row.role === 'demo_desk' ? 'demo_desk' : 'staff']));
    },

    /** The demo desk's account, if it exists. */
    async demoDeskAccount() {
      return repository.findDemoDeskAccount(db);
    },

    /**
     * Creates the demo desk's account when it is missing (demo mode only: the caller says so). It
     * has no password anyone can type (the hash is not a hash), so nobody signs in as the desk.
     */
    async ensureDemoDeskAccount() {
      const existing = await repository.findDemoDeskAccount(db);
      if (existing) return existing;
      return repository.insertStaffUser(db, {
        username: DEMO_DESK_USERNAME,
        passwordHash: DEMO_DESK_PASSWORD_HASH,
        role: 'demo_desk',
        createdAt: clock.now(),
      });
    },

    /**
     * Live mode: the demo desk's account, if one was left from demo mode, is disabled (audited,
     * its own action, with the reason) and its sessions end. Answers true when it did so.
     */
    async disableDemoDeskAccount(reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const desk = await repository.findDemoDeskAccount(tx);
        if (!desk || desk.disabledAt) return false;
        const row = await repository.setStaffDisabledAt(tx, desk.id, clock.now());
        if (!row) return false;
        const sessionsEnded = await staffAuth.revokeAllSessions(tx, desk.id);
        await audit.record(
          tx,
          { staffId: desk.id, username: desk.username },
          {
            action: 'staff.disable',
            targetType: 'staff',
            targetId: desk.id,
            reason,
            before: { disabledAt: null },
            after: { disabledAt: row.disabledAt, sessionsEnded },
          },
        );
        return true;
      });
    },

    /** Staff usernames by id (the audit log and corrections name who acted). */
    async usernamesOf(staffIds: readonly bigint[]): Promise<Map<bigint, string>> {
      const rows = await repository.findUsernames(db, [...new Set(staffIds)]);
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /**
     * True when `sponsorId` created or re-enabled the account `staffId` at or after `since`: such an
     * account is not an independent second pair of eyes for `sponsorId`'s own proposals.
     */
    async isSponsoredBy(
      executor: Executor,
      staffId: bigint,
      sponsorId: bigint,
      since: Date,
    ): Promise<boolean> {
      const row = await repository.findStaffUserById(executor, staffId);
      if (!row) return false;
      const created = row.createdByStaffId === sponsorId && row.createdAt >= since;
      const enabled = row.enabledByStaffId === sponsorId && row.enabledAt !== null && row.enabledAt >= since;
      return created || enabled;
    },

    async list(input: { page: number; pageSize: number }) {
      const { rows, total } = await repository.listStaffUsers(db, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { total, items: await views(rows) };
    },

    async disable(actor: StaffSession, input: { id: string; reason: string }) {
      if (BigInt(input.id) === actor.staffId) throw new DomainError('STAFF_CANNOT_DISABLE_SELF');
      const disabled = await db.transaction(async (tx) => {
        const enabledAdminIds = await repository.lockEnabledAdminIds(tx);
        const target = await targetOf(tx, input.id);
        if (target.disabledAt) throw new DomainError('STAFF_ALREADY_DISABLED');
        // Reachable when two admins disable each other at once: the second finds itself disabled.
        if (target.role === 'admin' && enabledAdminIds.length <= 1) {
          throw new DomainError('STAFF_LAST_ADMIN');
        }
        // The actor was disabled by someone else since their session was checked.
        if (!enabledAdminIds.includes(actor.staffId)) throw new DomainError('UNAUTHENTICATED');
        const row = await repository.setStaffDisabledAt(tx, target.id, clock.now());
        if (!row) throw new DomainError('STAFF_ALREADY_DISABLED');
        const sessionsEnded = await staffAuth.revokeAllSessions(tx, target.id);
        await audit.record(tx, actor, {
          action: 'staff.disable',
          targetType: 'staff',
          targetId: target.id,
          reason: input.reason,
          before: { disabledAt: null },
          after: { disabledAt: row.disabledAt, sessionsEnded },
        });
        return row;
      });
      return view(disabled);
    },

    async enable(actor: StaffSession, input: { id: string; reason: string }) {
      const enabled = await db.transaction(async (tx) => {
        const target = await targetOf(tx, input.id);
        const row = await repository.setStaffDisabledAt(tx, target.id, null, {
          byStaffId: actor.staffId,
          at: clock.now(),
        });
        if (!row) throw new DomainError('STAFF_NOT_DISABLED');
        await audit.record(tx, actor, {
          action: 'staff.enable',
          targetType: 'staff',
          targetId: target.id,
          reason: input.reason,
          before: { disabledAt: target.disabledAt },
          after: { disabledAt: null },
        });
        return row;
      });
      return view(enabled);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
