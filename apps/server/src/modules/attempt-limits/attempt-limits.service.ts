import { DomainError } from '@beurs/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { roundLookup } from '../../db/read-round';
import * as repository from './attempt-limits.repository';
import type { AttemptScope } from './attempt-limits.repository';

// Lockouts that hold under parallel guessing (issue 12, item 5). Every check of a secret first
// reserves an attempt — one statement that counts it and answers the count of failures and checks
// in flight — and only then compares the hash. At most five are ever counted at once: a sixth
// waits, without looking at its secret, until one in flight ends. A failure stays counted and the
// fifth sets the lock; a success starts the count again (if no lock was set meanwhile). So a
// parallel burst gets exactly the checks that attempts one after another would get: twenty
// guesses check five, lock the subject, and the rest — the right password among them — are
// refused; the right password among the first five gets in, as it would have alone. Twenty
// parallel calls with the right secret (a retried withdrawal) all pass, five at a time. The
// subject is what the caller typed (an account name that does not exist is counted like one that
// does), so the answers cannot tell them apart.

export const ATTEMPTS_BEFORE_LOCK = 5;
export const LOCK_MS = 15 * 60_000;
/** How often a waiting attempt looks again, and how long it waits at most (then TOO_FREQUENT). */
const WAIT_STEP_MS = 20;
const WAIT_MAX_MS = 10_000;

export type AttemptKey = { scope: AttemptScope; subject: string };

/** What a checked attempt came to: allowed (the secret was right), or refused with the lock. */
export type AttemptOutcome =
  | { isAllowed: true }
  | {
      isAllowed: false;
      lockedUntil: Date | null;
      attemptsLeft: number;
      isNewLock: boolean;
      /** The check answered 'release': neither a success nor a failure (a second step is asked). */
      isReleased?: boolean;
    };

export function createAttemptLimitsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  // Read before most orders (isClear): in the shared round of reads (db/read-round.ts).
  const counterOf = roundLookup(db, repository.countersRead);

  return {
    /**
     * Reserves an attempt for `key`, runs `check` (the hash comparison) only when the subject is
     * not locked, and records the result. `check` is not called for a locked subject. A check that
     * answers 'release' (the password was right, a second factor is still asked) gives the
     * reservation back without counting it either way.
     */
    async attempt(key: AttemptKey, check: () => Promise<boolean | 'release'>): Promise<AttemptOutcome> {
      const now = clock.now();
      const lockUntil = new Date(now.getTime() + LOCK_MS);
      const refused = async (attemptsLeft: number): Promise<AttemptOutcome> => {
        const isNewLock = await repository.lockIfAtLimit(db, key, ATTEMPTS_BEFORE_LOCK, lockUntil);
        const row = await repository.findCounter(db, key);
        const lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
        return { isAllowed: false, lockedUntil, attemptsLeft: lockedUntil ? 0 : attemptsLeft, isNewLock };
      };
      let reserved = await repository.reserveAttempt(db, key, now);
      for (let waitedMs = 0; ; waitedMs += WAIT_STEP_MS) {
        if (reserved.lockedUntil && reserved.lockedUntil > now) {
          return { isAllowed: false, lockedUntil: reserved.lockedUntil, attemptsLeft: 0, isNewLock: false };
        }
        if (reserved.attemptCount <= ATTEMPTS_BEFORE_LOCK) break;
        // Five are counted (failed, or still being checked): wait for one to end, secret unseen.
        await repository.releaseAttempt(db, key);
        if (waitedMs >= WAIT_MAX_MS) throw new DomainError('TOO_FREQUENT');
        await sleep(WAIT_STEP_MS);
        reserved = await repository.reserveAttempt(db, key, now);
      }
      const result = await check();
      if (result === 'release') {
        await repository.releaseAttempt(db, key);
        return { isAllowed: false, lockedUntil: null, attemptsLeft: 0, isNewLock: false, isReleased: true };
      }
      if (result) {
        if (await repository.recordSuccess(db, key)) return { isAllowed: true };
        return refused(0);
      }
      return refused(ATTEMPTS_BEFORE_LOCK - reserved.attemptCount);
    },

    /**
     * True when nothing counts against the subject: no failure counted, no check in flight, no
     * lock in force. A secret already known to be right (the fund password's recognised digest)
     * may then pass without an attempt: reserving and recording one would change nothing. It is
     * read, not written, so a burst of guesses at the same moment is counted as before.
     */
    async isClear(key: AttemptKey): Promise<boolean> {
      const counter = await counterOf(key);
      if (!counter) return true;
      const isLocked = counter.lockedUntil !== null && counter.lockedUntil > clock.now();
      return counter.attemptCount === 0 && !isLocked;
    },

    /** The lock in force for each subject (absent when none). */
    async locksInForce(scope: AttemptScope, subjects: readonly string[]): Promise<Map<string, Date>> {
      const now = clock.now();
      const rows = await repository.lockedUntilOf(db, scope, subjects);
      return new Map(
        rows.flatMap((row) =>
          row.lockedUntil && row.lockedUntil > now ? [[row.subject, row.lockedUntil]] : [],
        ),
      );
    },

    /** Forgets the count and any lock (a new secret was set). */
    clear(key: AttemptKey): Promise<void> {
      return repository.clear(db, key);
    },
  };
}

export type AttemptLimitsService = ReturnType<typeof createAttemptLimitsService>;
