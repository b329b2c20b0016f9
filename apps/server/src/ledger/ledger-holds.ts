import { DomainError, type Currency } from '@beurs/contract';
import type { Clock } from '../core/clock';
import type { Transaction } from '../db/database';
import { userAccount, type Posting } from './ledger-accounts';
import { writeEntry } from './ledger-entries';
import type { Idempotency } from './ledger-idempotency';
import * as repository from './ledger.repository';
import type { HoldState } from './ledger.tables';

// Two-phase holds (ADR 0002): reserve available → frozen; post (in part) from frozen to the
// destinations; release the rest to available, by a final posting or a void. The hold row is locked
// before any account, a fixed order shared by every hold operation.

export type HoldRequest = { userId: bigint; currency: Currency; amountMinor: bigint; memo: string };
export type SettleRequest = {
  holdId: bigint;
  kind: string;
  memo: string;
  destinations: readonly Posting[];
  isFinal: boolean;
};

export async function createHold(
  tx: Transaction,
  clock: Clock,
  request: HoldRequest,
  idempotency: Idempotency | null,
): Promise<{ holdId: bigint; entryId: bigint; isReplay: false }> {
  const available = userAccount(request.userId, request.currency, 'available');
  const frozen = userAccount(request.userId, request.currency, 'frozen');
  const accounts = await repository.lockAccounts(tx, [available, frozen]);
  const availableRow = accounts.find((account) => account.kind === 'available');
  const frozenRow = accounts.find((account) => account.kind === 'frozen');
  if (!availableRow || !frozenRow)
    throw new Error(`ledger: user ${request.userId} has no ${request.currency} accounts`);
  const holdId = await repository.insertHold(tx, {
    ownerUserId: request.userId,
    currency: request.currency,
    availableAccountId: availableRow.id,
    frozenAccountId: frozenRow.id,
    amountMinor: request.amountMinor,
    memo: request.memo,
    createdAt: clock.now(),
  });
  const postings: Posting[] = [
    { account: available, amountMinor: -request.amountMinor },
    { account: frozen, amountMinor: request.amountMinor },
  ];
  const entryId = await writeEntry(tx, clock, {
    kind: 'hold_reserve',
    memo: request.memo,
    holdId,
    entryKey: idempotency?.key ?? null,
    idempotency: null,
    postings,
  });
  if (idempotency) await repository.recordIdempotentResult(tx, idempotency.key, { entryId, holdId });
  return { holdId, entryId, isReplay: false };
}

/** Posts and/or releases a pending hold: frozen → destinations, and frozen → available for the rest. */
export async function settleHold(
  tx: Transaction,
  clock: Clock,
  request: SettleRequest,
  idempotency: Idempotency | null,
): Promise<{ entryId: bigint; isReplay: false }> {
  const hold = await repository.lockHold(tx, request.holdId);
  if (!hold) throw new Error(`ledger: no hold ${request.holdId}`);
  if (hold.state !== 'pending') throw new DomainError('ALREADY_PROCESSED');
  const postedMinor = request.destinations.reduce((sum, destination) => sum + destination.amountMinor, 0n);
  const remainingMinor = repository.remainingOf(hold);
  if (postedMinor > remainingMinor) {
    throw new Error(
      `ledger: posting ${postedMinor} exceeds what remains of hold ${hold.id} (${remainingMinor})`,
    );
  }
  const releasedMinor = request.isFinal ? remainingMinor - postedMinor : 0n;
  const frozen = userAccount(hold.ownerUserId, hold.currency, 'frozen');
  const available = userAccount(hold.ownerUserId, hold.currency, 'available');
  const postings: Posting[] = [
    { account: frozen, amountMinor: -(postedMinor + releasedMinor) },
    ...request.destinations,
  ];
  if (releasedMinor > 0n) postings.push({ account: available, amountMinor: releasedMinor });
  const entryId = await writeEntry(tx, clock, {
    kind: request.kind,
    memo: request.memo,
    holdId: hold.id,
    entryKey: idempotency?.key ?? null,
    idempotency: null,
    postings,
  });
  if (idempotency) await repository.recordIdempotentResult(tx, idempotency.key, { entryId, holdId: hold.id });
  const next = {
    postedMinor: hold.postedMinor + postedMinor,
    releasedMinor: hold.releasedMinor + releasedMinor,
  };
  const isClosed = next.postedMinor + next.releasedMinor === hold.amountMinor;
  const state: HoldState = !isClosed ? 'pending' : request.destinations.length === 0 ? 'voided' : 'posted';
  await repository.updateHold(tx, { id: hold.id, ...next, state, closedAt: isClosed ? clock.now() : null });
  return { entryId, isReplay: false };
}
