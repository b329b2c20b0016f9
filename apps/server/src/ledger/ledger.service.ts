import { currencies, type Currency } from '@beurs/contract';
import type { Clock } from '../core/clock';
import { isPgError, type Database, type Executor } from '../db/database';
import { assertValidAmount, isHouseRef, refKey, type Posting } from './ledger-accounts';
import { assertEntryShape, insufficientBalance, unknownAccount } from './ledger-entries';
import { postEntry, type EntryOutcome, type StoredKey } from './ledger-entry.statement';
import { createHold, settleHold } from './ledger-holds';
import {
  claimFirst,
  idempotencyOf,
  readStoredKey,
  replayedEntry,
  runIsolated,
  type Idempotency,
} from './ledger-idempotency';
import { sealPending, type SealReport } from './ledger-sealer';
import * as repository from './ledger.repository';
import type { UserAccountKind } from './ledger.tables';

// The ledger's service: the only way money moves (DESIGN.md §1.3). Refusals are DomainErrors; a
// broken invariant (unbalanced postings, an unknown account, an over-posted hold) is a bug and
// throws a plain Error. Every call runs in its own transaction, or in a savepoint of the caller's.

export type LedgerServiceDeps = { clock: Clock };

export type TransferInput = {
  /** Same key and same request → the first result; same key, other request → IDEMPOTENCY_KEY_REUSED. */
  idempotencyKey?: string;
  /** snake_case: `deposit`, `withdrawal`, `order_fill`, `correction`, … */
  kind: string;
  memo: string;
  postings: readonly Posting[];
};
export type TransferResult = { entryId: bigint; isReplay: boolean };

export type HoldInput = {
  idempotencyKey?: string;
  userId: bigint;
  currency: Currency;
  amountMinor: bigint;
  memo: string;
};
export type HoldResult = { holdId: bigint; entryId: bigint; isReplay: boolean };

export type PostHoldInput = {
  idempotencyKey?: string;
  holdId: bigint;
  kind: string;
  memo: string;
  /** Where the posted money goes; positive amounts, summing to what leaves the hold. */
  destinations: readonly Posting[];
  /** Release whatever remains of the hold to the user's available balance in the same entry. */
  isFinal?: boolean;
};
export type VoidHoldInput = { idempotencyKey?: string; holdId: bigint; memo: string };

export type UserBalance = { currency: Currency; available: bigint; frozen: bigint };

