import { DomainError, type StaffRole } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../core/passwords';
import type { RandomSource } from '../../core/random';
import type { Database, Executor } from '../../db/database';
import { ATTEMPTS_BEFORE_LOCK, type AttemptLimitsService } from '../attempt-limits/attempt-limits.service';
import type { AuditService } from '../audit/audit.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import { hashToken } from '../users/sessions.service';
import * as repository from './staff-auth.repository';

// Back-office sign-in (DESIGN.md §1.11): staff accounts and roles of their own, a token in the
// `staff-token` header (never the user's), sessions of 12 hours. Each call names the roles that may
// make it; admin may make every call; anyone else gets FORBIDDEN (HTTP 403). As for users, five
// failed sign-ins lock the username for 15 minutes, counted before the hash is compared (so
// parallel guesses count), and the answer never says whether the username or the password was
// wrong, nor whether the username exists; a wrong current password when changing it counts too; a
// disabled account is refused (STAFF_DISABLED) and its sessions end.

export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

export type StaffSession = { staffId: bigint; sessionId: bigint; username: string; role: StaffRole };

export function createStaffAuthService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
  attemptLimits: AttemptLimitsService;
  twoFactor: TwoFactorService;
}) {
  const { db, clock, random, audit, attemptLimits, twoFactor } = deps;
  const ownerOf = (staffId: bigint) => ({ kind: 'staff' as const, id: staffId });

  /**
   * Checks a staff password against the username's attempt counter (the username may not exist).
   * The failure that sets the lock is audited under the locked account's own id (the log needs a
   * staff id; no one else acted), as `staff.login_locked`. At sign-in (`secondFactor`), a member
   * who has set up two-factor sign-in must also give a right code, checked in the same attempt.
   */
  async function checkStaffPassword(
    username: string,
    password: string,
    staff: { id: bigint; passwordHash: string } | undefined,
    ipAddress: string,
    wrongCode: 'WRONG_CREDENTIALS' | 'WRONG_ORIGINAL_PASSWORD',
    secondFactor?: { code: string | undefined },
  ): Promise<void> {
    let isCodeWrong = false;
    const outcome = await attemptLimits.attempt({ scope: 'staff_login', subject: username }, async () => {
      if (!staff) {
        await verifyAgainstDummy(password);
        return false;
      }
      if (!(await verifyPassword(staff.passwordHash, password))) return false;
      if (!secondFactor || !(await twoFactor.isEnabled(ownerOf(staff.id)))) return true;
      if (!secondFactor.code) return 'release';
      isCodeWrong = !(await twoFactor.acceptCode(ownerOf(staff.id), secondFactor.code));
      return !isCodeWrong;
    });
    if (outcome.isAllowed) return;
    if (outcome.isReleased) throw new DomainError('TWO_FACTOR_REQUIRED');
    if (outcome.isNewLock && staff) {
      await audit.record(
        db,
        { staffId: staff.id, username },
        {
          action: 'staff.login_locked',
          targetType: 'staff',
          targetId: staff.id,
          reason: `${ATTEMPTS_BEFORE_LOCK} failed sign-ins in a row`,
          before: { loginLockedUntil: null },
          after: { loginLockedUntil: outcome.lockedUntil, ipAddress },
        },
      );
    }
    const code = outcome.lockedUntil ? 'LOGIN_LOCKED' : isCodeWrong ? 'WRONG_TWO_FACTOR_CODE' : wrongCode;
    if (secondFactor && staff) await recordFailedSignIn(staff.id, username, ipAddress, code);
    if (secondFactor && !staff) await recordUnknownSignIn(username, ipAddress, code);
    if (outcome.lockedUntil)
      throw new DomainError('LOGIN_LOCKED', { until: outcome.lockedUntil.toISOString() });
    throw new DomainError(code);
  }

  /**
   * A refused sign-in to an existing staff account, audited under that account's id (as the lock
   * is: no one else acted). An unknown username is audited with no actor (recordUnknownSignIn).
   */
  async function recordFailedSignIn(staffId: bigint, username: string, ipAddress: string, code: string) {
    await audit.record(
      db,
      { staffId, username },
      {
        action: 'staff.login_failed',
        targetType: 'staff',
        targetId: staffId,
        reason: code,
        before: null,
        after: { ipAddress },
      },
    );
  }

  /** A refused sign-in with a username no account has: no actor, the username as the target. */
  async function recordUnknownSignIn(username: string, ipAddress: string, code: string) {
    await audit.record(
      db,
      { isAnonymous: true },
      {
        action: 'staff.login_failed',
        targetType: 'staff_username',
        targetId: username,
        reason: code,
        before: null,
        after: { ipAddress },
      },
    );
  }

  return {
    async login(input: { username: string; password: string; twoFactorCode?: string }, ipAddress: string) {
      const staff = await repository.findStaffByUsername(db, input.username);
      await checkStaffPassword(input.username, input.password, staff, ipAddress, 'WRONG_CREDENTIALS', {
        code: input.twoFactorCode,
      });
      if (!staff) throw new DomainError('WRONG_CREDENTIALS');
      // Only the holder of the password learns that the account is disabled.
      if (staff.disabledAt) {
        await recordFailedSignIn(staff.id, staff.username, ipAddress, 'STAFF_DISABLED');
        throw new DomainError('STAFF_DISABLED');
      }
      const now = clock.now();
      const token = random.bytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
      // The session and its audit row commit together: no sign-in goes unrecorded.
      await db.transaction(async (tx) => {
        await repository.insertStaffSession(tx, {
          staffId: staff.id,
          tokenHash: hashToken(token),
          ipAddress,
          createdAt: now,
          expiresAt,
        });
        await audit.record(
          tx,
          { staffId: staff.id, username: staff.username },
          {
            action: 'staff.login',
            targetType: 'staff',
            targetId: staff.id,
            reason: 'signed in',
            before: null,
            after: { ipAddress, expiresAt },
          },
        );
      });
      return {
        token,
        username: staff.username,
        role: staff.role,
        expiresAt: expiresAt.toISOString(),
        mustChangePassword: staff.mustChangePassword,
        mustEnrolTwoFactor: !(await twoFactor.isEnabled(ownerOf(staff.id))),
      };
    },

    /**
     * The staff session behind the token, allowed for one of `roles` (admin always is). A member
     * who still has the first-start password, or has not set up two-factor sign-in (required for
     * staff), may only make the calls that do that (`isAllowedBeforeSetup`); others are refused
     * STAFF_PASSWORD_CHANGE_REQUIRED, then STAFF_TWO_FACTOR_REQUIRED.
     */
    async authenticate(
      token: string | undefined,
      roles: readonly StaffRole[],
      options: { isAllowedBeforeSetup?: boolean } = {},
    ): Promise<StaffSession> {
      if (!token) throw new DomainError('UNAUTHENTICATED');
      const found = await repository.findLiveStaffSession(db, hashToken(token), clock.now());
      if (!found) throw new DomainError('UNAUTHENTICATED');
      const { staff, session } = found;
      // Disabling revokes the sessions too; this check also covers a disable that raced a lookup.
      if (staff.disabledAt) throw new DomainError('UNAUTHENTICATED');
      if (staff.role !== 'admin' && !roles.includes(staff.role)) throw new DomainError('FORBIDDEN');
      if (!options.isAllowedBeforeSetup) {
        if (staff.mustChangePassword) throw new DomainError('STAFF_PASSWORD_CHANGE_REQUIRED');
        if (!(await twoFactor.isEnabled(ownerOf(staff.id))))
          throw new DomainError('STAFF_TWO_FACTOR_REQUIRED');
      }
      return { staffId: staff.id, sessionId: session.id, username: staff.username, role: staff.role };
    },

    async logout(session: StaffSession): Promise<void> {
      await repository.revokeStaffSession(db, session.sessionId, clock.now());
    },

    /** Changes the signed-in staff member's password; their other sessions end; audited. */
    async changePassword(
      session: StaffSession,
      input: { oldPassword: string; newPassword: string },
      ipAddress: string,
    ) {
      const staff = await repository.findStaffById(db, session.staffId);
      if (!staff) throw new DomainError('UNAUTHENTICATED');
      await checkStaffPassword(
        staff.username,
        input.oldPassword,
        staff,
        ipAddress,
        'WRONG_ORIGINAL_PASSWORD',
      );
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

    /** Starts setting up two-factor sign-in (the password is asked, and counted). */
    async twoFactorSetup(session: StaffSession, password: string, ipAddress: string) {
      const staff = await repository.findStaffById(db, session.staffId);
      if (!staff) throw new DomainError('UNAUTHENTICATED');
      await checkStaffPassword(staff.username, password, staff, ipAddress, 'WRONG_ORIGINAL_PASSWORD');
      return twoFactor.setup(ownerOf(staff.id), `staff:${staff.username}`);
    },

    /** Confirms two-factor sign-in with a first code; audited. */
    async twoFactorEnable(session: StaffSession, code: string) {
      const answer = await twoFactor.enable(ownerOf(session.staffId), code);
      await audit.record(db, session, {
        action: 'staff.two_factor_enable',
        targetType: 'staff',
        targetId: session.staffId,
        reason: 'set up by the staff member',
        before: null,
        after: { isEnabled: true },
      });
      return answer;
    },

    /** The sign-in lock in force for each username (the staff list shows it). */
    locksInForce(usernames: readonly string[]): Promise<Map<string, Date>> {
      return attemptLimits.locksInForce('staff_login', usernames);
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
          createdByStaffId: actor.staffId,
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
