import type { DepositsService } from '../modules/deposits/deposits.service';
import type { WithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import { defineJob, type JobRunner } from './job-runner';

// No deposit or withdrawal waits past its decide-by time unseen (issue 12, item 3): every minute,
// on one node, each pending one past it moves to the supervisors' queue (the staff lists' queue
// 'escalated') and its user gets a message saying so, once (the row records when).

export const FUNDS_OVERDUE_PERIOD_MS = 60_000;

export const fundsOverdueJob = defineJob({
  name: 'funds.escalate-overdue',
  retry: { limit: 3, delaySeconds: 10, backoff: 'exponential' },
  timeoutSeconds: 120,
});

export function registerFundsOverdueJob(
  runner: JobRunner,
  deps: { deposits: DepositsService; withdrawals: WithdrawalsService },
): void {
  runner.register(fundsOverdueJob, async ({ clock }) => {
    const now = clock.now();
    await deps.deposits.escalateOverdue(now);
    await deps.withdrawals.escalateOverdue(now);
  });
  runner.every(fundsOverdueJob, FUNDS_OVERDUE_PERIOD_MS);
}
