// Business rules never read Date.now() directly: a clock is injected so tests can move time.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` now and then runs at real speed: an end-to-end test that needs a
 * business morning starts the real server on one (CLOCK_START, NODE_ENV=test only).
 */
export function startedClock(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
