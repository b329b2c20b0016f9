import { DomainError } from '@beurs/contract';
import type { DemoDeskItemKind, DemoDeskService } from '../modules/demo-desk/demo-desk.service';
import type { DepositsService } from '../modules/deposits/deposits.service';
import type { IdentityService } from '../modules/identity/identity.service';
import type { WithdrawalsService } from '../modules/withdrawals/withdrawals.service';
import { defineJob, type JobRunner } from './job-runner';

// The demo desk's decisions (modules/demo-desk): each submitted identity, deposit announcement and
// withdrawal is decided DEMO_DESK_DELAY_SECONDS after it commits, once across nodes, by a delayed
// job keyed by the item. A refusal (live mode, DEMO_DESK=off) is logged by the service and not
// retried; another failure is retried with backoff.

export const demoDeskDecideJob = defineJob<{ kind: DemoDeskItemKind; id: string }>({
  name: 'demo-desk.decide',
  retry: { limit: 5, delaySeconds: 5, backoff: 'exponential', delayMaxSeconds: 300 },
  timeoutSeconds: 60,
});

export function registerDemoDeskJob(
  runner: JobRunner,
  deps: {
    demoDesk: DemoDeskService;
    identity: IdentityService;
    deposits: DepositsService;
    withdrawals: WithdrawalsService;
  },
): void {
  const { demoDesk } = deps;
  runner.register(demoDeskDecideJob, async ({ payload }) => {
    try {
      await demoDesk.decide({ kind: payload.kind, id: BigInt(payload.id) });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'DEMO_DESK_NOT_ALLOWED') return;
      throw error;
    }
  });
  const schedule = (kind: DemoDeskItemKind) => async (id: bigint) => {
    if (!demoDesk.isDeciding()) return;
    await runner.enqueue(
      demoDeskDecideJob,
      { kind, id: id.toString() },
      { key: `${kind}:${id}`, runAt: demoDesk.decisionTime() },
    );
  };
  deps.identity.onSubmitted(schedule('identity'));
  deps.deposits.onSubmitted(schedule('deposit'));
  deps.withdrawals.onSubmitted(schedule('withdrawal'));
}
