import { addDays, weekday, zonedDate, zonedInstant } from './zoned-time';

// Exchange calendars: trading days with their sessions, as instants, for 2024–2027 (2024 feeds the
// two years of history shown from a first start in late 2026). Holidays and early closes are data
// taken from the exchanges' published calendars; time-zone rules come from Intl.

export const calendarIds = ['euronext', 'us_equity', 'us_index', 'forex', 'crypto'] as const;
export type CalendarId = (typeof calendarIds)[number];
export type SessionPhase = 'pre_market' | 'regular' | 'after_hours' | 'closed';

export type SessionPart = {
  readonly phase: Exclude<SessionPhase, 'closed'>;
  readonly startMs: number;
  readonly endMs: number;
};
export type TradingDay = {
  readonly date: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly parts: readonly SessionPart[];
  readonly isEarlyClose: boolean;
};

export const FIRST_CALENDAR_DATE = '2024-01-01';
export const LAST_CALENDAR_DATE = '2027-12-31';

/** Euronext (Brussels, Paris, Amsterdam): closed days and 14:05 early closes. */
const euronextHolidays = new Set([
  '2024-01-01',
  '2024-03-29',
  '2024-04-01',
  '2024-05-01',
  '2024-12-25',
  '2024-12-26',
  '2025-01-01',
  '2025-04-18',
  '2025-04-21',
  '2025-05-01',
  '2025-12-25',
  '2025-12-26',
  '2026-01-01',
  '2026-04-03',
  '2026-04-06',
  '2026-05-01',
  '2026-12-25',
  '2027-01-01',
  '2027-03-26',
  '2027-03-29',
]);
const euronextEarlyCloses = new Set([
  '2024-12-24',
  '2024-12-31',
  '2025-12-24',
  '2025-12-31',
  '2026-12-24',
  '2026-12-31',
  '2027-12-24',
  '2027-12-31',
]);

/** NYSE and Nasdaq: closed days (2025-01-09: national day of mourning) and 13:00 early closes. */
const usHolidays = new Set([
  '2024-01-01',
  '2024-01-15',
  '2024-02-19',
  '2024-03-29',
  '2024-05-27',
  '2024-06-19',
  '2024-07-04',
  '2024-09-02',
  '2024-11-28',
  '2024-12-25',
  '2025-01-01',
  '2025-01-09',
  '2025-01-20',
  '2025-02-17',
  '2025-04-18',
  '2025-05-26',
  '2025-06-19',
  '2025-07-04',
  '2025-09-01',
  '2025-11-27',
  '2025-12-25',
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
]);
const usEarlyCloses = new Set([
  '2024-07-03',
  '2024-11-29',
  '2024-12-24',
  '2025-07-03',
  '2025-11-28',
  '2025-12-24',
  '2026-11-27',
  '2026-12-24',
  '2027-11-26',
]);

/** The interbank market pauses on Christmas Day and New Year's Day. */
const forexHolidays = new Set([
  '2024-01-01',
  '2024-12-25',
  '2025-01-01',
  '2025-12-25',
  '2026-01-01',
  '2026-12-25',
  '2027-01-01',
]);

export const holidayTables = { euronext: euronextHolidays, us: usHolidays, forex: forexHolidays } as const;

type DayRule = { timeZone: string; day: (date: string) => TradingDay | null };

const hhmm = (hours: number, minutes = 0) => hours * 60 + minutes;
const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

function sessionDay(
  date: string,
  timeZone: string,
  spans: [SessionPart['phase'], number, number][],
  isEarlyClose: boolean,
): TradingDay {
  const parts = spans.map(([phase, from, to]) => ({
    phase,
    startMs: zonedInstant(date, from, timeZone),
    endMs: zonedInstant(date, to, timeZone),
  }));
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!first || !last) throw new Error('a trading day needs at least one session');
  return { date, startMs: first.startMs, endMs: last.endMs, parts, isEarlyClose };
}

