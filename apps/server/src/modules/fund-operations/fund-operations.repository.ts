import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { deposits } from '../deposits/deposits.tables';
import { users } from '../users/users.tables';
import { withdrawals } from '../withdrawals/withdrawals.tables';

// One pending fund operation at a time per user: deposits and withdrawals both lock the user's row
// for their transaction and then look at what is pending in either table. The partial unique
// indexes (one pending deposit, one pending withdrawal) back this up in the schema.

/** Locks the user's row until the transaction ends; answers false when the user does not exist. */
export async function lockUserForFunds(tx: Executor, userId: bigint): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length === 1;
}

export async function pendingOperations(tx: Executor, userId: bigint) {
  const [deposit, withdrawal] = await Promise.all([
    tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending')))
      .limit(1),
    tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')))
      .limit(1),
  ]);
  return { hasPendingDeposit: deposit.length > 0, hasPendingWithdrawal: withdrawal.length > 0 };
}
