import {
  DomainError,
  currencies,
  isCashAsset,
  type Asset,
  type Currency,
  type EntryKind,
  type EntrySource,
  type SourceType,
} from '@beurs/contract';
import type { Clock } from '../core/clock';
import { afterCommit, type CommitTopic } from '../db/after-commit';
import { isPgError, type Database, type Executor, type Transaction } from '../db/database';
import {
  assertValidAmount,
  isHouseRef,
  isOpenedOnDemand,
  refKey,
  userAccount,
  userIdsOf,
  type Posting,
} from './ledger-accounts';
import { assertEntryShape, insufficientBalance, unknownAccount } from './ledger-entries';
import { postEntry, type EntryOutcome } from './ledger-entry.statement';
import { createHold, planSettlement, settleHold, type SettleRequest } from './ledger-holds';
import { settleHolds, type BatchSettlement } from './ledger-settle-batch.statement';
import { postHolds, type HoldsAlongside } from './ledger-hold-batch.statement';
import {
  claimFirst,
  idempotencyOf,
  readStoredKey,
  replayedEntry,
  runIsolated,
  type Idempotency,
} from './ledger-idempotency';
import * as publication from './ledger-publication';
import { sealPending, type SealingSettings, type SealReport } from './ledger-sealer';
import type { LedgerSigner } from './ledger-signing';
import {
  selectHouseSourceSums,
  selectUserCashEntries,
  type UserCashEntriesQuery,
} from './ledger-records.repository';
import * as repository from './ledger.repository';
import type { UserAccountKind } from './ledger.tables';

// The ledger's service: the only way money moves (DESIGN.md §1.3). Refusals are DomainErrors; a
// broken invariant (unbalanced postings, an unknown account, an over-posted hold) is a bug and
// throws a plain Error. Every call runs in its own transaction, or in a savepoint of the caller's.
// After a money move commits (its own transaction, or the caller's outermost one), the ledger tells
// its `onBalancesChanged` listeners which users' balances changed: once per committed transaction,
// never for a rolled-back one (db/after-commit.ts), never for a replayed key (nothing moved).

export type LedgerServiceDeps = {
  clock: Clock;
  /** The server's: the configured key and deadline (ADR 0007). Absent: unsigned, no deadline (ledger tests). */
  sealing?: SealingSettings;
};

export type TransferInput = {
  /**
   * Required on every money-moving call. Same key and same request → the first result; same key,
   * other request → IDEMPOTENCY_KEY_REUSED.
   */
  idempotencyKey: string;
  kind: EntryKind;
  /** The record the entry belongs to (the deposit, the exchange, the fill, …). */
  source: EntrySource;
  memo: string;
  /** Signed postings that balance per asset. */
  postings: readonly Posting[];
};
export type TransferResult = { entryId: bigint; isReplay: boolean };

export type HoldInput = {
  idempotencyKey: string;
  userId: bigint;
  asset: Asset;
  amountMinor: bigint;
  source: EntrySource;
  memo: string;
  /** A pending hold is released after this instant (the hold-expiry job). */
  expiresAt?: Date;
};
export type HoldResult = { holdId: bigint; entryId: bigint; isReplay: boolean };
export type { HoldsAlongside };

export type PostHoldInput = {
  idempotencyKey: string;
  holdId: bigint;
  kind: EntryKind;
  source: EntrySource;
  memo: string;
  /** Where the posted amount goes: positive, in the hold's asset, summing to what leaves the hold. */
  destinations: readonly Posting[];
  /** Further signed postings in the same entry, in other assets (a buy fill's shares). */
  otherPostings?: readonly Posting[];
  /** Release whatever remains of the hold to the user's available balance in the same entry. */
  isFinal?: boolean;
};
export type VoidHoldInput = { idempotencyKey: string; holdId: bigint; source: EntrySource; memo: string };

/** Told after commit which users' balances an entry or hold changed (each user once). */
export type BalancesChangedListener = (userIds: ReadonlySet<bigint>) => void;

