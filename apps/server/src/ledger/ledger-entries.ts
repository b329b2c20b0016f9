import { DomainError, formatCash, type Currency } from '@beurs/contract';
import type { Clock } from '../core/clock';
import type { Executor } from '../db/database';
import { assertValidAmount, type Posting } from './ledger-accounts';
import { postEntry, type EntryStatement } from './ledger-entry.statement';

// Writing one entry, shared by transfers and holds: the invariants every entry must meet, and the
// translation of the statement's outcome into a result, a refusal or a bug.

const KIND_FORMAT = /^[a-z][a-z0-9_]*$/;

export type EntryRequest = Omit<EntryStatement, 'createdAt'>;

/** Writes an entry that must not be refused for its key (holds claim keys themselves). */
export async function writeEntry(executor: Executor, clock: Clock, request: EntryRequest): Promise<bigint> {
  assertEntryShape(request.kind, request.postings);
  const outcome = await postEntry(executor, { ...request, createdAt: clock.now() });
  switch (outcome.outcome) {
    case 'written':
      return outcome.entryId;
    case 'overdrawn':
      throw insufficientBalance(outcome.currency, outcome.balanceMinor);
    case 'unknown_account':
      throw unknownAccount(request.postings);
    case 'key_used':
      throw new Error('ledger: writeEntry got a keyed request; transfers handle their own keys');
  }
}

export function insufficientBalance(currency: Currency, availableMinor: bigint): DomainError {
  return new DomainError('INSUFFICIENT_BALANCE', { currency, available: formatCash(availableMinor) });
}

export function unknownAccount(postings: readonly Posting[]): Error {
  return new Error(
    `ledger: an account of ${JSON.stringify(postings, (_, value) => (typeof value === 'bigint' ? `${value}` : value))} does not exist (open it first)`,
  );
}

/** Invariants of every entry. Amounts are refusals (user input); balance and shape are bugs. */
export function assertEntryShape(kind: string, postings: readonly Posting[]): void {
  if (!KIND_FORMAT.test(kind)) throw new Error(`ledger: entry kind "${kind}" is not snake_case`);
  if (postings.length < 2) throw new Error('ledger: an entry needs at least two postings');
  const sums = new Map<Currency, bigint>();
  for (const posting of postings) {
    const magnitude = posting.amountMinor < 0n ? -posting.amountMinor : posting.amountMinor;
    assertValidAmount(magnitude, posting.account.currency);
    sums.set(posting.account.currency, (sums.get(posting.account.currency) ?? 0n) + posting.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n)
      throw new Error(`ledger: postings do not balance in ${currency} (off by ${sum} minor units)`);
  }
}
