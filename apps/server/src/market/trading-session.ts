import type { CalendarId, SessionPhase, TradingCalendar } from './calendars';
import { zonedDate } from './zoned-time';

// When orders can fill and when a trade settles, from the venue calendars. Orders fill only in the
// regular session (not in the US pre-market or after-hours); a day order lives until the regular
// close; sale proceeds settle T+2 on Euronext, T+1 in the US (since May 2024) and at once for
// crypto, counted in the venue's trading days.

export type RegularSession = {
  readonly phase: SessionPhase;
  readonly isOpen: boolean;
  /** The next regular open when closed (null while open or past the covered calendar). */
  readonly opensAtMs: number | null;
  /** The close of the current regular session (null while closed). */
  readonly closesAtMs: number | null;
  readonly timeZone: string;
};

export function regularSession(calendar: TradingCalendar, nowMs: number): RegularSession {
  const phase = calendar.phaseAt(nowMs);
  let opensAtMs: number | null = null;
  let closesAtMs: number | null = null;
  for (let index = Math.max(0, calendar.lastStartedIndex(nowMs)); index < calendar.days.length; index += 1) {
    const regular = calendar.days[index]?.parts.find((part) => part.phase === 'regular');
    if (!regular) continue;
    if (regular.startMs <= nowMs && nowMs < regular.endMs) {
      closesAtMs = regular.endMs;
      break;
    }
    if (regular.startMs > nowMs) {
      opensAtMs = regular.startMs;
      break;
    }
  }
  return { phase, isOpen: closesAtMs !== null, opensAtMs, closesAtMs, timeZone: calendar.timeZone };
}

/** Business days from a trade to the settlement of its cash, per venue calendar. */
export const settlementDaysByCalendar: Readonly<Record<CalendarId, number>> = {
  euronext: 2,
  us_equity: 1,
  us_index: 1,
  forex: 2,
  crypto: 0,
};

/**
 * The settlement date of a trade made at `tradeMs`: the trading date of the trade plus `days`
 * trading days of the venue (weekends and exchange holidays skipped). Null past the calendar.
 */
export function settlementDate(calendar: TradingCalendar, tradeMs: number, days: number): string | null {
  const index = calendar.lastStartedIndex(tradeMs);
  if (index < 0) return null;
  return calendar.days[index + days]?.date ?? null;
}

/**
 * The close of the last regular session on or before `date` (in the venue's zone), or null when
 * none is in the calendar: a good-till-cancelled order expires then.
 */
export function regularCloseOnOrBefore(calendar: TradingCalendar, date: string): number | null {
  let low = 0;
  let high = calendar.days.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((calendar.days[middle]?.date ?? '') <= date) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  const regular = calendar.days[found]?.parts.find((part) => part.phase === 'regular');
  return regular?.endMs ?? null;
}

/** The venue's calendar date at an instant (in its zone). */
export function venueDate(calendar: TradingCalendar, instantMs: number): string {
  return zonedDate(instantMs, calendar.timeZone);
}
