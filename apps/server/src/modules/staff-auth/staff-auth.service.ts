import { DomainError, type StaffRole } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../core/passwords';
import type { RandomSource } from '../../core/random';
import type { Database } from '../../db/database';
import type { AuditService } from '../audit/audit.service';
import { hashToken } from '../users/sessions.service';
import * as repository from './staff-auth.repository';

// Back-office sign-in (DESIGN.md §1.11): staff accounts and roles of their own, a token in the
// `staff-token` header (never the user's), sessions of 12 hours. Each call names the roles that may
// make it; admin may make every call; anyone else gets FORBIDDEN (HTTP 403).

export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;

export type StaffSession = { staffId: bigint; sessionId: bigint; username: string; role: StaffRole };

export function createStaffAuthService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  audit: AuditService;
}) {
  const { db, clock, random, audit } = deps;
  return {
    async login(input: { username: string; password: string }, ipAddress: string) {
      const staff = await repository.findStaffByUsername(db, input.username);
      if (!staff) {
        await verifyAgainstDummy(input.password);
        throw new DomainError('WRONG_CREDENTIALS');
      }
      if (!(await verifyPassword(staff.passwordHash, input.password))) {
        throw new DomainError('WRONG_CREDENTIALS');
      }
      const token = random.bytes(32).toString('base64url');
      const now = clock.now();
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
      if (staff.role !== 'admin' && !roles.includes(staff.role)) throw new DomainError('FORBIDDEN');
      return { staffId: staff.id, sessionId: session.id, username: staff.username, role: staff.role };
    },

    async logout(session: StaffSession): Promise<void> {
      await repository.revokeStaffSession(db, session.sessionId, clock.now());
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
