import { DomainError, currencies, formatCash, type Currency } from '@beurs/contract';
import type { Clock } from '../core/clock';
import type { Database, Executor, Transaction } from '../db/database';
import {
  assertValidAmount,
  isHouseRef,
  refKey,
  userAccount,
  type Posting,
  type UserAccountRef,
} from './ledger-accounts';
import { requestHash } from './ledger-hashing';
import { sealPending, type SealReport } from './ledger-sealer';
import * as repository from './ledger.repository';
import type { HoldState } from './ledger.tables';

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

const KIND_FORMAT = /^[a-z][a-z0-9_]*$/;

export function createLedgerService({ clock }: LedgerServiceDeps) {
  const entryWriter = createEntryWriter(clock);

  return {
    /** Opens the user's EUR and USD available and frozen accounts (safe to call twice). */
    async openUserAccounts(executor: Executor, userId: bigint): Promise<void> {
      await repository.insertUserAccounts(executor, userId, ['available', 'frozen'], clock.now());
    },

    /** Opens further user accounts (margin, loan, escrow) when a feature first needs them. */
    async openUserAccountKinds(executor: Executor, userId: bigint, kinds: readonly UserAccountRef['kind'][]) {
      await repository.insertUserAccounts(executor, userId, kinds, clock.now());
    },

    /** Creates every house account in every currency that does not exist yet. */
    async ensureHouseAccounts(db: Executor): Promise<void> {
      await repository.insertHouseAccounts(db, clock.now());
    },

    async transfer(executor: Executor, input: TransferInput): Promise<TransferResult> {
      assertEntryShape(input.kind, input.postings);
      if (
        input.postings.some((posting) => !isHouseRef(posting.account) && posting.account.kind === 'frozen')
      ) {
        throw new Error('ledger: frozen balances move only through holds (hold, postHold, voidHold)');
      }
      return executor.transaction((tx) =>
        idempotent(
          tx,
          clock,
          input.idempotencyKey,
          'transfer',
          transferRequest(input),
          toTransferReplay,
          async () => {
            const entryId = await entryWriter.write(tx, { ...input, holdId: null });
            return { entryId, isReplay: false };
          },
        ),
      );
    },

    /** Reserves money: available → frozen, recorded as a pending hold. */
    async hold(executor: Executor, input: HoldInput): Promise<HoldResult> {
      assertValidAmount(input.amountMinor, input.currency);
      return executor.transaction((tx) =>
        idempotent(tx, clock, input.idempotencyKey, 'hold', holdRequest(input), toHoldReplay, () =>
          createHold(tx, clock, entryWriter, input),
        ),
      );
    },

    /** Pays (part of) a pending hold out of frozen to its destinations; `isFinal` releases the rest. */
    async postHold(executor: Executor, input: PostHoldInput): Promise<TransferResult> {
      for (const destination of input.destinations) {
        assertValidAmount(destination.amountMinor, destination.account.currency);
      }
      return executor.transaction((tx) =>
        idempotent(
          tx,
          clock,
          input.idempotencyKey,
          'post_hold',
          postHoldRequest(input),
          toTransferReplay,
          () => settleHold(tx, clock, entryWriter, input),
        ),
      );
    },

    /** Releases what remains of a pending hold back to available. */
    async voidHold(executor: Executor, input: VoidHoldInput): Promise<TransferResult> {
      const request = { holdId: input.holdId, memo: input.memo };
      return executor.transaction((tx) =>
        idempotent(tx, clock, input.idempotencyKey, 'void_hold', request, toTransferReplay, () =>
          settleHold(tx, clock, entryWriter, {
            ...input,
            kind: 'hold_release',
            destinations: [],
            isFinal: true,
          }),
        ),
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
    seal: (db: Database): Promise<SealReport> => sealPending(db, clock),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

type EntryRequest = {
  idempotencyKey?: string;
  kind: string;
  memo: string;
  holdId: bigint | null;
  postings: readonly Posting[];
};

/** Locks the touched user balance rows, refuses an overdraft, writes entry and balances. */
function createEntryWriter(clock: Clock) {
  return {
    async write(tx: Transaction, request: EntryRequest): Promise<bigint> {
      assertEntryShape(request.kind, request.postings);
      const accounts = await repository.lockAccounts(
        tx,
        request.postings.map((posting) => posting.account),
      );
      const accountByKey = new Map(accounts.map((account) => [resolvedKey(account), account]));
      const postings = request.postings.map((posting) => {
        const account = accountByKey.get(refKey(posting.account));
        if (!account) throw new Error(`ledger: no account ${refKey(posting.account)} (open it first)`);
        return { accountId: account.id, currency: account.currency, amountMinor: posting.amountMinor };
      });
      const balanceChanges = netUserChanges(postings, accounts);
      return repository.writeEntry(tx, {
        kind: request.kind,
        memo: request.memo,
        holdId: request.holdId,
        idempotencyKey: request.idempotencyKey ?? null,
        createdAt: clock.now(),
        postings,
        balanceChanges,
      });
    },
  };
}
type EntryWriter = ReturnType<typeof createEntryWriter>;

function resolvedKey(account: repository.ResolvedAccount): string {
  const kind = account.kind as never;
  return account.ownerUserId === null
    ? refKey({ house: kind, currency: account.currency })
    : refKey({ userId: account.ownerUserId, kind, currency: account.currency });
}

/** Net change per user balance row; refuses (INSUFFICIENT_BALANCE) any that would go below zero. */
function netUserChanges(
  postings: ReadonlyArray<{ accountId: bigint; amountMinor: bigint }>,
  accounts: readonly repository.ResolvedAccount[],
): Array<{ accountId: bigint; deltaMinor: bigint }> {
  const changes: Array<{ accountId: bigint; deltaMinor: bigint }> = [];
  for (const account of accounts) {
    if (account.balanceMinor === null) continue;
    const deltaMinor = postings
      .filter((posting) => posting.accountId === account.id)
      .reduce((sum, posting) => sum + posting.amountMinor, 0n);
    if (account.balanceMinor + deltaMinor < 0n) {
      throw new DomainError('INSUFFICIENT_BALANCE', {
        currency: account.currency,
        available: formatCash(account.balanceMinor),
      });
    }
    changes.push({ accountId: account.id, deltaMinor });
  }
  return changes;
}

/** Invariants of every entry. Amounts are refusals (user input); balance and shape are bugs. */
function assertEntryShape(kind: string, postings: readonly Posting[]): void {
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

async function idempotent<T>(
  tx: Transaction,
  clock: Clock,
  key: string | undefined,
  operation: string,
  request: Parameters<typeof requestHash>[1],
  replay: (stored: repository.StoredIdempotencyKey) => T,
  work: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return work();
  const hash = requestHash(operation, request);
  const stored = await repository.claimIdempotencyKey(tx, {
    key,
    operation,
    requestHash: hash,
    createdAt: clock.now(),
  });
  if (stored === null) return work();
  if (stored.requestHash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return replay(stored);
}

function toTransferReplay(stored: repository.StoredIdempotencyKey): TransferResult {
  if (stored.entryId === null) throw new Error('ledger: idempotency key stored without its entry');
  return { entryId: stored.entryId, isReplay: true };
}

function toHoldReplay(stored: repository.StoredIdempotencyKey): HoldResult {
  if (stored.entryId === null || stored.holdId === null)
    throw new Error('ledger: hold key stored without its hold');
  return { holdId: stored.holdId, entryId: stored.entryId, isReplay: true };
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

async function createHold(
  tx: Transaction,
  clock: Clock,
  writer: EntryWriter,
  input: HoldInput,
): Promise<HoldResult> {
  const available = userAccount(input.userId, input.currency, 'available');
  const frozen = userAccount(input.userId, input.currency, 'frozen');
  const accounts = await repository.lockAccounts(tx, [available, frozen]);
  const availableRow = accounts.find((account) => account.kind === 'available');
  const frozenRow = accounts.find((account) => account.kind === 'frozen');
  if (!availableRow || !frozenRow)
    throw new Error(`ledger: user ${input.userId} has no ${input.currency} accounts`);
  const holdId = await repository.insertHold(tx, {
    ownerUserId: input.userId,
    currency: input.currency,
    availableAccountId: availableRow.id,
    frozenAccountId: frozenRow.id,
    amountMinor: input.amountMinor,
    memo: input.memo,
    createdAt: clock.now(),
  });
  if (input.idempotencyKey !== undefined)
    await repository.recordIdempotentHold(tx, input.idempotencyKey, holdId);
  const postings: Posting[] = [
    { account: available, amountMinor: -input.amountMinor },
    { account: frozen, amountMinor: input.amountMinor },
  ];
  const entryId = await writer.write(tx, { ...input, kind: 'hold_reserve', holdId, postings });
  return { holdId, entryId, isReplay: false };
}

/** Posts and/or releases a pending hold: frozen → destinations, and frozen → available for the rest. */
async function settleHold(
  tx: Transaction,
  clock: Clock,
  writer: EntryWriter,
  input: PostHoldInput,
): Promise<TransferResult> {
  const hold = await repository.lockHold(tx, input.holdId);
  if (!hold) throw new Error(`ledger: no hold ${input.holdId}`);
  if (hold.state !== 'pending') throw new DomainError('ALREADY_PROCESSED');
  const postedMinor = input.destinations.reduce((sum, destination) => sum + destination.amountMinor, 0n);
  const remainingMinor = repository.remainingOf(hold);
  if (postedMinor > remainingMinor) {
    throw new Error(
      `ledger: posting ${postedMinor} exceeds what remains of hold ${hold.id} (${remainingMinor})`,
    );
  }
  const releasedMinor = input.isFinal ? remainingMinor - postedMinor : 0n;
  const frozen = userAccount(hold.ownerUserId, hold.currency, 'frozen');
  const available = userAccount(hold.ownerUserId, hold.currency, 'available');
  const postings: Posting[] = [
    { account: frozen, amountMinor: -(postedMinor + releasedMinor) },
    ...input.destinations,
  ];
  if (releasedMinor > 0n) postings.push({ account: available, amountMinor: releasedMinor });
  const entryId = await writer.write(tx, { ...input, holdId: hold.id, postings });
  const next = {
    postedMinor: hold.postedMinor + postedMinor,
    releasedMinor: hold.releasedMinor + releasedMinor,
  };
  const isClosed = next.postedMinor + next.releasedMinor === hold.amountMinor;
  const state: HoldState = !isClosed ? 'pending' : input.destinations.length === 0 ? 'voided' : 'posted';
  await repository.updateHold(tx, { id: hold.id, ...next, state, closedAt: isClosed ? clock.now() : null });
  return { entryId, isReplay: false };
}