/** A pending hold past its expiry, as the module that owns its source is told of it. */
export type ExpiringHold = { holdId: bigint; userId: bigint; source: EntrySource; expiresAt: Date };
/**
 * Called inside the release's transaction before the ledger locks the hold, so the owner locks its
 * own row first (the order its own cancel path takes) and makes it follow (an order ends expired).
 * It must not move the hold's money itself; if the hold turns out closed already (a cancel won),
 * the whole transaction rolls back, the owner's change with it.
 */
export type HoldExpiryFollower = (tx: Transaction, hold: ExpiringHold) => Promise<void>;

/** How many expired holds one pass reads at a time (each is released in its own transaction). */
const EXPIRY_BATCH = 100;

export type UserBalance = { asset: Asset; available: bigint; frozen: bigint };
export type CashBalance = { currency: Currency; available: bigint; frozen: bigint };

/** A batch of hold settlements refused as a whole (a key used before): settle them one by one. */
export class SettlementBatchRefused extends Error {}

/** A plain transfer or `otherPostings` never touch a frozen account: only holds do. */
function assertNoFrozen(postings: readonly Posting[]): void {
  if (postings.some((posting) => !isHouseRef(posting.account) && posting.account.kind === 'frozen')) {
    throw new Error('ledger: frozen balances move only through holds (hold, postHold, voidHold)');
  }
}

