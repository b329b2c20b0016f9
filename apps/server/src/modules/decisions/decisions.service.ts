import { DomainError, type ErrorCode } from '@beurs/contract';
import type { Database, Transaction } from '../../db/database';
import type { AuditActor, AuditService } from '../audit/audit.service';

// Decide once, with audit: a staff decision over an item that waits for one (a deposit, a
// withdrawal, an identity submission; later IPO allocations, loans, applications), or the user's
// own decision to cancel their pending deposit or withdrawal, which races a staff decision the
// same way. In one
// transaction: the item is loaded under a row lock, a second decision is refused with the
// catalogued code, the decision's effect is applied, and the audit row records who, when, what,
// why, before and after. Two staff deciding the same item at once are serialised by the lock:
// the first decides, the second is refused, and nothing is applied twice.
//
// The item's own module supplies the lock, the effect and the audit view, so this module never
// touches another module's tables.

export type OneDecision<Row> = {
  /** The audit log's target type: `deposit`, `withdrawal`, `identity_submission`, … */
  targetType: string;
  id: bigint;
  /** The audit log's action, e.g. `deposit.approve`. */
  action: string;
  /** The staff member's written reason. */
  reason: string;
  /** Loads the item under a row lock (`FOR NO KEY UPDATE`) in the decision's transaction. */
  lock: (tx: Transaction, id: bigint) => Promise<Row | undefined>;
  /** True while the item still waits for its decision. */
  isUndecided: (row: Row) => boolean;
  /**
   * Records the decision on the item and applies its effect (a ledger entry, an identity state)
   * in the same transaction; answers the decided row and what the effect left behind (an entry
   * id), which goes into the audit row's `after`.
   */
  apply: (tx: Transaction, row: Row) => Promise<{ decided: Row; effect?: Record<string, unknown> }>;
  /** The item as the audit log shows it, before and after. */
  auditView: (row: Row) => Record<string, unknown>;
  /** Refusal for an item that does not exist; RECORD_NOT_FOUND unless named. */
  notFound?: ErrorCode;
  /** Refusal for an item decided already (spec §4: "do not repeat the operation"); ALREADY_PROCESSED unless named. */
  alreadyDecided?: ErrorCode;
};

export function createDecisionsService({ db, audit }: { db: Database; audit: AuditService }) {
  return {
    /** Decides the item once, with its audit row; answers the decided row. */
    async decideOnce<Row>(actor: AuditActor, decision: OneDecision<Row>): Promise<Row> {
      return db.transaction(async (tx) => {
        const before = await decision.lock(tx, decision.id);
        if (!before) throw new DomainError(decision.notFound ?? 'RECORD_NOT_FOUND');
        if (!decision.isUndecided(before)) {
          throw new DomainError(decision.alreadyDecided ?? 'ALREADY_PROCESSED');
        }
        const { decided, effect } = await decision.apply(tx, before);
        await audit.record(tx, actor, {
          action: decision.action,
          targetType: decision.targetType,
          targetId: decision.id,
          reason: decision.reason,
          before: decision.auditView(before),
          after: { ...decision.auditView(decided), ...effect },
        });
        return decided;
      });
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
