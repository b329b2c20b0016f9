import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyPassword } from '../../core/passwords';
import type { Database } from '../../db/database';
import type { IdentityService } from '../identity/identity.service';
import type { UsersService } from '../users/users.service';
import * as repository from './fund-password.repository';

// The fund password: six digits, argon2id. Five wrong entries lock fund operations (withdrawals,
// changing it) for 15 minutes. A forgotten one is reset with the login password, identity verified.

export const FUND_PASSWORD_ATTEMPTS = 5;
export const FUND_PASSWORD_LOCK_MS = 15 * 60_000;

export function createFundPasswordService(deps: {
  db: Database;
  clock: Clock;
  identity: IdentityService;
  users: UsersService;
}) {
  const { db, clock, identity, users } = deps;

  async function status(userId: bigint) {
    const row = await repository.findFundPassword(db, userId);
    const now = clock.now();
    return {
      isSet: row !== undefined,
      lockedUntil: row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
    };
  }

  /** Checks the fund password; wrong entries count toward the lock. */
  async function verify(userId: bigint, password: string): Promise<void> {
    const row = await repository.findFundPassword(db, userId);
    if (!row) throw new DomainError('FUND_PASSWORD_NOT_SET');
    const now = clock.now();
    if (row.lockedUntil && row.lockedUntil > now) {
      throw new DomainError('FUND_PASSWORD_LOCKED', { until: row.lockedUntil.toISOString() });
    }
    if (await verifyPassword(row.passwordHash, password)) {
      if (row.failedCount > 0) await repository.clearWrongEntries(db, userId);
      return;
    }
    const after = await repository.recordWrongEntry(
      db,
      userId,
      FUND_PASSWORD_ATTEMPTS,
      new Date(now.getTime() + FUND_PASSWORD_LOCK_MS),
    );
    if (after?.lockedUntil && after.lockedUntil > now) {
      throw new DomainError('FUND_PASSWORD_LOCKED', { until: after.lockedUntil.toISOString() });
    }
    throw new DomainError('WRONG_FUND_PASSWORD', {
      attemptsLeft: FUND_PASSWORD_ATTEMPTS - (after?.failedCount ?? 0),
    });
  }

  const requireMatch = (password: string, confirmation: string) => {
    if (password !== confirmation) throw new DomainError('PASSWORDS_DO_NOT_MATCH');
  };

  return {
    status,
    verify,

    async set(userId: bigint, input: { password: string; confirmPassword: string }) {
      requireMatch(input.password, input.confirmPassword);
      const hash = await hashPassword(input.password);
      if (!(await repository.insertFundPassword(db, userId, hash, clock.now()))) {
        throw new DomainError('FUND_PASSWORD_ALREADY_SET');
      }
      return status(userId);
    },

    async change(
      userId: bigint,
      input: { oldPassword: string; newPassword: string; confirmPassword: string },
    ) {
      requireMatch(input.newPassword, input.confirmPassword);
      await verify(userId, input.oldPassword);
      await repository.replaceFundPassword(db, userId, await hashPassword(input.newPassword), clock.now());
      return status(userId);
    },

    async reset(
      userId: bigint,
      input: { loginPassword: string; newPassword: string; confirmPassword: string },
    ) {
      requireMatch(input.newPassword, input.confirmPassword);
      await identity.requireVerified(userId);
      if (!(await users.verifyLoginPassword(userId, input.loginPassword))) {
        throw new DomainError('WRONG_ORIGINAL_PASSWORD');
      }
      const hash = await hashPassword(input.newPassword);
      if (!(await repository.insertFundPassword(db, userId, hash, clock.now()))) {
        await repository.replaceFundPassword(db, userId, hash, clock.now());
      }
      return status(userId);
    },
  };
}

export type FundPasswordService = ReturnType<typeof createFundPasswordService>;
