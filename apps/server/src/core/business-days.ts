import { holidayTables } from '../market/calendars';
import { addDays, weekday, zonedDate, zonedInstant, zonedParts } from '../market/zoned-time';

// Business days for payouts: Monday to Friday except the TARGET2 (SEPA settlement) closing days,
// which are exactly Euronext's holidays (1 January, Good Friday, Easter Monday, 1 May, 25 and 26
// December), so the market calendar's table serves both.

export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !holidayTables.euronext.has(date);
}

/** Whether the instant falls within the hours on a business day, in the zone. */
export function isWithinHours(
  instant: Date,
  hours: { opensAtMinute: number; closesAtMinute: number },
  timeZone: string,
): boolean {
  const date = zonedDate(instant.getTime(), timeZone);
  if (!isBusinessDay(date)) return false;
  const parts = zonedParts(instant.getTime(), timeZone);
  const minutes = parts.hour * 60 + parts.minute;
  return minutes >= hours.opensAtMinute && minutes < hours.closesAtMinute;
}

/**
 * The latest decision time of a withdrawal: 24 hours after it was made; when that falls on a
 * weekend or bank holiday, the same wall-clock time on the next business day.
 */
export function decisionDeadline(createdAt: Date, timeZone: string, withinHours = 24): Date {
  const due = createdAt.getTime() + withinHours * 3_600_000;
  let date = zonedDate(due, timeZone);
  if (isBusinessDay(date)) return new Date(due);
  const parts = zonedParts(due, timeZone);
  while (!isBusinessDay(date)) date = addDays(date, 1);
  return new Date(zonedInstant(date, parts.hour * 60 + parts.minute, timeZone) + parts.second * 1000);
}
