// When a periodic job runs next. Periodic runs sit on a fixed grid (due, due + period, …): a run
// that starts late keeps the grid, and runs missed while no node was up collapse into the next one
// (a one-second sealer down for an hour runs once when it comes back, not 3,600 times).

/** The first point of the grid `dueAt + k·periodMs` (k ≥ 1) that is later than `now`. */
export function nextDueAt(dueAt: Date, periodMs: number, now: Date): Date {
  if (!Number.isInteger(periodMs) || periodMs <= 0) throw new Error(`invalid period: ${periodMs} ms`);
  const next = dueAt.getTime() + periodMs;
  if (next > now.getTime()) return new Date(next);
  const periodsBehind = Math.floor((now.getTime() - dueAt.getTime()) / periodMs) + 1;
  return new Date(dueAt.getTime() + periodsBehind * periodMs);
}
