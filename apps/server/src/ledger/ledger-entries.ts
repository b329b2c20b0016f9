import {
  DomainError,
  assetScale,
  entryKinds,
  formatDecimal,
  isAsset,
  sourceTypes,
  type Asset,
  type EntrySource,
} from '@beurs/contract';
import type { Clock } from '../core/clock';
import type { Executor } from '../db/database';
import { assertValidAmount, type Posting } from './ledger-accounts';
import { postEntry, type EntryStatement } from './ledger-entry.statement';

// Writing one entry, shared by transfers and holds: the invariants every entry must meet, and the
// translation of the statement's outcome into a result, a refusal or a bug.

export type EntryRequest = Omit<EntryStatement, 'createdAt'>;

/** Writes an entry that must not be refused for its key (holds claim keys themselves). */
export async function writeEntry(executor: Executor, clock: Clock, request: EntryRequest): Promise<bigint> {
  assertEntryShape({ ...request, idempotencyKey: request.entryKey });
  const outcome = await postEntry(executor, { ...request, createdAt: clock.now() });
  switch (outcome.outcome) {
    case 'written':
      return outcome.entryId;
    case 'overdrawn':
      throw insufficientBalance(outcome.asset, outcome.balanceMinor);
    case 'unknown_account':
      throw unknownAccount(request.postings);
    case 'key_used':
      throw new Error('ledger: writeEntry got a keyed request; transfers handle their own keys');
  }
}

/** `currency` names the asset (EUR, `sec:ABI.BR`, …); `available` is at the asset's scale. */
export function insufficientBalance(asset: Asset, availableMinor: bigint): DomainError {
  return new DomainError('INSUFFICIENT_BALANCE', {
    currency: asset,
    available: formatDecimal(availableMinor, assetScale(asset)),
  });
}

export function unknownAccount(postings: readonly Posting[]): Error {
  return new Error(
    `ledger: an account of ${JSON.stringify(postings, (_, value) => (typeof value === 'bigint' ? `${value}` : value))} does not exist (open it first)`,
  );
}

/**
 * Invariants of every entry. Amounts are refusals (user input); balance, shape, an unknown kind or
 * source, a malformed asset and a missing key are bugs.
 */
export function assertEntryShape(request: {
  kind: string;
  source: EntrySource;
  idempotencyKey: string;
  postings: readonly Posting[];
}): void {
  const { kind, source, postings } = request;
  if (!(entryKinds as readonly string[]).includes(kind))
    throw new Error(`ledger: unknown entry kind "${kind}"`);
  if (!(sourceTypes as readonly string[]).includes(source.type))
    throw new Error(`ledger: unknown source type "${source.type}"`);
  if (source.id.length === 0) throw new Error('ledger: an entry needs the id of its source');
  if (typeof request.idempotencyKey !== 'string' || request.idempotencyKey.length === 0)
    throw new Error('ledger: every money-moving call needs an idempotency key');
  if (postings.length < 2) throw new Error('ledger: an entry needs at least two postings');
  const sums = new Map<Asset, bigint>();
  for (const posting of postings) {
    if (!isAsset(posting.account.asset))
      throw new Error(`ledger: "${posting.account.asset}" is not an asset`);
    const magnitude = posting.amountMinor < 0n ? -posting.amountMinor : posting.amountMinor;
    assertValidAmount(magnitude, posting.account.asset);
    sums.set(posting.account.asset, (sums.get(posting.account.asset) ?? 0n) + posting.amountMinor);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n)
      throw new Error(`ledger: postings do not balance in ${asset} (off by ${sum} minor units)`);
  }
}
