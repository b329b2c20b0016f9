import { DomainError, type Asset, type EntryKind, type EntrySource } from '@beurs/contract';
import type { Clock } from '../core/clock';
import type { Transaction } from '../db/database';
import { isOpenedOnDemand, userAccount, userIdsOf, type Posting } from './ledger-accounts';
import { writeEntry } from './ledger-entries';
import type { Idempotency } from './ledger-idempotency';
import * as repository from './ledger.repository';
import type { HoldState } from './ledger.tables';

// Two-phase holds (ADR 0002): reserve available → frozen; post (in part) from frozen to the
// destinations; release the rest to available, by a final posting or a void. The hold row is locked
// before any account, a fixed order shared by every hold operation.

export type HoldRequest = {
  userId: bigint;
  asset: Asset;
  amountMinor: bigint;
  source: EntrySource;
  memo: string;
  expiresAt: Date | null;
};
export type SettleRequest = {
  holdId: bigint;
  kind: EntryKind;
  source: EntrySource;
  memo: string;
  destinations: readonly Posting[];
  /** Further signed postings in the same entry (other assets: the shares of a fill). */
  otherPostings: readonly Posting[];
  isFinal: boolean;
};

export async function createHold(
  tx: Transaction,
  clock: Clock,
  request: HoldRequest,
  idempotency: Idempotency,
): Promise<{ holdId: bigint; entryId: bigint; isReplay: false }> {
  const available = userAccount(request.userId, request.asset, 'available');
  const frozen = userAccount(request.userId, request.asset, 'frozen');
  if (isOpenedOnDemand(available)) await repository.openAccounts(tx, [available, frozen], clock.now());
  const accounts = await repository.lockAccounts(tx, [available, frozen]);
  const availableRow = accounts.find((account) => account.kind === 'available');
  const frozenRow = accounts.find((account) => account.kind === 'frozen');
  if (!availableRow || !frozenRow)
    throw new Error(`ledger: user ${request.userId} has no ${request.asset} accounts`);
  const holdId = await repository.insertHold(tx, {
    ownerUserId: request.userId,
    asset: request.asset,
    availableAccountId: availableRow.id,
    frozenAccountId: frozenRow.id,
    amountMinor: request.amountMinor,
    source: request.source,
    memo: request.memo,
    expiresAt: request.expiresAt,
    createdAt: clock.now(),
  });
  const postings: Posting[] = [
    { account: available, amountMinor: -request.amountMinor },
    { account: frozen, amountMinor: request.amountMinor },
  ];
  const entryId = await writeEntry(tx, clock, {
    kind: 'hold_reserve',
    memo: request.memo,
    source: request.source,
    holdId,
    entryKey: idempotency.key,
    idempotency: null,
    postings,
  });
  await repository.recordIdempotentResult(tx, idempotency.key, { entryId, holdId });
  return { holdId, entryId, isReplay: false };
}

/**
 * What settling `request` on `hold` (locked, by the caller) writes: the entry's postings — frozen
 * out, the destinations, the rest released to available when final, the other postings — and the
 * hold's new amounts and state. Refuses a closed hold; an over-posting or a foreign asset is a bug.
 */
export function planSettlement(
  hold: repository.HoldRow,
  request: SettleRequest,
  now: Date,
): {
  postings: Posting[];
  hold: { postedMinor: bigint; releasedMinor: bigint; state: HoldState; closedAt: Date | null };
} {
  if (hold.state !== 'pending') throw new DomainError('ALREADY_PROCESSED');
  const postedMinor = request.destinations.reduce((sum, destination) => sum + destination.amountMinor, 0n);
  const remainingMinor = repository.remainingOf(hold);
  if (postedMinor > remainingMinor) {
    throw new Error(
      `ledger: posting ${postedMinor} exceeds what remains of hold ${hold.id} (${remainingMinor})`,
    );
  }
  const releasedMinor = request.isFinal ? remainingMinor - postedMinor : 0n;
  for (const destination of request.destinations) {
    if (destination.account.asset !== hold.asset)
      throw new Error(
        `ledger: hold ${hold.id} holds ${hold.asset}, a destination is in ${destination.account.asset}`,
      );
  }
  const frozen = userAccount(hold.ownerUserId, hold.asset, 'frozen');
  const available = userAccount(hold.ownerUserId, hold.asset, 'available');
  const postings: Posting[] = [
    { account: frozen, amountMinor: -(postedMinor + releasedMinor) },
    ...request.destinations,
  ];
  if (releasedMinor > 0n) postings.push({ account: available, amountMinor: releasedMinor });
  postings.push(...request.otherPostings);
  const next = {
    postedMinor: hold.postedMinor + postedMinor,
    releasedMinor: hold.releasedMinor + releasedMinor,
  };
  const isClosed = next.postedMinor + next.releasedMinor === hold.amountMinor;
  const state: HoldState = !isClosed ? 'pending' : request.destinations.length === 0 ? 'voided' : 'posted';
  return { postings, hold: { ...next, state, closedAt: isClosed ? now : null } };
}

/**
 * Posts and/or releases a pending hold: frozen → destinations, and frozen → available for the rest,
 * with `otherPostings` (other assets) in the same entry.
 */
export async function settleHold(
  tx: Transaction,
  clock: Clock,
  request: SettleRequest,
  idempotency: Idempotency,
): Promise<{ entryId: bigint; isReplay: false; userIds: bigint[] }> {
  const hold = await repository.lockHold(tx, request.holdId);
  if (!hold) throw new Error(`ledger: no hold ${request.holdId}`);
  const plan = planSettlement(hold, request, clock.now());
  const { postings } = plan;
  const onDemand = postings.map((posting) => posting.account).filter(isOpenedOnDemand);
  if (onDemand.length > 0) await repository.openAccounts(tx, onDemand, clock.now());
  const entryId = await writeEntry(tx, clock, {
    kind: request.kind,
    memo: request.memo,
    source: request.source,
    holdId: hold.id,
    entryKey: idempotency.key,
    idempotency: null,
    postings,
  });
  await repository.recordIdempotentResult(tx, idempotency.key, { entryId, holdId: hold.id });
  await repository.updateHold(tx, { id: hold.id, ...plan.hold });
  return { entryId, isReplay: false, userIds: userIdsOf(postings) };
}
