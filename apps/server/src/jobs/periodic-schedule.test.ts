import { describe, expect, it } from 'vitest';
import { nextDueAt } from './periodic-schedule';

describe('nextDueAt', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 2, 10, 0, 0) + seconds * 1_000);

  it('is one period later when the run is on time or a little late', () => {
    expect(nextDueAt(at(0), 1_000, at(0))).toEqual(at(1));
    expect(nextDueAt(at(0), 1_000, at(0.999))).toEqual(at(1));
  });

  it('skips the periods already over, staying on the grid, and is always after now', () => {
    expect(nextDueAt(at(0), 1_000, at(1))).toEqual(at(2));
    expect(nextDueAt(at(0), 1_000, at(3_600.5))).toEqual(at(3_601));
    expect(nextDueAt(at(10), 60_000, at(10 + 600))).toEqual(at(10 + 660));
  });

  it('refuses a period that is not a positive whole number of milliseconds', () => {
    expect(() => nextDueAt(at(0), 0, at(0))).toThrow(/invalid period/);
    expect(() => nextDueAt(at(0), 0.5, at(0))).toThrow(/invalid period/);
  });
});
