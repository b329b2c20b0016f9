import { DomainError, checkInBadges, learningCards, type CheckInBadge } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { isPgError } from '../../db/database';
import type { UsersService } from '../users/users.service';
import * as repository from './check-in.repository';
import type { CheckInRow } from './check-in.repository';

// The daily check-in (spec §1, §8; DESIGN.md: rewards are non-monetary): one check-in per day in
// the user's time zone, counted in streaks (days in a row) and in all. The rewards are a learning
// card about investing risk, a new one each day in turn, and badges the user claims once the
// check-ins they need are made — never money, credit or fee discounts; nothing here touches the
// ledger. A day is the date in the zone the user checks in from; moving to another zone does not
// make a second check-in on the same day: the last check-in's instant, seen in the new zone, must
// fall on an earlier date too.

/** What each badge asks for: days in a row (`streak`, the longest run) or days in all (`total`). */
export const BADGE_RULES: Readonly<Record<CheckInBadge, { required: number; counts: 'streak' | 'total' }>> = {
  first_check_in: { required: 1, counts: 'total' },
  week_streak: { required: 7, counts: 'streak' },
  thirty_check_ins: { required: 30, counts: 'total' },
};

const RECENT_DAYS = 14;

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    throw new DomainError('TIME_ZONE_INVALID');
  }
}

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const previousDay = (day: string): string =>
  new Date((dayNumber(day) - 1) * 86_400_000).toISOString().slice(0, 10);

/** The learning card of a day: the cards in turn, by the day's number. */
export const cardOf = (day: string) =>
  learningCards[dayNumber(day) % learningCards.length] ?? learningCards[0];

export function createCheckInService(deps: {
  db: Database;
  clock: Clock;
  users: Pick<UsersService, 'lock'>;
}) {
  const { db, clock, users } = deps;

  function hasCheckedInOn(last: CheckInRow | undefined, today: string, format: Intl.DateTimeFormat): boolean {
    return last !== undefined && (last.localDate >= today || format.format(last.checkedInAt) >= today);
  }

  async function status(userId: bigint, timeZone: string) {
    const format = dayFormat(timeZone);
    const today = format.format(clock.now());
    const [recent, { total, longestStreak }, claimed] = await Promise.all([
      repository.latest(db, userId, RECENT_DAYS),
      repository.totals(db, userId),
      repository.claims(db, userId),
    ]);
    const last = recent[0];
    const hasCheckedInToday = hasCheckedInOn(last, today, format);
    const isStreakAlive = last !== undefined && (hasCheckedInToday || last.localDate === previousDay(today));
    return {
      today,
      timeZone,
      hasCheckedInToday,
      streak: isStreakAlive ? last.streak : 0,
      total,
      badges: checkInBadges.map((badge) => ({
        badge,
        ...BADGE_RULES[badge],
        claimedAt: claimed.find((row) => row.badge === badge)?.claimedAt.toISOString() ?? null,
      })),
      card: hasCheckedInToday && last ? cardOf(last.localDate) : null,
      recent: recent.map((row) => row.localDate),
      longestStreak,
    };
  }

  const answer = async (userId: bigint, timeZone: string) => {
    const { longestStreak: _longest, ...data } = await status(userId, timeZone);
    return data;
  };

  return {
    status: (userId: bigint, input: { timeZone: string }) => answer(userId, input.timeZone),

    /** Checks in for today; ALREADY_CHECKED_IN the second time, even twice at once. */
    async checkIn(userId: bigint, input: { timeZone: string }) {
      const format = dayFormat(input.timeZone);
      try {
        await db.transaction(async (tx) => {
          await users.lock(tx, userId);
          const now = clock.now();
          const today = format.format(now);
          const [last] = await repository.latest(tx, userId, 1);
          if (hasCheckedInOn(last, today, format)) throw new DomainError('ALREADY_CHECKED_IN');
          await repository.insertCheckIn(tx, {
            userId,
            localDate: today,
            timeZone: input.timeZone,
            streak: last && last.localDate === previousDay(today) ? last.streak + 1 : 1,
            checkedInAt: now,
          });
        });
      } catch (error) {
        if (isPgError(error, '23505')) throw new DomainError('ALREADY_CHECKED_IN');
        throw error;
      }
      return answer(userId, input.timeZone);
    },

    /** Claims a badge once its check-ins are made; INSUFFICIENT_CHECKINS before. */
    async claimBadge(userId: bigint, input: { badge: CheckInBadge; timeZone: string }) {
      const { total, longestStreak } = await status(userId, input.timeZone);
      const rule = BADGE_RULES[input.badge];
      const reached = rule.counts === 'streak' ? longestStreak : total;
      if (reached < rule.required)
        throw new DomainError('INSUFFICIENT_CHECKINS', { required: rule.required });
      const isNew = await repository.insertClaim(db, { userId, badge: input.badge, claimedAt: clock.now() });
      if (!isNew) throw new DomainError('ALREADY_PROCESSED');
      return answer(userId, input.timeZone);
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
