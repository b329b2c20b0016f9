// Time-zone arithmetic through the platform's IANA database (Intl), never hand-written DST rules.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(instantMs: number, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 0,
    day: fields.day ?? 0,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/** The offset of a time zone from UTC at an instant, in milliseconds (Brussels summer: +7,200,000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = zonedParts(instantMs, timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant at which a wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `minutes` past midnight. */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const firstGuess = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(firstGuess, timeZone);
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function zonedDate(instantMs: number, timeZone: string): string {
  const parts = zonedParts(instantMs, timeZone);
  return isoDate(Date.UTC(parts.year, parts.month - 1, parts.day));
}

/** YYYY-MM-DD of a UTC instant. */
export function isoDate(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
