import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import * as repository from './payment-methods.repository';
import type { ScamCheckTrigger } from './payment-methods.repository';

// Scam friction (DESIGN.md §1.12). Before the first payout card or wallet, the first deposit and a
// deposit far above the user's usual, the app asks whether someone met online told them to invest
// here, explains the pattern and links the regulator's warning list. The answer is recorded; the
// step itself never blocks a user who has answered (it informs, and staff see the answer).

/** A "large deposit" answer counts for this long (the user answers, then confirms the deposit). */
const LARGE_DEPOSIT_ANSWER_VALID_MS = 60 * 60_000;

export function createScamChecksService(deps: { db: Database; clock: Clock; warningListUrl: string }) {
  const { db, clock, warningListUrl } = deps;
  return {
    async record(userId: bigint, input: { trigger: ScamCheckTrigger; wasToldByOnlineContact: boolean }) {
      const row = await repository.insertScamCheck(db, { userId, ...input, createdAt: clock.now() });
      return { id: row.id.toString(), warningListUrl };
    },

    /** SCAM_CHECK_REQUIRED unless the user answered for this trigger (recently, for a large deposit). */
    async require(userId: bigint, trigger: ScamCheckTrigger): Promise<void> {
      const since =
        trigger === 'large_deposit'
          ? new Date(clock.now().getTime() - LARGE_DEPOSIT_ANSWER_VALID_MS)
          : new Date(0);
      if (!(await repository.hasScamCheck(db, userId, trigger, since))) {
        throw new DomainError('SCAM_CHECK_REQUIRED', { trigger });
      }
    },
  };
}

export type ScamChecksService = ReturnType<typeof createScamChecksService>;
