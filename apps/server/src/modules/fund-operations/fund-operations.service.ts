import type { Transaction } from '../../db/database';
import type { UsersService } from '../users/users.service';

// What deposits, withdrawals and exchanges share. Idempotency of the user's money-moving calls
// (request-hash.ts). One pending fund operation at a time per user: deposits and withdrawals lock
// the user's row for their transaction and then ask each fund module whether the user has a
// pending operation of its kind; each module answers from its own table (it registers how when it
// is built). The partial unique indexes (one pending deposit, one pending withdrawal) back this up
// in the schema.

export { replayOrRefuse, requestHash, requireIdempotencyKey, writeOnce } from './request-hash';

export type PendingKind = 'deposit' | 'withdrawal';
type PendingCheck = (tx: Transaction, userId: bigint) => Promise<boolean>;

export function createFundOperationsService({ users }: { users: UsersService }) {
  const pendingChecks = new Map<PendingKind, PendingCheck>();

  async function hasPending(kind: PendingKind, tx: Transaction, userId: bigint): Promise<boolean> {
    const check = pendingChecks.get(kind);
    if (!check) throw new Error(`no pending check registered for ${kind}`);
    return check(tx, userId);
  }

  return {
    /** A fund module says how to find a user's pending operation of its kind (once, when built). */
    registerPendingCheck(kind: PendingKind, check: PendingCheck): void {
      pendingChecks.set(kind, check);
    },

    /** Locks the user's row until the transaction ends; answers false when there is no such user. */
    async lockUser(tx: Transaction, userId: bigint): Promise<boolean> {
      return (await users.lock(tx, userId)) !== undefined;
    },

    /** What the user has pending; call it after `lockUser` when the answer decides a write. */
    async findPending(tx: Transaction, userId: bigint) {
      return {
        hasPendingDeposit: await hasPending('deposit', tx, userId),
        hasPendingWithdrawal: await hasPending('withdrawal', tx, userId),
      };
    },
  };
}

export type FundOperationsService = ReturnType<typeof createFundOperationsService>;
