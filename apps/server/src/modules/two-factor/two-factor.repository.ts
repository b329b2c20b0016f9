import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { twoFactorRecoveryCodes, twoFactorSecrets } from './two-factor.tables';

export type Owner = { kind: 'user' | 'staff'; id: bigint };

const secretOf = (owner: Owner) =>
  and(eq(twoFactorSecrets.ownerKind, owner.kind), eq(twoFactorSecrets.ownerId, owner.id));
const codesOf = (owner: Owner) =>
  and(eq(twoFactorRecoveryCodes.ownerKind, owner.kind), eq(twoFactorRecoveryCodes.ownerId, owner.id));

export async function findSecret(db: Executor, owner: Owner) {
  const rows = await db.select().from(twoFactorSecrets).where(secretOf(owner)).limit(1);
  return rows[0];
}

/** Replaces a secret that is not on yet; false when one is on. */
export async function saveUnconfirmedSecret(db: Executor, owner: Owner, secretBase32: string, now: Date) {
  const rows = await db
    .insert(twoFactorSecrets)
    .values({ ownerKind: owner.kind, ownerId: owner.id, secretBase32, createdAt: now })
    .onConflictDoUpdate({
      target: [twoFactorSecrets.ownerKind, twoFactorSecrets.ownerId],
      set: { secretBase32, createdAt: now, lastStep: -1n },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ ownerId: twoFactorSecrets.ownerId });
  return rows.length === 1;
}

/**
 * Accepts the code of time step `step` once: the row moves to `step` only from an older step, so
 * of two requests with the same code (or an older one) only the first gets a row back.
 */
export async function acceptStep(db: Executor, owner: Owner, step: bigint, confirmAt: Date | null) {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
    .where(and(secretOf(owner), lt(twoFactorSecrets.lastStep, step)))
    .returning({ ownerId: twoFactorSecrets.ownerId });
  return rows.length === 1;
}

export async function insertRecoveryCodes(db: Executor, owner: Owner, codeHashes: readonly string[]) {
  await db.delete(twoFactorRecoveryCodes).where(codesOf(owner));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ ownerKind: owner.kind, ownerId: owner.id, codeHash })));
}

/** Uses a recovery code once; false when it is unknown or used. */
export async function useRecoveryCode(db: Executor, owner: Owner, codeHash: string, now: Date) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        codesOf(owner),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, owner: Owner): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(codesOf(owner), isNull(twoFactorRecoveryCodes.usedAt)));
  return rows[0]?.total ?? 0;
}

export async function deleteTwoFactor(db: Executor, owner: Owner): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(codesOf(owner));
  await db.delete(twoFactorSecrets).where(secretOf(owner));
}
