import { DomainError, type StaffRole } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../core/passwords';
import type { RandomSource } from '../../core/random';
import type { Database, Executor } from '../../db/database';
import type { AuditService } from '../audit/audit.service';
import { hashToken } from '../users/sessions.service';
import { LOGIN_FAILURES_BEFORE_LOCK, LOGIN_LOCK_MS } from '../users/users.service';
import * as repository from './staff-auth.repository';

// Back-office sign-in (DESIGN.md §1.11): staff accounts and roles of their own, a token in the
// `staff-token` header (never the user's), sessions of 12 hours. Each call names the roles that may
// make it; admin may make every call; anyone else gets FORBIDDEN (HTTP 403). As for users, five
// failed sign-ins lock the account for 15 minutes and the answer never says whether the username or
// the password was wrong; a disabled account is refused (STAFF_DISABLED) and its sessions end.

export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

export type StaffSession = { staffId: bigint; sessionId: bigint; username: string; role: StaffRole };

export function createStaffAuthService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
}) {
  const { db, clock, random, audit } = deps;

  /**
   * Counts the failure and refuses with WRONG_CREDENTIALS, or LOGIN_LOCKED once this failure locks
   * the account. The failure that sets the lock is audited in the same transaction: under the
   * locked account's own id (the log needs a staff id; no one else acted), as `staff.login_locked`.
   */
  async function refuseFailedLogin(
    staff: { id: bigint; username: string },
    ipAddress: string,
    now: Date,
  ): Promise<never> {
    const lockedUntil = new Date(now.getTime() + LOGIN_LOCK_MS);
    const after = await db.transaction(async (tx) => {
      const row = await repository.recordFailedStaffLogin(
        tx,
        staff.id,
        LOGIN_FAILURES_BEFORE_LOCK,
        lockedUntil,
      );
      if (row?.failedLoginCount === LOGIN_FAILURES_BEFORE_LOCK) {
        await audit.record(
          tx,
          { staffId: staff.id, username: staff.username },
          {
            action: 'staff.login_locked',
            targetType: 'staff',
            targetId: staff.id,
            reason: `${LOGIN_FAILURES_BEFORE_LOCK} failed sign-ins in a row`,
            before: { loginLockedUntil: null },
            after: { loginLockedUntil: row.loginLockedUntil, ipAddress },
          },
        );
      }
      return row;
    });
    if (after?.loginLockedUntil && after.loginLockedUntil > now) {
      throw new DomainError('LOGIN_LOCKED', { until: after.loginLockedUntil.toISOString() });
    }
    throw new DomainError('WRONG_CREDENTIALS');
  }

  return {
    async login(input: { username: string; password: string }, ipAddress: string) {
      const staff = await repository.findStaffByUsername(db, input.username);
      if (!staff) {
        await verifyAgainstDummy(input.password);
        throw new DomainError('WRONG_CREDENTIALS');
      }
      const now = clock.now();
      if (staff.loginLockedUntil && staff.loginLockedUntil > now) {
        throw new DomainError('LOGIN_LOCKED', { until: staff.loginLockedUntil.toISOString() });
      }
      if (staff.loginLockedUntil) await repository.resetFailedStaffLogins(db, staff.id);
      if (!(await verifyPassword(staff.passwordHash, input.password))) {
        await refuseFailedLogin(staff, ipAddress, now);
      }
      // Only the holder of the password learns that the account is disabled.
      if (staff.disabledAt) throw new DomainError('STAFF_DISABLED');
      if (staff.failedLoginCount > 0) await repository.resetFailedStaffLogins(db, staff.id);
      const token = random.bytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
      await repository.insertStaffSession(db, {
        staffId: staff.id,
        tokenHash: hashToken(token),
        ipAddress,
        createdAt: now,
        expiresAt,
      });
      return { token, username: staff.username, role: staff.role, expiresAt: expiresAt.toISOString() };
    },

    /** The staff session behind the token, allowed for one of `roles` (admin always is). */
    async authenticate(token: string | undefined, roles: readonly StaffRole[]): Promise<StaffSession> {
      if (!token) throw new DomainError('UNAUTHENTICATED');
      const found = await repository.findLiveStaffSession(db, hashToken(token), clock.now());
      if (!found) throw new DomainError('UNAUTHENTICATED');
      const { staff, session } = found;
      // Disabling revokes the sessions too; this check also covers a disable that raced a lookup.
      if (staff.disabledAt) throw new DomainError('UNAUTHENTICATED');
      if (staff.role !== 'admin' && !roles.includes(staff.role)) throw new DomainError('FORBIDDEN');
      return { staffId: staff.id, sessionId: session.id, username: staff.username, role: staff.role };
    },

    async logout(session: StaffSession): Promise<void> {
      await repository.revokeStaffSession(db, session.sessionId, clock.now());
    },

    /** Changes the signed-in staff member's password; their other sessions end; audited. */
    async changePassword(session: StaffSession, input: { oldPassword: string; newPassword: string }) {
      const staff = await repository.findStaffById(db, session.staffId);
      if (!staff || !(await verifyPassword(staff.passwordHash, input.oldPassword))) {
        throw new DomainError('WRONG_ORIGINAL_PASSWORD');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await repository.updateStaffPasswordHash(tx, staff.id, passwordHash);
        const ended = await repository.revokeOtherStaffSessions(tx, staff.id, session.sessionId, clock.now());
        await audit.record(tx, session, {
          action: 'staff.password_change',
          targetType: 'staff',
          targetId: staff.id,
          reason: 'changed by the staff member',
          before: null,
          after: { otherSessionsEnded: ended },
        });
      });
    },

    /** Ends every session of the staff member, in the caller's transaction (disabling). */
    revokeAllSessions(tx: Executor, staffId: bigint): Promise<number> {
      return repository.revokeAllStaffSessions(tx, staffId, clock.now());
    },

    async createStaff(
      actor: StaffSession,
      input: { username: string; password: string; role: StaffRole; reason: string },
    ) {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const row = await repository.insertStaffUserIfFree(tx, {
          username: input.username,
          passwordHash,
          role: input.role,
          createdAt: clock.now(),
        });
        if (!row) throw new DomainError('STAFF_USERNAME_EXISTS');
        const created = { id: row.id.toString(), username: row.username, role: row.role };
        await audit.record(tx, actor, {
          action: 'staff.create',
          targetType: 'staff',
          targetId: row.id,
          reason: input.reason,
          before: null,
          after: created,
        });
        return created;
      });
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
