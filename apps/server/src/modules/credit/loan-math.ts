import { divideRounded } from '@beurs/contract';
import { DAY_COUNT_BASIS } from './credit-score';

// Interest and the repayment schedule, in EUR minor units. Interest accrues each day on the
// principal owed at the fixed yearly rate over a 365-day year, each day's amount rounded half-up
// to the cent: the daily job posts exactly this, and the schedule shown before borrowing adds up
// the same days.

/** One day's interest on `principalMinor` at `rateBasisPoints` a year. */
export function dailyInterestMinor(principalMinor: bigint, rateBasisPoints: number): bigint {
  if (principalMinor <= 0n) return 0n;
  return divideRounded(
    principalMinor * BigInt(rateBasisPoints),
    10_000n * BigInt(DAY_COUNT_BASIS),
    'half_up',
  );
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const dayOf = (dayNumberValue: number): string =>
  new Date(dayNumberValue * 86_400_000).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(dayNumber(day) + days);
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The same day `months` later, or that month's last day when it is shorter (31 Jan + 1 = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

export type ScheduleLine = { dueOn: string; principalMinor: bigint; interestMinor: bigint };

/**
 * Equal monthly principal over `termMonths` (the last month takes the rounding rest), each month
 * with the interest its days accrue on what is still owed; paying on these dates costs exactly this.
 */
export function repaymentSchedule(input: {
  amountMinor: bigint;
  rateBasisPoints: number;
  startDay: string;
  termMonths: number;
}): ScheduleLine[] {
  const lines: ScheduleLine[] = [];
  const part = input.amountMinor / BigInt(input.termMonths);
  let owed = input.amountMinor;
  let previous = input.startDay;
  for (let month = 1; month <= input.termMonths; month += 1) {
    const dueOn = addMonths(input.startDay, month);
    const days = daysBetween(previous, dueOn);
    const interestMinor = dailyInterestMinor(owed, input.rateBasisPoints) * BigInt(days);
    const principalMinor = month === input.termMonths ? owed : part;
    lines.push({ dueOn, principalMinor, interestMinor });
    owed -= principalMinor;
    previous = dueOn;
  }
  return lines;
}
