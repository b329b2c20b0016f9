import type { SQLWrapper } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
import { insertChained } from './audit-chain';
import * as repository from './audit.repository';

// The audit log (DESIGN.md §1.10): every staff action records who, when, what, why, before and
// after, in the transaction of the action itself, so an action without its record cannot commit.
// Each row is hash-chained as it is written (ADR 0006; `npm run audit:verify` checks the chain).

export type StaffActor = { staffId: bigint; username: string };
/** A user acting on their own item (cancelling their own pending deposit or withdrawal). */
export type UserActor = { userId: bigint };
/** No one known: a refused staff sign-in with a username no account has (the table allows only that). */
export type NoActor = { isAnonymous: true };
export type AuditActor = StaffActor | UserActor | NoActor;

/**
 * The audit targets that are one user's items (their deposits, withdrawals, …): the audit row of a
 * decision names the item, not its owner, so the user's trail finds it through the item's module.
 * `ids` is a query answering the items' ids as text.
 */
export type OwnedAuditTargets = { targetType: string; ids: SQLWrapper };

export type AuditRecord = {
  action: string;
  targetType: string;
  targetId: bigint | string;
  reason: string;
  before: unknown;
  after: unknown;
};

/** JSON for the jsonb columns: bigints as decimal strings, dates as ISO 8601. */
export function toAuditJson(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, item: unknown) =>
      typeof item === 'bigint' ? item.toString() : item,
    ),
  );
}

export function createAuditService(deps: {
  db: Database;
  clock: Clock;
  /** Names staff by id: the staff module's, which itself writes audit rows (hence a function). */
  staffUsernames: (staffIds: readonly bigint[]) => Promise<Map<bigint, string>>;
  /**
   * The targets owned by a user, from each module that has items staff decide or view (built
   * after this service, hence a function); none when not given (the chain's own tests).
   */
  targetsOwnedBy?: (userId: bigint) => readonly OwnedAuditTargets[];
}) {
  const { db, clock, staffUsernames, targetsOwnedBy = () => [] } = deps;
  return {
    /**
     * Writes one audit entry and its seal with the caller's transaction (required: never outside
     * the action). Audit writes take turns on the chain head's lock until the caller commits.
     */
    async record(tx: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
      const now = clock.now();
      await insertChained(
        tx,
        {
          staffId: 'staffId' in actor ? actor.staffId : null,
          userId: 'userId' in actor ? actor.userId : null,
          action: record.action,
          targetType: record.targetType,
          targetId: record.targetId.toString(),
          reason: record.reason,
          before: toAuditJson(record.before),
          after: toAuditJson(record.after),
          createdAt: now,
        },
        now,
      );
    },

    async list(input: {
      page: number;
      pageSize: number;
      targetType?: string;
      targetId?: string;
      staffId?: string;
      action?: string;
      userId?: string;
      /**
       * Every row about this user: staff actions on the account (target `user`), on the user's
       * items (deposits, withdrawals, identity submissions, corrections, withdrawal bars, …) and
       * the user's own decisions on them.
       */
      aboutUserId?: string;
      from?: string;
      to?: string;
    }) {
      const { rows, total } = await repository.listAuditEntries(db, {
        targetType: input.targetType,
        targetId: input.targetId,
        staffId: input.staffId === undefined ? undefined : BigInt(input.staffId),
        action: input.action,
        userId: input.userId === undefined ? undefined : BigInt(input.userId),
        about:
          input.aboutUserId === undefined
            ? undefined
            : {
                userId: BigInt(input.aboutUserId),
                targets: targetsOwnedBy(BigInt(input.aboutUserId)),
              },
        from: input.from === undefined ? undefined : new Date(input.from),
        to: input.to === undefined ? undefined : new Date(input.to),
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      const usernames = await staffUsernames(
        rows.flatMap((entry) => (entry.staffId === null ? [] : [entry.staffId])),
      );
      return {
        total,
        items: rows.map((entry) => ({
          id: entry.id.toString(),
          staffId: entry.staffId?.toString() ?? null,
          staffUsername: entry.staffId === null ? '' : (usernames.get(entry.staffId) ?? ''),
          userId: entry.userId?.toString() ?? null,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          reason: entry.reason,
          before: entry.before,
          after: entry.after,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
