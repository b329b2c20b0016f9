import { describe, expect, it } from 'vitest';
import { decisionDeadline, isBusinessDay, isWithinHours } from './business-days';

const zone = 'Europe/Brussels';

describe('withdrawal business days', () => {
  it('knows weekends and TARGET2 holidays', () => {
    expect(isBusinessDay('2026-11-20')).toBe(true); // Friday
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-12-25')).toBe(false);
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday 2026
  });

  it('checks hours in Brussels time, business days only', () => {
    const hours = { opensAtMinute: 9 * 60, closesAtMinute: 17 * 60 + 30 };
    expect(isWithinHours(new Date('2026-03-02T08:00:00Z'), hours, zone)).toBe(true); // 09:00 CET
    expect(isWithinHours(new Date('2026-03-02T07:59:00Z'), hours, zone)).toBe(false);
    expect(isWithinHours(new Date('2026-03-02T16:30:00Z'), hours, zone)).toBe(false); // 17:30 CET
    expect(isWithinHours(new Date('2026-07-01T15:29:00Z'), hours, zone)).toBe(true); // 17:29 CEST
    expect(isWithinHours(new Date('2026-03-07T10:00:00Z'), hours, zone)).toBe(false); // Saturday
  });

  it('decides within 24 hours, moved to the next business day over weekends and holidays', () => {
    expect(decisionDeadline(new Date('2026-03-02T10:00:00Z'), zone).toISOString()).toBe(
      '2026-03-03T10:00:00.000Z',
    );
    // Friday 11:00 → Saturday 11:00 → Monday 11:00.
    expect(decisionDeadline(new Date('2026-03-06T10:00:00Z'), zone).toISOString()).toBe(
      '2026-03-09T10:00:00.000Z',
    );
    // Thursday 24 December 2026 → Friday 25 (Christmas) → Monday 28 December.
    expect(decisionDeadline(new Date('2026-12-24T09:00:00Z'), zone).toISOString()).toBe(
      '2026-12-28T09:00:00.000Z',
    );
  });
});
