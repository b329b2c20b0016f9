import { DomainError } from '@beurs/contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { hashPassword, verifyPassword } from '../../core/passwords';
import type { Database } from '../../db/database';
import { roundLookup } from '../../db/read-round';
import type { AttemptLimitsService } from '../attempt-limits/attempt-limits.service';
import type { IdentityService } from '../identity/identity.service';
import type { MessagesService } from '../messages/messages.service';
import type { UsersService } from '../users/users.service';
import * as repository from './fund-password.repository';

// The fund password: six digits, argon2id. Five wrong entries lock fund operations (withdrawals,
// changing it) for 15 minutes, counted before the hash is compared, so parallel guesses count too
// (attempt-limits). A forgotten one is reset with the login password, identity verified; a wrong
// login password there counts toward the login lock.
//
// Placing orders asks for the fund password on every order (the app may remember it for 15
// minutes), and one argon2id comparison costs 20–50 ms of CPU: orders would be capped at a few
// dozen a second per core. So once a fund password has passed argon2, the same password for the same
// stored hash is recognised for RECENTLY_VERIFIED_MS by a keyed digest (HMAC-SHA256 with a random
// key of this process, in this node's memory only). It still goes through the attempt limits (a
// lock in force refuses it; the attempt is counted and recorded); a different password, a changed
// or reset one (another stored hash), or the first check on another node is compared with argon2.
// When nothing counts against the user (no failure, no check in flight, no lock: attempt-limits'
// `isClear`, a read), the recognised password passes without writing an attempt, which would
// only have been reserved and recorded as a success.

/** How long a fund password that passed argon2 is recognised by its keyed digest (the app's 15 minutes). */
const RECENTLY_VERIFIED_MS = 15 * 60_000;
/** Users remembered at most per node (expired entries are dropped first; then all are forgotten). */
const RECENTLY_VERIFIED_MAX = 100_000;

export function createFundPasswordService(deps: {
  db: Database;
  clock: Clock;
  identity: IdentityService;
  users: UsersService;
  attemptLimits: AttemptLimitsService;
  messages: MessagesService;
}) {
  const { db, clock, identity, users, attemptLimits, messages } = deps;
  const keyOf = (userId: bigint) => ({ scope: 'fund_password' as const, subject: userId.toString() });

  async function status(userId: bigint) {
    const row = await repository.findFundPassword(db, userId);
    const locks = await attemptLimits.locksInForce('fund_password', [userId.toString()]);
    return {
      isSet: row !== undefined,
      lockedUntil: locks.get(userId.toString())?.toISOString() ?? null,
    };
  }

  // Read before every order: in the shared round of reads (db/read-round.ts).
  const fundPasswordOf = roundLookup(db, repository.fundPasswordsRead);

  const digestKey = randomBytes(32);
  const recentlyVerified = new Map<bigint, { digest: Buffer; untilMs: number }>();
  const digestOf = (userId: bigint, passwordHash: string, password: string) =>
    createHmac('sha256', digestKey).update(`${userId}\0${passwordHash}\0${password}`).digest();

  /**
   * True when the password is the recognised one and nothing counts against the user: it would
   * pass `verify` without an attempt. Reads only; false says nothing (then `verify` decides).
   */
  async function isRecognised(userId: bigint, password: string): Promise<boolean> {
    const recognised = recentlyVerified.get(userId);
    if (recognised === undefined || recognised.untilMs <= clock.now().getTime()) return false;
    const [row, isClear] = await Promise.all([fundPasswordOf(userId), attemptLimits.isClear(keyOf(userId))]);
    return (
      row !== undefined &&
      isClear &&
      timingSafeEqual(recognised.digest, digestOf(userId, row.passwordHash, password))
    );
  }

  /** Checks the fund password; wrong entries count toward the lock. */
  async function verify(userId: bigint, password: string): Promise<void> {
    if (await isRecognised(userId, password)) return;
    const row = await fundPasswordOf(userId);
    if (!row) throw new DomainError('FUND_PASSWORD_NOT_SET');
    const digest = digestOf(userId, row.passwordHash, password);
    let isRecent = false;
    const outcome = await attemptLimits.attempt(keyOf(userId), () => {
      const recent = recentlyVerified.get(userId);
      isRecent =
        recent !== undefined &&
        recent.untilMs > clock.now().getTime() &&
        timingSafeEqual(recent.digest, digest);
      return isRecent ? Promise.resolve(true) : verifyPassword(row.passwordHash, password);
    });
    if (outcome.isAllowed) {
      if (!isRecent) remember(userId, digest);
      return;
    }
    recentlyVerified.delete(userId);
    if (outcome.lockedUntil) {
      // Told once, by the attempt that set the lock (a guesser would otherwise go unnoticed).
      if (outcome.isNewLock) {
        await messages.post(db, userId, 'fund_password_locked', { until: outcome.lockedUntil.toISOString() });
      }
      throw new DomainError('FUND_PASSWORD_LOCKED', { until: outcome.lockedUntil.toISOString() });
    }
    throw new DomainError('WRONG_FUND_PASSWORD', { attemptsLeft: outcome.attemptsLeft });
  }

  function remember(userId: bigint, digest: Buffer) {
    const nowMs = clock.now().getTime();
    if (recentlyVerified.size >= RECENTLY_VERIFIED_MAX) {
      for (const [key, entry] of recentlyVerified) if (entry.untilMs <= nowMs) recentlyVerified.delete(key);
      if (recentlyVerified.size >= RECENTLY_VERIFIED_MAX) recentlyVerified.clear();
    }
    recentlyVerified.set(userId, { digest, untilMs: nowMs + RECENTLY_VERIFIED_MS });
  }

  const requireMatch = (password: string, confirmation: string) => {
    if (password !== confirmation) throw new DomainError('PASSWORDS_DO_NOT_MATCH');
  };

  return {
    status,
    verify,
    isRecognised,

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
