import { describe, expect, it } from 'vitest';
import { startedClock } from './clock';

describe('startedClock', () => {
  it('reads its start at once, then moves as fast as real time', () => {
    let real = Date.parse('2026-11-21T15:00:00Z');
    const clock = startedClock(new Date('2026-11-24T09:00:00Z'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-24T09:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-24T09:01:30.000Z');
  });
});
