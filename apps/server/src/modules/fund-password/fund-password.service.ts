import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyPassword } from '../../core/passwords';
import type { Database } from '../../db/database';
import type { AttemptLimitsService } from '../attempt-limits/attempt-limits.service';
import type { IdentityService } from '../identity/identity.service';
import type { UsersService } from '../users/users.service';
import * as repository from './fund-password.repository';

// The fund password: six digits, argon2id. Five wrong entries lock fund operations (withdrawals,
// changing it) for 15 minutes, counted before the hash is compared, so parallel guesses count too
// (attempt-limits). A forgotten one is reset with the login password, identity verified; a wrong
// login password there counts toward the login lock.

export function createFundPasswordService(deps: {
  db: Database;
  clock: Clock;
  identity: IdentityService;
  users: UsersService;
  attemptLimits: AttemptLimitsService;
}) {
  const { db, clock, identity, users, attemptLimits } = deps;
  const keyOf = (userId: bigint) => ({ scope: 'fund_password' as const, subject: userId.toString() });

  async function status(userId: bigint) {
    const row = await repository.findFundPassword(db, userId);
    const locks = await attemptLimits.locksInForce('fund_password', [userId.toString()]);
    return {
      isSet: row !== undefined,
      lockedUntil: locks.get(userId.toString())?.toISOString() ?? null,
    };
  }

  /** Checks the fund password; wrong entries count toward the lock. */
  async function verify(userId: bigint, password: string): Promise<void> {
    const row = await repository.findFundPassword(db, userId);
    if (!row) throw new DomainError('FUND_PASSWORD_NOT_SET');
    const outcome = await attemptLimits.attempt(keyOf(userId), () =>
      verifyPassword(row.passwordHash, password),
    );
    if (outcome.isAllowed) return;
    if (outcome.lockedUntil) {
      throw new DomainError('FUND_PASSWORD_LOCKED', { until: outcome.lockedUntil.toISOString() });
    }
    throw new DomainError('WRONG_FUND_PASSWORD', { attemptsLeft: outcome.attemptsLeft });
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
      await attemptLimits.clear(keyOf(userId));
      return status(userId);
    },

    async reset(
      userId: bigint,
      input: { loginPassword: string; newPassword: string; confirmPassword: string },
    ) {
      requireMatch(input.newPassword, input.confirmPassword);
      await identity.requireVerified(userId);
      await users.requireLoginPassword(userId, input.loginPassword);
      const hash = await hashPassword(input.newPassword);
      if (!(await repository.insertFundPassword(db, userId, hash, clock.now()))) {
        await repository.replaceFundPassword(db, userId, hash, clock.now());
      }
      await attemptLimits.clear(keyOf(userId));
      return status(userId);
    },
  };
}

export type FundPasswordService = ReturnType<typeof createFundPasswordService>;