export function createLedgerService({
  clock,
  sealing = { signer: null, deadlineMs: null },
}: LedgerServiceDeps) {
  const listeners = new Set<BalancesChangedListener>();
  const balancesChanged: CommitTopic<bigint> = {
    publish(userIds) {
      for (const listener of listeners) {
        try {
          listener(userIds);
        } catch (error) {
          // The money has moved and committed; a failing listener must not make the caller think
          // otherwise. It is reported, and the others still run.
          process.emitWarning(
            error instanceof Error ? error : new Error(String(error)),
            'LedgerListenerWarning',
          );
        }
      }
    },
  };
  /** Notes the users an entry touched, for the listeners once its transaction commits. */
  function announce<T extends TransferResult | HoldResult>(
    executor: Executor,
    result: T & { userIds?: readonly bigint[] },
  ): T {
    const { userIds, ...answer } = result;
    if (!result.isReplay && userIds) afterCommit(executor, balancesChanged, userIds);
    return answer as unknown as T;
  }
  const followers = new Map<SourceType, HoldExpiryFollower>();

  /**
   * Releases what remains of one expired hold, once: the owner follows first (its row lock), then
   * the hold is locked and voided with a key of its own; a hold closed meanwhile releases nothing.
   */
  async function releaseExpired(db: Database, hold: repository.ExpiredHoldRow): Promise<boolean> {
    const memo = `Expired ${hold.expiresAt.toISOString()}: ${hold.memo}`;
    const idempotency = idempotencyOf(`hold:${hold.id}:expired`, 'void_hold', {
      holdId: hold.id,
      source: sourceRequest(hold.source),
      memo,
    });
    const request = voidRequest(hold.id, hold.source, memo);
    const follower = followers.get(hold.source.type);
    try {
      const result = await db.transaction(async (tx) => {
        await follower?.(tx, {
          holdId: hold.id,
          userId: hold.ownerUserId,
          source: hold.source,
          expiresAt: hold.expiresAt,
        });
        return claimFirst<Settled>(tx, clock, idempotency, toEntryReplay, () =>
          settleHold(tx, clock, request, idempotency),
        );
      });
      announce(db, result);
      return !result.isReplay;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'ALREADY_PROCESSED') return false;
      throw error;
    }
  }

  /**
   * Settles many holds (`postHoldMany`, `voidHoldMany`) in the caller's transaction: the holds
   * locked in ascending id order, each settlement planned as the one-by-one call plans it, then
   * every entry, posting, balance, key and hold written by one statement.
   */
  async function settleMany(
    tx: Transaction,
    items: readonly { idempotency: Idempotency; request: SettleRequest }[],
  ): Promise<TransferResult[]> {
    if (items.length === 0) return [];
    const now = clock.now();
    const holds = new Map(
      (
        await repository.lockHolds(
          tx,
          items.map(({ request }) => request.holdId),
        )
      ).map((hold) => [hold.id, hold]),
    );
    const settlements = items.map(({ idempotency, request }): BatchSettlement => {
      const hold = holds.get(request.holdId);
      if (!hold) throw new Error(`ledger: no hold ${request.holdId}`);
      const plan = planSettlement(hold, request, now);
      assertEntryShape({ ...request, idempotencyKey: idempotency.key, postings: plan.postings });
      return {
        holdId: request.holdId,
        kind: request.kind,
        source: request.source,
        memo: request.memo,
        idempotencyKey: idempotency.key,
        operation: idempotency.operation === 'void_hold' ? 'void_hold' : 'post_hold',
        requestHash: idempotency.requestHash,
        postings: plan.postings,
        hold: plan.hold,
      };
    });
    const onDemand = settlements
      .flatMap((settlement) => settlement.postings.map((posting) => posting.account))
      .filter(isOpenedOnDemand);
    if (onDemand.length > 0) await repository.openAccounts(tx, onDemand, now);
    const outcome = await settleHolds(tx, settlements, now);
    switch (outcome.outcome) {
      case 'key_used':
        throw new SettlementBatchRefused('an idempotency key of the batch was used before');
      case 'unknown_account':
        throw unknownAccount(settlements.flatMap((settlement) => settlement.postings));
      case 'overdrawn':
        throw insufficientBalance(outcome.asset as Asset, outcome.balanceMinor);
      case 'written':
        afterCommit(
          tx,
          balancesChanged,
          settlements.flatMap((settlement) => userIdsOf(settlement.postings)),
        );
        return outcome.entryIds.map((entryId) => ({ entryId, isReplay: false }));
    }
  }

  return {
    /**
     * Subscribes to "balances changed": after each committed transaction that moved money, the ids
     * of the users whose accounts its entries and holds touched. Answers the unsubscribe function.
     */
    onBalancesChanged(listener: BalancesChangedListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The module that owns holds of this source type follows when one of them expires. */
    onHoldExpired(sourceType: SourceType, follower: HoldExpiryFollower): void {
      if (followers.has(sourceType))
        throw new Error(`ledger: holds of ${sourceType} already have a follower`);
      followers.set(sourceType, follower);
    },

    /**
     * Releases what remains of every pending hold whose `expires_at` is at or before `now` (the
     * `ledger.release-expired-holds` job): each in its own transaction, as a void entry with the
     * hold's source, once however many passes run at the same time. Answers how many it released.
     */
    async releaseExpiredHolds(
      db: Database,
      now: Date,
      options: { batchSize?: number } = {},
    ): Promise<number> {
      const batchSize = options.batchSize ?? EXPIRY_BATCH;
      let released = 0;
      let after: repository.ExpiredHoldRow | null = null;
      for (;;) {
        const due = await repository.selectExpiredHolds(db, now, batchSize, after);
        for (const hold of due) if (await releaseExpired(db, hold)) released += 1;
        after = due.at(-1) ?? null;
        if (due.length < batchSize) return released;
      }
    },

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

    /**
     * Opens the user's available and frozen accounts of a crypto or security asset and the house's
     * inventory account of it (safe to call twice). Entries open them on first use anyway.
     */
    async openAssetAccounts(executor: Executor, userId: bigint, asset: Asset): Promise<void> {
      await repository.openAccounts(executor, [userAccount(userId, asset)], clock.now());
    },

    /** Creates every house account in every currency that does not exist yet. */
    async ensureHouseAccounts(db: Executor): Promise<void> {
      await repository.insertHouseAccounts(db, clock.now());
    },

    /** Moves assets: signed postings that balance per asset. One statement, one commit. */
    async transfer(executor: Executor, input: TransferInput): Promise<TransferResult> {
      assertEntryShape(input);
      assertNoFrozen(input.postings);
      const onDemand = input.postings.map((posting) => posting.account).filter(isOpenedOnDemand);
      if (onDemand.length > 0) await repository.openAccounts(executor, onDemand, clock.now());
      const result = await postTransfer(executor, clock, input);
      return announce(executor, { ...result, userIds: userIdsOf(input.postings) });
    },

    /** Reserves money: available → frozen, recorded as a pending hold. */
    async hold(executor: Executor, input: HoldInput): Promise<HoldResult> {
      assertValidAmount(input.amountMinor, input.asset);
      const idempotency = idempotencyOf(input.idempotencyKey, 'hold', holdRequest(input));
      const request = { ...input, expiresAt: input.expiresAt ?? null };
      const result = await executor.transaction((tx) =>
        claimFirst(tx, clock, idempotency, toHoldReplay, () => createHold(tx, clock, request, idempotency)),
      );
      return announce(executor, { ...result, userIds: [input.userId] });
    },

    /**
     * Many holds in one statement (placement under load): each input as `hold` would take it, with
     * its own answer — the hold, or INSUFFICIENT_BALANCE for that input alone. Inputs name distinct
     * (user, asset) balances. A key used before is handed to `hold` (it replays or refuses).
     */
    async holdMany(
      executor: Executor,
      inputs: readonly HoldInput[],
      options: {
        /**
         * The caller's own rows written by the same statement, for the inputs held (see
         * `HoldsAlongside`). An input whose key was used before is then refused, not replayed.
         */
        alongside?: HoldsAlongside;
      } = {},
    ): Promise<Array<HoldResult | Error>> {
      const batch = inputs.map((input) => {
        assertValidAmount(input.amountMinor, input.asset);
        const idempotency = idempotencyOf(input.idempotencyKey, 'hold', holdRequest(input));
        return { ...input, expiresAt: input.expiresAt ?? null, requestHash: idempotency.requestHash };
      });
      const onDemand = batch
        .flatMap((input) => [
          userAccount(input.userId, input.asset),
          userAccount(input.userId, input.asset, 'frozen'),
        ])
        .filter(isOpenedOnDemand);
      if (onDemand.length > 0) await repository.openAccounts(executor, onDemand, clock.now());
      const outcomes = await postHolds(executor, batch, clock.now(), options.alongside);
      const held = batch.flatMap((input, index) =>
        outcomes[index]?.outcome === 'held' ? [input.userId] : [],
      );
      if (held.length > 0) afterCommit(executor, balancesChanged, held);
      return Promise.all(
        outcomes.map(async (outcome, index): Promise<HoldResult | Error> => {
          const input = inputs[index] as HoldInput;
          switch (outcome.outcome) {
            case 'held':
              return { holdId: outcome.holdId, entryId: outcome.entryId, isReplay: false };
            case 'overdrawn':
              return insufficientBalance(input.asset, outcome.availableMinor);
            case 'unknown_account':
              return new Error(`ledger: user ${input.userId} has no ${input.asset} accounts`);
            case 'key_used':
              if (options.alongside) return new Error(`ledger: hold key ${input.idempotencyKey} used before`);
              return this.hold(executor, input).catch((error: unknown) =>
                error instanceof Error ? error : new Error(String(error)),
              );
          }
        }),
      );
    },

    /**
     * Pays (part of) a pending hold out of frozen to its destinations, with `otherPostings` (other
     * assets) in the same entry; `isFinal` releases the rest. Balanced per asset.
     */
    async postHold(executor: Executor, input: PostHoldInput): Promise<TransferResult> {
      for (const destination of input.destinations) {
        assertValidAmount(destination.amountMinor, destination.account.asset);
      }
      const otherPostings = input.otherPostings ?? [];
      assertNoFrozen(otherPostings);
      const idempotency = idempotencyOf(input.idempotencyKey, 'post_hold', postHoldRequest(input));
      const request = { ...input, otherPostings, isFinal: input.isFinal ?? false };
      const result = await executor.transaction((tx) =>
        claimFirst<Settled>(tx, clock, idempotency, toEntryReplay, () =>
          settleHold(tx, clock, request, idempotency),
        ),
      );
      return announce(executor, result);
    },

    /**
     * Several `postHold`s in the caller's transaction, in two statements however many (a tick's
     * fills): the holds locked in ascending id order, each settlement worked out as `postHold`
     * would (a closed hold refuses the whole batch with ALREADY_PROCESSED, an over-posting is a
     * bug), then every entry written at once. All or nothing: when a key was used before, the batch
     * throws `SettlementBatchRefused` and writes nothing, so the caller can post one by one (each
     * then replays or refuses on its own). Holds must be distinct.
     */
    async postHoldMany(tx: Transaction, inputs: readonly PostHoldInput[]): Promise<TransferResult[]> {
      return settleMany(
        tx,
        inputs.map((input) => {
          for (const destination of input.destinations) {
            assertValidAmount(destination.amountMinor, destination.account.asset);
          }
          const otherPostings = input.otherPostings ?? [];
          assertNoFrozen(otherPostings);
          return {
            idempotency: idempotencyOf(input.idempotencyKey, 'post_hold', postHoldRequest(input)),
            request: { ...input, otherPostings, isFinal: input.isFinal ?? false },
          };
        }),
      );
    },

    /**
     * Several `transfer`s in the caller's transaction in one statement (the batch statement of
     * `postHoldMany`, its entries naming no hold): each entry, its postings, balances and key as
     * `transfer` writes them. All or nothing: when a key was used before, an account is missing or a
     * balance would go negative, nothing is written and each is transferred one by one instead
     * (which replays or refuses it on its own).
     */
    async transferMany(tx: Transaction, inputs: readonly TransferInput[]): Promise<TransferResult[]> {
      if (inputs.length === 0) return [];
      const now = clock.now();
      const settlements = inputs.map((input): BatchSettlement => {
        assertEntryShape(input);
        assertNoFrozen(input.postings);
        const idempotency = idempotencyOf(input.idempotencyKey, 'transfer', transferRequest(input));
        return {
          holdId: null,
          kind: input.kind,
          source: input.source,
          memo: input.memo,
          idempotencyKey: idempotency.key,
          operation: 'transfer',
          requestHash: idempotency.requestHash,
          postings: input.postings,
          hold: null,
        };
      });
      const onDemand = inputs
        .flatMap((input) => input.postings.map((posting) => posting.account))
        .filter(isOpenedOnDemand);
      if (onDemand.length > 0) await repository.openAccounts(tx, onDemand, now);
      const outcome = await settleHolds(tx, settlements, now);
      if (outcome.outcome !== 'written') {
        const answers: TransferResult[] = [];
        for (const input of inputs) answers.push(await this.transfer(tx, input));
        return answers;
      }
      afterCommit(
        tx,
        balancesChanged,
        inputs.flatMap((input) => userIdsOf(input.postings)),
      );
      return outcome.entryIds.map((entryId) => ({ entryId, isReplay: false }));
    },

    /**
     * Several `voidHold`s in the caller's transaction, as `postHoldMany` settles them (two
     * statements however many; all or nothing, SettlementBatchRefused when a key was used before).
     * Each key is recorded as `voidHold` records it, so a later `voidHold` with it replays.
     */
    async voidHoldMany(tx: Transaction, inputs: readonly VoidHoldInput[]): Promise<TransferResult[]> {
      return settleMany(
        tx,
        inputs.map((input) => ({
          idempotency: idempotencyOf(input.idempotencyKey, 'void_hold', {
            holdId: input.holdId,
            source: sourceRequest(input.source),
            memo: input.memo,
          }),
          request: voidRequest(input.holdId, input.source, input.memo),
        })),
      );
    },

    /** Releases what remains of a pending hold back to available. */
    async voidHold(executor: Executor, input: VoidHoldInput): Promise<TransferResult> {
      const idempotency = idempotencyOf(input.idempotencyKey, 'void_hold', {
        holdId: input.holdId,
        source: sourceRequest(input.source),
        memo: input.memo,
      });
      const request = voidRequest(input.holdId, input.source, input.memo);
      const result = await executor.transaction((tx) =>
        claimFirst<Settled>(tx, clock, idempotency, toEntryReplay, () =>
          settleHold(tx, clock, request, idempotency),
        ),
      );
      return announce(executor, result);
    },

    /** Available and frozen per asset: EUR and USD always, then every other asset held. */
    getUserBalances: userBalances,

    /** The user's EUR and USD balances of one further account kind (margin, loan, escrow); 0 when never opened. */
    async getUserKindCash(executor: Executor, userId: bigint, kind: UserAccountKind) {
      return kindCashOf(await repository.selectUserBalances(executor, userId), kind);
    },

    /** `getUserBalances` and `getUserKindCash` of any kind from one read of the user's accounts. */
    async getUserBalanceSheet(executor: Executor, userId: bigint) {
      const rows = await repository.selectUserBalances(executor, userId);
      return {
        balances: balancesOf(rows),
        cashOfKind: (kind: UserAccountKind) => kindCashOf(rows, kind),
      };
    },

    /** `getUserKindCash` of many users in one statement (the margin level's tick, issue 16). */
    async getUsersKindCash(executor: Executor, userIds: readonly bigint[], kind: UserAccountKind) {
      const rows = await repository.selectUsersKindBalances(executor, userIds, kind);
      const balances = new Map(rows.map((row) => [`${row.userId}:${row.asset}`, row.balanceMinor]));
      return new Map(
        userIds.map((userId) => [
          userId,
          currencies.map((currency) => ({
            currency,
            balanceMinor: balances.get(`${userId}:${currency}`) ?? 0n,
          })),
        ]),
      );
    },

    /** Available and frozen in EUR and USD only (always both): what the cash screens show. */
    async getCashBalances(executor: Executor, userId: bigint): Promise<CashBalance[]> {
      const balances = await userBalances(executor, userId);
      return currencies.map((currency) => {
        const balance = balances.find((candidate) => candidate.asset === currency);
        return { currency, available: balance?.available ?? 0n, frozen: balance?.frozen ?? 0n };
      });
    },

    /**
     * The user's cash records, newest first, paged: each entry that moved the user's EUR or USD
     * (available or frozen), per currency, with its source; `sourceTypes` narrows to those sources.
     */
    listUserCashEntries: (executor: Executor, userId: bigint, query: UserCashEntriesQuery) =>
      selectUserCashEntries(executor, userId, query),

    /** Postings on one house account by entries of these sources, summed per source and kind. */
    houseSourceSums: (executor: Executor, query: Parameters<typeof selectHouseSourceSums>[1]) =>
      selectHouseSourceSums(executor, query),

    /** House balances, summed from postings. */
    getHouseBalances: (executor: Executor) => repository.selectHouseBalances(executor),

    /** Seals committed entries into the hash chain (one sealer at a time across all nodes). */
    seal: (db: Database, options?: { isFullScan?: boolean }): Promise<SealReport> =>
      sealPending(db, clock, sealing, options),

    /** The chain head as published: newest seal's sequence, hash, time and signature. */
    head: (executor: Executor) => publication.selectHead(executor),

    /** A head signed now over the Merkle root of every seal (checkpoints and receipts). */
    signedHead: (executor: Executor) => publication.signedHead(executor, requireSigner(), clock.now()),

    /** A receipt for one of the user's entries against a head signed now; null when not sealed yet. */
    receipt: (executor: Executor, userId: bigint, entryId: bigint) =>
      publication.receipt(executor, requireSigner(), clock.now(), userId, entryId),

    /** The public key that checks seals, heads and receipts ("ed25519:…"); null without a key. */
    publicKeyText: sealing.signer?.publicKeyText ?? null,
  };

  function requireSigner(): LedgerSigner {
    if (!sealing.signer) throw new Error('ledger: no signing key configured');
    return sealing.signer;
  }
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** A hold's settlement as the service sees it: a replay, or the entry and the users it touched. */
type Settled = TransferResult & { userIds?: readonly bigint[] };

/** A void: no destination, the rest released to available. */
const voidRequest = (holdId: bigint, source: EntrySource, memo: string) => ({
  holdId,
  kind: 'hold_release' as const,
  source,
  memo,
  destinations: [],
  otherPostings: [],
  isFinal: true,
});

/**
 * Available and frozen per asset: EUR and USD always (zero when never used), then every crypto and
 * security asset the user holds (available or frozen not zero), in asset order.
 */
async function userBalances(executor: Executor, userId: bigint): Promise<UserBalance[]> {
  return balancesOf(await repository.selectUserBalances(executor, userId));
}

type UserAccountRows = Awaited<ReturnType<typeof repository.selectUserBalances>>;

function kindCashOf(rows: UserAccountRows, kind: UserAccountKind) {
  return currencies.map((currency) => ({
    currency,
    balanceMinor: rows.find((row) => row.asset === currency && row.kind === kind)?.balanceMinor ?? 0n,
  }));
}

function balancesOf(rows: UserAccountRows): UserBalance[] {
  const balanceOf = (asset: Asset, kind: string) =>
    rows.find((row) => row.asset === asset && row.kind === kind)?.balanceMinor ?? 0n;
  const held = [...new Set(rows.map((row) => row.asset))].filter((asset) => !isCashAsset(asset));
  return [...currencies, ...held]
    .map((asset) => ({ asset, available: balanceOf(asset, 'available'), frozen: balanceOf(asset, 'frozen') }))
    .filter((balance) => isCashAsset(balance.asset) || balance.available !== 0n || balance.frozen !== 0n);
}

/** A transfer is one statement; its key is checked and recorded in that same statement. */
async function postTransfer(executor: Executor, clock: Clock, input: TransferInput): Promise<TransferResult> {
  const idempotency = idempotencyOf(input.idempotencyKey, 'transfer', transferRequest(input));
  const statement = {
    kind: input.kind,
    memo: input.memo,
    source: input.source,
    holdId: null,
    entryKey: idempotency.key,
    idempotency,
    createdAt: clock.now(),
    postings: input.postings,
  };
  let outcome: EntryOutcome;
  try {
    outcome = await runIsolated(executor, true, (target) => postEntry(target, statement));
  } catch (error) {
    // A concurrent call with the same key committed first: answer as it did.
    if (isPgError(error, '23505')) return replayTransfer(executor, idempotency, error);
    throw error;
  }
  switch (outcome.outcome) {
    case 'written':
      return { entryId: outcome.entryId, isReplay: false };
    case 'key_used':
      return replayedEntry(outcome.stored, idempotency);
    case 'unknown_account':
      throw unknownAccount(input.postings);
    case 'overdrawn':
      // The money may have gone to a concurrent call with this very key: then that is the answer.
      {
        const stored = await readStoredKey(executor, idempotency.key);
        if (stored) return replayedEntry(stored, idempotency);
      }
      throw insufficientBalance(outcome.asset, outcome.balanceMinor);
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

function toHoldReplay(stored: repository.StoredKey): HoldResult {
  if (stored.entryId === null || stored.holdId === null)
    throw new Error('ledger: hold key stored without its hold');
  return { holdId: stored.holdId, entryId: stored.entryId, isReplay: true };
}

function toEntryReplay(stored: repository.StoredKey): TransferResult {
  if (stored.entryId === null) throw new Error('ledger: idempotency key stored without its entry');
  return { entryId: stored.entryId, isReplay: true };
}

const postingsRequest = (postings: readonly Posting[]) =>
  postings.map((posting) => ({ account: refKey(posting.account), amountMinor: posting.amountMinor }));

const sourceRequest = (source: EntrySource) => ({ type: source.type, id: source.id });

const transferRequest = (input: TransferInput) => ({
  kind: input.kind,
  source: sourceRequest(input.source),
  memo: input.memo,
  postings: postingsRequest(input.postings),
});

const holdRequest = (input: HoldInput) => ({
  userId: input.userId,
  asset: input.asset,
  amountMinor: input.amountMinor,
  source: sourceRequest(input.source),
  memo: input.memo,
  expiresAt: input.expiresAt ?? null,
});

const postHoldRequest = (input: PostHoldInput) => ({
  holdId: input.holdId,
  kind: input.kind,
  source: sourceRequest(input.source),
  memo: input.memo,
  destinations: postingsRequest(input.destinations),
  otherPostings: postingsRequest(input.otherPostings ?? []),
  isFinal: input.isFinal ?? false,
});