export function createLedgerService({ clock }: LedgerServiceDeps) {
  return {
    /** Opens the user's EUR and USD available and frozen accounts (safe to call twice). */
    async openUserAccounts(executor: Executor, userId: bigint): Promise<void> {
      await repository.insertUserAccounts(executor, userId, ['available', 'frozen'], clock.now());
    },

    /** Opens further user accounts (margin, loan, escrow) when a feature first needs them. */
    async openUserAccountKinds(
      executor: Executor,
      userId: bigint,
      kinds: readonly UserAccountKind[],
    ): Promise<void> {
      await repository.insertUserAccounts(executor, userId, kinds, clock.now());
    },

    /** Creates every house account in every currency that does not exist yet. */
    async ensureHouseAccounts(db: Executor): Promise<void> {
      await repository.insertHouseAccounts(db, clock.now());
    },

    /** Moves money: signed postings that balance per currency. One statement, one commit. */
    async transfer(executor: Executor, input: TransferInput): Promise<TransferResult> {
      assertEntryShape(input.kind, input.postings);
      if (
        input.postings.some((posting) => !isHouseRef(posting.account) && posting.account.kind === 'frozen')
      ) {
        throw new Error('ledger: frozen balances move only through holds (hold, postHold, voidHold)');
      }
      return postTransfer(executor, clock, input);
    },

    /** Reserves money: available → frozen, recorded as a pending hold. */
    async hold(executor: Executor, input: HoldInput): Promise<HoldResult> {
      assertValidAmount(input.amountMinor, input.currency);
      const idempotency = idempotencyOf(input.idempotencyKey, 'hold', holdRequest(input));
      return executor.transaction((tx) =>
        claimFirst(tx, clock, idempotency, toHoldReplay, () => createHold(tx, clock, input, idempotency)),
      );
    },

    /** Pays (part of) a pending hold out of frozen to its destinations; `isFinal` releases the rest. */
    async postHold(executor: Executor, input: PostHoldInput): Promise<TransferResult> {
      for (const destination of input.destinations) {
        assertValidAmount(destination.amountMinor, destination.account.currency);
      }
      const idempotency = idempotencyOf(input.idempotencyKey, 'post_hold', postHoldRequest(input));
      const request = { ...input, isFinal: input.isFinal ?? false };
      return executor.transaction((tx) =>
        claimFirst(tx, clock, idempotency, toEntryReplay, () => settleHold(tx, clock, request, idempotency)),
      );
    },

    /** Releases what remains of a pending hold back to available. */
    async voidHold(executor: Executor, input: VoidHoldInput): Promise<TransferResult> {
      const idempotency = idempotencyOf(input.idempotencyKey, 'void_hold', {
        holdId: input.holdId,
        memo: input.memo,
      });
      const request = {
        holdId: input.holdId,
        kind: 'hold_release',
        memo: input.memo,
        destinations: [],
        isFinal: true,
      };
      return executor.transaction((tx) =>
        claimFirst(tx, clock, idempotency, toEntryReplay, () => settleHold(tx, clock, request, idempotency)),
      );
    },

    /** Available and frozen per currency (EUR and USD always present, zero when never used). */
    async getUserBalances(executor: Executor, userId: bigint): Promise<UserBalance[]> {
      const rows = await repository.selectUserBalances(executor, userId);
      const balanceOf = (currency: Currency, kind: string) =>
        rows.find((row) => row.currency === currency && row.kind === kind)?.balanceMinor ?? 0n;
      return currencies.map((currency) => ({
        currency,
        available: balanceOf(currency, 'available'),
        frozen: balanceOf(currency, 'frozen'),
      }));
    },

    /** House balances, summed from postings. */
    getHouseBalances: (executor: Executor) => repository.selectHouseBalances(executor),

    /** Seals committed entries into the hash chain (one sealer at a time across all nodes). */
    seal: (db: Database, options?: { isFullScan?: boolean }): Promise<SealReport> =>
      sealPending(db, clock, options),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** A transfer is one statement; its key is checked and recorded in that same statement. */
async function postTransfer(executor: Executor, clock: Clock, input: TransferInput): Promise<TransferResult> {
  const idempotency = idempotencyOf(input.idempotencyKey, 'transfer', transferRequest(input));
  const statement = {
    kind: input.kind,
    memo: input.memo,
    holdId: null,
    entryKey: idempotency?.key ?? null,
    idempotency,
    createdAt: clock.now(),
    postings: input.postings,
  };
  let outcome: EntryOutcome;
  try {
    outcome = await runIsolated(executor, idempotency !== null, (target) => postEntry(target, statement));
  } catch (error) {
    // A concurrent call with the same key committed first: answer as it did.
    if (idempotency && isPgError(error, '23505')) return replayTransfer(executor, idempotency, error);
    throw error;
  }
  switch (outcome.outcome) {
    case 'written':
      return { entryId: outcome.entryId, isReplay: false };
    case 'key_used':
      return replayedEntry(outcome.stored, idempotency as Idempotency);
    case 'unknown_account':
      throw unknownAccount(input.postings);
    case 'overdrawn':
      // The money may have gone to a concurrent call with this very key: then that is the answer.
      if (idempotency) {
        const stored = await readStoredKey(executor, idempotency.key);
        if (stored) return replayedEntry(stored, idempotency);
      }
      throw insufficientBalance(outcome.currency, outcome.balanceMinor);
  }
}

async function replayTransfer(
  executor: Executor,
  idempotency: Idempotency,
  cause: unknown,
): Promise<TransferResult> {
  const stored = await readStoredKey(executor, idempotency.key);
  if (!stored) throw cause;
  return replayedEntry(stored, idempotency);
}

function toHoldReplay(stored: StoredKey): HoldResult {
  if (stored.entryId === null || stored.holdId === null)
    throw new Error('ledger: hold key stored without its hold');
  return { holdId: stored.holdId, entryId: stored.entryId, isReplay: true };
}

function toEntryReplay(stored: StoredKey): TransferResult {
  if (stored.entryId === null) throw new Error('ledger: idempotency key stored without its entry');
  return { entryId: stored.entryId, isReplay: true };
}

const postingsRequest = (postings: readonly Posting[]) =>
  postings.map((posting) => ({ account: refKey(posting.account), amountMinor: posting.amountMinor }));

const transferRequest = (input: TransferInput) => ({
  kind: input.kind,
  memo: input.memo,
  postings: postingsRequest(input.postings),
});

const holdRequest = (input: HoldInput) => ({
  userId: input.userId,
  currency: input.currency,
  amountMinor: input.amountMinor,
  memo: input.memo,
});

const postHoldRequest = (input: PostHoldInput) => ({
  holdId: input.holdId,
  kind: input.kind,
  memo: input.memo,
  destinations: postingsRequest(input.destinations),
  isFinal: input.isFinal ?? false,
});