const rules: Record<CalendarId, DayRule> = {
  euronext: {
    timeZone: 'Europe/Brussels',
    day: (date) => {
      if (isWeekend(date) || euronextHolidays.has(date)) return null;
      const early = euronextEarlyCloses.has(date);
      return sessionDay(
        date,
        'Europe/Brussels',
        [['regular', hhmm(9), early ? hhmm(14, 5) : hhmm(17, 30)]],
        early,
      );
    },
  },
  us_equity: {
    timeZone: 'America/New_York',
    day: (date) => {
      if (isWeekend(date) || usHolidays.has(date)) return null;
      const early = usEarlyCloses.has(date);
      const close = early ? hhmm(13) : hhmm(16);
      return sessionDay(
        date,
        'America/New_York',
        [
          ['pre_market', hhmm(4), hhmm(9, 30)],
          ['regular', hhmm(9, 30), close],
          ['after_hours', close, early ? hhmm(17) : hhmm(20)],
        ],
        early,
      );
    },
  },
  us_index: {
    timeZone: 'America/New_York',
    day: (date) => {
      if (isWeekend(date) || usHolidays.has(date)) return null;
      const early = usEarlyCloses.has(date);
      return sessionDay(
        date,
        'America/New_York',
        [['regular', hhmm(9, 30), early ? hhmm(13) : hhmm(16)]],
        early,
      );
    },
  },
  forex: {
    // Day D runs from 17:00 New York on the eve to 17:00 on D: Sunday evening to Friday evening.
    timeZone: 'America/New_York',
    day: (date) => {
      if (isWeekend(date) || forexHolidays.has(date)) return null;
      const startMs = zonedInstant(addDays(date, -1), hhmm(17), 'America/New_York');
      const endMs = zonedInstant(date, hhmm(17), 'America/New_York');
      return { date, startMs, endMs, parts: [{ phase: 'regular', startMs, endMs }], isEarlyClose: false };
    },
  },
  crypto: {
    timeZone: 'UTC',
    day: (date) => sessionDay(date, 'UTC', [['regular', 0, hhmm(24)]], false),
  },
};

/** One market's trading days and sessions over the covered years, with look-ups by instant. */
export class TradingCalendar {
  readonly id: CalendarId;
  readonly timeZone: string;
  readonly days: readonly TradingDay[];

  constructor(id: CalendarId) {
    this.id = id;
    this.timeZone = rules[id].timeZone;
    const days: TradingDay[] = [];
    for (let date = FIRST_CALENDAR_DATE; date <= LAST_CALENDAR_DATE; date = addDays(date, 1)) {
      const day = rules[id].day(date);
      if (day) days.push(day);
    }
    this.days = days;
  }

  /** Index of the last trading day that started at or before the instant (-1 before the first). */
  lastStartedIndex(instantMs: number): number {
    let low = 0;
    let high = this.days.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.days[middle]?.startMs ?? Infinity) <= instantMs) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }

  /** Index of the trading day in session at the instant, or -1 when the market is closed. */
  openIndex(instantMs: number): number {
    const index = this.lastStartedIndex(instantMs);
    const day = this.days[index];
    return day && instantMs < day.endMs ? index : -1;
  }

  /** Index of the day whose prices are current at the instant: the open day, or the last closed one. */
  currentIndex(instantMs: number): number {
    const index = this.lastStartedIndex(instantMs);
    return index;
  }

  phaseAt(instantMs: number): SessionPhase {
    const day = this.days[this.openIndex(instantMs)];
    const part = day?.parts.find(
      (candidate) => candidate.startMs <= instantMs && instantMs < candidate.endMs,
    );
    return part?.phase ?? 'closed';
  }

  /** The next instant at which the phase changes (an open, a close or a phase boundary), or null. */
  nextChangeMs(instantMs: number): number | null {
    for (let index = Math.max(0, this.lastStartedIndex(instantMs)); index < this.days.length; index += 1) {
      for (const part of this.days[index]?.parts ?? []) {
        if (part.startMs > instantMs) return part.startMs;
        if (part.endMs > instantMs) return part.endMs;
      }
    }
    return null;
  }

  /** The trading date (in the market's zone) of the day containing or last before the instant. */
  dateAt(instantMs: number): string {
    return this.days[this.lastStartedIndex(instantMs)]?.date ?? zonedDate(instantMs, this.timeZone);
  }

  indexOfDate(date: string): number {
    let low = 0;
    let high = this.days.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = this.days[middle]?.date ?? '';
      if (candidate === date) return middle;
      if (candidate < date) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

const calendars = new Map<CalendarId, TradingCalendar>();

/** Calendars are built once per process (a few milliseconds each) and shared. */
export function tradingCalendar(id: CalendarId): TradingCalendar {
  let calendar = calendars.get(id);
  if (!calendar) {
    calendar = new TradingCalendar(id);
    calendars.set(id, calendar);
  }
  return calendar;
}
