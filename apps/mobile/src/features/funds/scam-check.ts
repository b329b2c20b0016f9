import type { DataOf, fundsEndpoints } from '@beurs/contract';
import { scamCheckTriggers, type ScamCheckTrigger } from '@beurs/contract/enums';
import { api } from '../../api';
import { isRefusal } from '../../api/client';
import { fundsPaths } from '@beurs/contract/paths';

// Scam friction (DESIGN.md §1.12, docs/identity-and-money.md): a call refused with
// SCAM_CHECK_REQUIRED {trigger} is repeated once the user has answered the safety question and the
// answer is recorded. `ask` shows the question and resolves true when the user may go on.

export type { ScamCheckTrigger };
export type ScamCheckResult = DataOf<typeof fundsEndpoints.scamCheck>;

export const scamTriggerOf = (error: unknown): ScamCheckTrigger | null => {
  if (!isRefusal(error, 'SCAM_CHECK_REQUIRED')) return null;
  const trigger = error.params.trigger;
  return scamCheckTriggers.find((known) => known === trigger) ?? null;
};

/** Runs `action`; on SCAM_CHECK_REQUIRED asks, and repeats it once if the answer lets the user go on. */
export async function withScamCheck<T>(
  action: () => Promise<T>,
  ask: (trigger: ScamCheckTrigger) => Promise<boolean>,
): Promise<{ done: true; value: T } | { done: false }> {
  try {
    return { done: true, value: await action() };
  } catch (error) {
    const trigger = scamTriggerOf(error);
    if (trigger === null) throw error;
    if (!(await ask(trigger))) return { done: false };
    return { done: true, value: await action() };
  }
}

export const recordScamCheck = (trigger: ScamCheckTrigger, wasToldByOnlineContact: boolean) =>
  api.call(fundsPaths.scamCheck, { trigger, wasToldByOnlineContact });
