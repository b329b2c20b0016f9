import { describe, expect, it } from 'vitest';
import { holidayTables, tradingCalendar } from './calendars';
import { weekday } from './zoned-time';

const at = (iso: string) => Date.parse(iso);

describe('Euronext Brussels calendar', () => {
  const calendar = tradingCalendar('euronext');

  it('trades 09:00–17:30 Brussels time in winter (UTC+1) and summer (UTC+2)', () => {
    const winter = calendar.days[calendar.indexOfDate('2026-01-15')];
    expect(winter && [new Date(winter.startMs).toISOString(), new Date(winter.endMs).toISOString()]).toEqual([
      '2026-01-15T08:00:00.000Z',
      '2026-01-15T16:30:00.000Z',
    ]);
    const summer = calendar.days[calendar.indexOfDate('2026-07-15')];
    expect(summer && new Date(summer.startMs).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });

  it('follows the DST switch on the last Sunday of March', () => {
    expect(calendar.phaseAt(at('2026-03-27T08:30:00Z'))).toBe('regular'); // Friday, UTC+1: 09:30
    expect(calendar.phaseAt(at('2026-03-30T07:30:00Z'))).toBe('regular'); // Monday, UTC+2: 09:30
    expect(calendar.phaseAt(at('2026-03-27T07:30:00Z'))).toBe('closed'); // Friday 08:30 local
  });

  it('is closed on weekends, Good Friday, Easter Monday, Labour Day and Christmas', () => {
    for (const date of ['2026-11-21', '2026-04-03', '2026-04-06', '2026-05-01', '2025-12-25', '2025-12-26']) {
      expect(calendar.indexOfDate(date), date).toBe(-1);
    }
    expect(calendar.phaseAt(at('2026-04-03T10:00:00Z'))).toBe('closed');
  });

  it('closes at 14:05 on 24 and 31 December', () => {
    const eve = calendar.days[calendar.indexOfDate('2026-12-24')];
    expect(eve?.isEarlyClose).toBe(true);
    expect(eve && new Date(eve.endMs).toISOString()).toBe('2026-12-24T13:05:00.000Z');
  });
});

describe('NYSE / Nasdaq calendar', () => {
  const equity = tradingCalendar('us_equity');
  const index = tradingCalendar('us_index');

  it('has pre-market 04:00–09:30, regular 09:30–16:00 and after-hours 16:00–20:00 New York time', () => {
    expect(equity.phaseAt(at('2026-11-20T08:59:59Z'))).toBe('closed'); // 03:59 EST
    expect(equity.phaseAt(at('2026-11-20T09:00:00Z'))).toBe('pre_market');
    expect(equity.phaseAt(at('2026-11-20T14:30:00Z'))).toBe('regular');
    expect(equity.phaseAt(at('2026-11-20T21:00:00Z'))).toBe('after_hours');
    expect(equity.phaseAt(at('2026-11-21T01:00:00Z'))).toBe('closed');
    expect(index.phaseAt(at('2026-11-20T09:00:00Z'))).toBe('closed'); // indices: regular hours only
  });

  it('moves with US daylight saving time, weeks before Europe does', () => {
    // 9 March 2026: New York is on EDT (UTC−4), Brussels still on CET.
    expect(equity.phaseAt(at('2026-03-09T13:30:00Z'))).toBe('regular');
    expect(equity.phaseAt(at('2026-03-06T13:30:00Z'))).toBe('pre_market');
  });

  it('is closed on Thanksgiving and closes at 13:00 the day after', () => {
    expect(equity.indexOfDate('2026-11-26')).toBe(-1);
    const friday = equity.days[equity.indexOfDate('2026-11-27')];
    expect(friday?.parts.map((part) => [part.phase, new Date(part.endMs).toISOString()])).toEqual([
      ['pre_market', '2026-11-27T14:30:00.000Z'],
      ['regular', '2026-11-27T18:00:00.000Z'],
      ['after_hours', '2026-11-27T22:00:00.000Z'],
    ]);
  });

  it('knows the day of mourning of 9 January 2025 and observed holidays', () => {
    for (const date of ['2025-01-09', '2026-07-03', '2027-06-18', '2027-07-05', '2027-12-24']) {
      expect(equity.indexOfDate(date), date).toBe(-1);
    }
  });
});

describe('forex and crypto calendars', () => {
  it('forex trades from Sunday 17:00 to Friday 17:00 New York time', () => {
    const forex = tradingCalendar('forex');
    expect(forex.phaseAt(at('2026-11-20T21:59:00Z'))).toBe('regular'); // Friday 16:59 EST
    expect(forex.phaseAt(at('2026-11-20T22:00:00Z'))).toBe('closed');
    expect(forex.phaseAt(at('2026-11-21T12:00:00Z'))).toBe('closed'); // Saturday
    expect(forex.phaseAt(at('2026-11-22T21:59:00Z'))).toBe('closed');
    expect(forex.phaseAt(at('2026-11-22T22:00:00Z'))).toBe('regular'); // Sunday 17:00 EST
  });

  it('crypto trades every minute of every day', () => {
    const crypto = tradingCalendar('crypto');
    for (const iso of ['2026-11-21T00:00:00Z', '2026-12-25T12:00:00Z', '2027-01-01T23:59:59Z']) {
      expect(crypto.phaseAt(at(iso)), iso).toBe('regular');
    }
    expect(crypto.days.length).toBe(1461);
  });
});

describe('holiday tables', () => {
  it.each(Object.entries(holidayTables))(
    '%s lists only weekdays (a weekend date would be a typo)',
    (_name, table) => {
      expect([...table].filter((date) => weekday(date) === 0 || weekday(date) === 6)).toEqual([]);
    },
  );
});
