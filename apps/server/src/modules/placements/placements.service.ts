import {
  allocatePlacement,
  DomainError,
  formatCash,
  formatDecimal,
  parseDecimal,
  scales,
  tradableMarkets,
  type Currency,
  type PlacementPhase,
  type PlacementSubscriptionState,
  type TradableMarket,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor, Transaction } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import {
  describeFixedPriceSubscriptions,
  sourceIdsOf,
  type RecordDetails,
  type RecordEntry,
} from '../../ledger/record-sources';
import type { AuditService, StaffActor } from '../audit/audit.service';
import {
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { IdentityService } from '../identity/identity.service';
import type { MarketService } from '../market/market.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import { fixedPricePreview, wholeLotQuantity, type TradingService } from '../trading/trading.service';
import type { UsersService } from '../users/users.service';
import * as repository from './placements.repository';
import type { PlacementRow, PlacementSubscriptionRow } from './placements.repository';

// Placements ("block trades", issue 17 item 4; DESIGN.md §1 rule 6), built like the IPO offerings:
//
// - Staff create a placement of a listed instrument at a fixed price for a window (audited).
// - Subscribing freezes price × quantity + fee at once (a ledger hold, source `placement`); a user
//   without the money is refused and nothing is frozen. The daily limit counts the shares the user
//   requested from the placement on the Brussels calendar day, under the user's row lock, so
//   parallel subscriptions cannot pass it together.
// - At the close a job (`offerings.placement-allocation`) settles each due placement in one
//   transaction, its row claimed FOR UPDATE SKIP LOCKED so two nodes settle it once: the published
//   rule `allocatePlacement` (pro-rata in whole lots, largest remainder, ties to the earlier id),
//   each allocation an `allotment` order filled from the hold by the trading module (the IPO's fill
//   path), the rest released in that entry; a request without shares has its hold voided. Both in
//   batches of 1,000 (`trading.allotMany`, `ledger.voidHoldMany`), as the IPO draw.
// - Staff may close a placement early (audited): every hold voided, every subscriber refunded.

export type PlacementsServiceDeps = {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  trading: TradingService;
  identity: IdentityService;
  restrictions: RestrictionsService;
  audit: AuditService;
  users: UsersService;
  timeZone: string;
  /** In live mode the simulator creates nothing: a row recorded as its own is never offered. */
  mode: 'demo' | 'live';
};

/** How many requests the allocation settles per statement (see allocate). */
const ALLOCATION_CHUNK = 1_000;

/** Who creates a placement: a staff member (audited), or in demo mode the simulator (its nth). */
export type PlacementCreator = StaffActor | { simulatorRound: number };

type CreateInput = {
  symbol: string;
  name: string;
  price: bigint;
  blockQuantity: string;
  lotSize: string;
  minimumQuantity: string;
  dailyLimit: string;
  feeBasisPoints: number;
  feeMinimum?: bigint | undefined;
  opensAt: string;
  closesAt: string;
  reason: string;
};

const wholeShares = (text: string): bigint | null => {
  const value = parseDecimal(text, 0);
  return value === null || value <= 0n ? null : value;
};

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function phaseOf(placement: PlacementRow, now: Date): PlacementPhase {
  if (placement.closedEarlyAt) return 'closed_early';
  if (placement.settledAt) return 'allocated';
  if (now < placement.opensAt) return 'upcoming';
  if (now < placement.closesAt) return 'open';
  return 'closed';
}

export function subscriptionStateOf(
  placement: PlacementRow,
  row: PlacementSubscriptionRow,
): PlacementSubscriptionState {
  if (row.allocatedQuantity === null) return 'requested';
  if (placement.closedEarlyAt) return 'refunded';
  return row.allocatedQuantity > 0n ? 'allocated' : 'not_allocated';
}

export function createPlacementsService(deps: PlacementsServiceDeps) {
  const { db, clock, ledger, market, trading, identity, restrictions, audit, users, timeZone, mode } = deps;
  /** Live mode lists and offers staff placements only (a simulator row there was not made by the app). */
  const offersSimulatorRows = mode === 'demo';

  const feeOf = (placement: PlacementRow) => ({
    basisPoints: placement.feeBasisPoints,
    minimumMinor: placement.feeMinimumMinor,
  });

  const costsOf = (placement: PlacementRow, quantity: bigint) =>
    trading.primaryCosts({
      quantityMinor: quantity,
      quantityScale: 0,
      priceMinor: placement.priceMinor,
      currency: placement.currency,
      fee: feeOf(placement),
    });

  function presentPlacement(
    placement: PlacementRow,
    totals: { quantity: bigint; count: number } | undefined,
    now: Date,
  ) {
    return {
      id: placement.id.toString(),
      symbol: placement.symbol,
      name: placement.name,
      market: placement.market as TradableMarket,
      currency: placement.currency,
      price: formatDecimal(placement.priceMinor, scales.price),
      blockQuantity: placement.blockQuantity.toString(),
      lotSize: placement.lotSize.toString(),
      minimumQuantity: placement.minimumQuantity.toString(),
      dailyLimit: placement.dailyLimit.toString(),
      feeBasisPoints: placement.feeBasisPoints,
      feeMinimum: formatCash(placement.feeMinimumMinor),
      opensAt: placement.opensAt.toISOString(),
      closesAt: placement.closesAt.toISOString(),
      phase: phaseOf(placement, now),
      quantityRequested: (totals?.quantity ?? 0n).toString(),
      subscriptionCount: totals?.count ?? 0,
      quantityAllocated: placement.quantityAllocated?.toString() ?? null,
      settledAt: placement.settledAt?.toISOString() ?? null,
      closedEarlyAt: placement.closedEarlyAt?.toISOString() ?? null,
      closeReason: placement.closeReason,
    };
  }

  function presentSubscription(placement: PlacementRow, row: PlacementSubscriptionRow) {
    return {
      id: row.id.toString(),
      placementId: placement.id.toString(),
      symbol: placement.symbol,
      name: placement.name,
      state: subscriptionStateOf(placement, row),
      quantity: row.quantity.toString(),
      lots: Number(row.quantity / placement.lotSize),
      price: formatDecimal(placement.priceMinor, scales.price),
      currency: placement.currency,
      gross: formatCash(row.grossMinor),
      fee: formatCash(row.feeMinor),
      frozen: formatCash(row.frozenMinor),
      allocatedQuantity: row.allocatedQuantity?.toString() ?? null,
      paid: row.paidMinor === null ? null : formatCash(row.paidMinor),
      released: row.releasedMinor === null ? null : formatCash(row.releasedMinor),
      orderId: row.orderId?.toString() ?? null,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  async function present(executor: Executor, rows: PlacementRow[]) {
    const now = clock.now();
    const totals = await repository.totalsOf(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentPlacement(row, totals.get(row.id), now));
  }

  const presentForStaff = async (executor: Executor, rows: PlacementRow[]) =>
    (await present(executor, rows)).map((item, index) => ({
      ...item,
      createdBy: rows[index]!.createdBy,
      createdByStaffId: rows[index]!.createdByStaffId?.toString() ?? null,
      createdAt: rows[index]!.createdAt.toISOString(),
    }));

  /** A placement a user may see: absent, or closed early (off shelf), is PRODUCT_UNAVAILABLE. */
  async function requireListed(executor: Executor, id: bigint) {
    const placement = await repository.findPlacement(executor, id);
    if (!placement || placement.closedEarlyAt) throw new DomainError('PRODUCT_UNAVAILABLE');
    if (placement.createdBy === 'simulator' && !offersSimulatorRows)
      throw new DomainError('PRODUCT_UNAVAILABLE');
    return placement;
  }

  /** Whole shares: a whole number of lots, at least the minimum. */

  /** Before the window SUBSCRIPTION_NOT_OPEN; after it, or once settled, BLOCK_TRADE_CLOSED. */
  function assertWindowOpen(placement: PlacementRow, now: Date) {
    if (placement.closedEarlyAt) throw new DomainError('PRODUCT_UNAVAILABLE');
    if (now < placement.opensAt) {
      throw new DomainError('SUBSCRIPTION_NOT_OPEN', { opensAt: placement.opensAt.toISOString() });
    }
    if (now >= placement.closesAt || placement.settledAt) throw new DomainError('BLOCK_TRADE_CLOSED');
  }

  const available = async (executor: Executor, userId: bigint, currency: Currency) =>
    (await ledger.getCashBalances(executor, userId)).find((balance) => balance.currency === currency)
      ?.available ?? 0n;

  const releaseKey = (row: PlacementSubscriptionRow) => `placement-subscription:${row.id}:release`;

  async function release(
    tx: Transaction,
    placement: PlacementRow,
    row: PlacementSubscriptionRow,
    memo: string,
  ) {
    await ledger.voidHold(tx, {
      idempotencyKey: releaseKey(row),
      holdId: row.holdId,
      source: { type: 'placement', id: row.id.toString() },
      memo,
    });
  }

  async function allocate(tx: Transaction, placement: PlacementRow, now: Date) {
    const subscriptions = await repository.subscriptionsOf(tx, placement.id);
    const outcome = allocatePlacement(
      Number(placement.blockQuantity / placement.lotSize),
      subscriptions.map((row) => ({ id: row.id.toString(), lots: Number(row.quantity / placement.lotSize) })),
    );
    const winners: { row: PlacementSubscriptionRow; allocated: bigint }[] = [];
    const losers: PlacementSubscriptionRow[] = [];
    for (const row of subscriptions) {
      const allocated = BigInt(outcome.lotsAllocated.get(row.id.toString()) ?? 0) * placement.lotSize;
      if (allocated === 0n) losers.push(row);
      else winners.push({ row, allocated });
    }
    // In batches, as the IPO draw's settlement: each statement carries ALLOCATION_CHUNK requests at most.
    for (let start = 0; start < losers.length; start += ALLOCATION_CHUNK) {
      const chunk = losers.slice(start, start + ALLOCATION_CHUNK);
      await ledger.voidHoldMany(
        tx,
        chunk.map((row) => ({
          idempotencyKey: releaseKey(row),
          holdId: row.holdId,
          source: { type: 'placement' as const, id: row.id.toString() },
          memo: `Not allocated in the placement of ${placement.symbol}: ${formatCash(row.frozenMinor)} ${placement.currency} released`,
        })),
      );
      await repository.setSubscriptionsSettled(
        tx,
        chunk.map((row) => ({
          id: row.id,
          allocatedQuantity: 0n,
          paidMinor: 0n,
          releasedMinor: row.frozenMinor,
          orderId: null,
        })),
        now,
      );
    }
    let allocatedTotal = 0n;
    for (let start = 0; start < winners.length; start += ALLOCATION_CHUNK) {
      const chunk = winners.slice(start, start + ALLOCATION_CHUNK);
      const allotted = await trading.allotMany(
        tx,
        chunk.map(({ row, allocated }) => ({
          origin: 'placement' as const,
          userId: row.userId,
          subscriptionId: row.id,
          offeringId: placement.id,
          symbol: placement.symbol,
          quantityMinor: allocated,
          priceMinor: placement.priceMinor,
          currency: placement.currency,
          fee: feeOf(placement),
          holdId: row.holdId,
          frozenMinor: row.frozenMinor,
        })),
      );
      await repository.setSubscriptionsSettled(
        tx,
        chunk.map(({ row, allocated }, index) => {
          const { order, paidMinor } = allotted[index]!;
          allocatedTotal += allocated;
          return {
            id: row.id,
            allocatedQuantity: allocated,
            paidMinor,
            releasedMinor: row.frozenMinor - paidMinor,
            orderId: order.id,
          };
        }),
        now,
      );
    }
    await repository.setSettled(tx, placement.id, {
      settledAt: now,
      closedEarlyAt: null,
      closeReason: null,
      quantityAllocated: allocatedTotal,
    });
  }

  return {
    /**
     * Staff create a placement of a listed instrument (audited); in demo mode the simulator too,
     * through the same checks, recorded as the simulator's (its round, no staff audit row).
     */
    async create(actor: PlacementCreator, input: CreateInput) {
      const instrument = market.instrumentOf(input.symbol);
      if (
        !(tradableMarkets as readonly string[]).includes(instrument.market) ||
        instrument.market === 'crypto' ||
        instrument.quantityScale !== 0
      ) {
        throw new DomainError('INSTRUMENT_NOT_TRADABLE', { symbol: input.symbol });
      }
      const blockQuantity = wholeShares(input.blockQuantity);
      const lotSize = wholeShares(input.lotSize);
      const minimumQuantity = wholeShares(input.minimumQuantity);
      const dailyLimit = wholeShares(input.dailyLimit);
      if (
        blockQuantity === null ||
        lotSize === null ||
        minimumQuantity === null ||
        dailyLimit === null ||
        blockQuantity % lotSize !== 0n ||
        minimumQuantity % lotSize !== 0n ||
        dailyLimit % lotSize !== 0n
      ) {
        throw new DomainError('QUANTITY_NOT_WHOLE_LOTS', { lotSize: Number(lotSize ?? 1n), decimals: 0 });
      }
      if (dailyLimit < minimumQuantity) {
        throw new DomainError('VALIDATION_FAILED', { issues: 'dailyLimit must be at least minimumQuantity' });
      }
      const now = clock.now();
      if (new Date(input.closesAt) <= now) {
        throw new DomainError('VALIDATION_FAILED', { issues: 'closesAt must be in the future' });
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertPlacement(tx, {
          symbol: instrument.symbol,
          name: input.name,
          market: instrument.market as TradableMarket,
          currency: instrument.currency as Currency,
          priceMinor: input.price,
          blockQuantity,
          lotSize,
          minimumQuantity,
          dailyLimit,
          feeBasisPoints: input.feeBasisPoints,
          feeMinimumMinor: input.feeMinimum ?? 0n,
          opensAt: new Date(input.opensAt),
          closesAt: new Date(input.closesAt),
          ...('staffId' in actor
            ? { createdBy: 'staff' as const, createdByStaffId: actor.staffId }
            : { createdBy: 'simulator' as const, demoRound: actor.simulatorRound }),
          createdAt: now,
        });
        if ('staffId' in actor) {
          await audit.record(tx, actor, {
            action: 'placement.create',
            targetType: 'placement',
            targetId: inserted.id,
            reason: input.reason,
            before: null,
            after: presentPlacement(inserted, undefined, now),
          });
        }
        return inserted;
      });
      return (await presentForStaff(db, [row]))[0]!;
    },

    async listForStaff(input: { page: number; pageSize: number }) {
      const { total, rows } = await repository.listPlacements(db, input.page, input.pageSize);
      return { total, items: await presentForStaff(db, rows) };
    },

    async list(input: { page: number; pageSize: number }) {
      const { total, rows } = await repository.listPlacements(db, input.page, input.pageSize, {
        staffOnly: !offersSimulatorRows,
      });
      return { total, items: await present(db, rows) };
    },

    async detail(userId: bigint, id: bigint) {
      const placement = await requireListed(db, id);
      const now = clock.now();
      const [presented] = await present(db, [placement]);
      const own = await repository.userSubscriptionsTo(db, userId, id);
      const today = await repository.userQuantityOnDay(db, userId, id, dayIn(timeZone, now));
      const isOpen = phaseOf(placement, now) === 'open';
      const left = placement.dailyLimit - today;
      return {
        placement: presented!,
        subscriptions: own.map((row) => presentSubscription(placement, row)),
        dailyLeft: (isOpen && left > 0n ? left : 0n).toString(),
      };
    },

    /** What subscribing would freeze; writes nothing. */
    async preview(userId: bigint, input: { id: string; quantity: string }) {
      const placement = await requireListed(db, BigInt(input.id));
      const quantity = wholeLotQuantity(placement, input.quantity);
      const costs = costsOf(placement, quantity);
      const availableMinor = await available(db, userId, placement.currency);
      return fixedPricePreview({
        quantity,
        lotSize: placement.lotSize,
        currency: placement.currency,
        costs,
        availableMinor,
      });
    },

    /** Subscribes once per idempotency key: the window, the quantity, the daily limit, then the hold. */
    async subscribe(userId: bigint, input: { id: string; quantity: string }, keyHeader: string | undefined) {
      const key = requireIdempotencyKey(keyHeader);
      const hash = requestHash({ id: input.id, quantity: input.quantity });
      const earlier = replayOrRefuse(await repository.findSubscriptionByKey(db, userId, key), hash);
      if (earlier) {
        const placement = await repository.findPlacement(db, earlier.placementId);
        if (!placement) throw new DomainError('PRODUCT_UNAVAILABLE');
        return presentSubscription(placement, earlier);
      }
      const placementId = BigInt(input.id);
      const placement = await requireListed(db, placementId);
      assertWindowOpen(placement, clock.now());
      const quantity = wholeLotQuantity(placement, input.quantity);
      await restrictions.assertAllowed(userId, 'trade');
      await identity.requireVerified(userId);
      const costs = costsOf(placement, quantity);
      const row = await writeOnce({
        hash,
        findByKey: () => repository.findSubscriptionByKey(db, userId, key),
        write: () =>
          db.transaction(async (tx) => {
            // The user's row lock serialises their subscriptions: the daily sum below is exact.
            await users.lock(tx, userId);
            const raced = replayOrRefuse(await repository.findSubscriptionByKey(tx, userId, key), hash);
            if (raced) return raced;
            const locked = await repository.lockPlacementShared(tx, placementId);
            if (!locked) throw new DomainError('PRODUCT_UNAVAILABLE');
            const now = clock.now();
            assertWindowOpen(locked, now);
            const day = dayIn(timeZone, now);
            const today = await repository.userQuantityOnDay(tx, userId, placementId, day);
            if (today + quantity > locked.dailyLimit) {
              const left = locked.dailyLimit - today;
              throw new DomainError('BLOCK_TRADE_DAILY_LIMIT', {
                limit: locked.dailyLimit.toString(),
                left: (left > 0n ? left : 0n).toString(),
              });
            }
            const inserted = await repository.insertSubscription(tx, {
              placementId,
              userId,
              day,
              quantity,
              grossMinor: costs.grossMinor,
              feeMinor: costs.fee.amountMinor,
              frozenMinor: costs.totalPayMinor,
              holdId: 0n,
              idempotencyKey: key,
              requestHash: hash,
              createdAt: now,
            });
            // Refused for want of money, the transaction rolls back: no subscription, nothing frozen.
            const hold = await ledger.hold(tx, {
              idempotencyKey: `placement-subscription:${inserted.id}:hold`,
              userId,
              asset: placement.currency,
              amountMinor: costs.totalPayMinor,
              source: { type: 'placement', id: inserted.id.toString() },
              memo: `Placement: ${quantity} ${placement.symbol} at ${formatDecimal(placement.priceMinor, scales.price)} ${placement.currency}: ${formatCash(costs.grossMinor)} + fee ${formatCash(costs.fee.amountMinor)} frozen`,
            });
            return repository.setSubscriptionHold(tx, inserted.id, hold.holdId);
          }),
      });
      return presentSubscription(placement, row);
    },

    /** The records of the user's placement subscriptions (source `placement`: the subscription's id). */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.userSubscriptionsByIds(db, userId, sourceIdsOf(entries));
      return describeFixedPriceSubscriptions('placement', entries, rows, {
        byIds: (ids) => repository.placementsByIds(db, ids),
        idOf: (row) => row.placementId,
        termsOf: (placement) => ({ ...placement, isClosedEarly: placement.closedEarlyAt !== null }),
      });
    },

    async subscriptions(userId: bigint, input: { page: number; pageSize: number }) {
      const { total, rows } = await repository.listUserSubscriptions(db, userId, input.page, input.pageSize);
      const placements = new Map(
        (await repository.placementsByIds(db, [...new Set(rows.map((row) => row.placementId))])).map(
          (placement) => [placement.id, placement],
        ),
      );
      return {
        total,
        items: rows.flatMap((row) => {
          const placement = placements.get(row.placementId);
          return placement ? [presentSubscription(placement, row)] : [];
        }),
      };
    },

    /**
     * Staff close a placement early (audited): its row locked for update (subscriptions in flight
     * finish first), every subscriber's hold voided in the same transaction. ALREADY_PROCESSED
     * when it is already allocated or closed.
     */
    async closeEarly(actor: StaffActor, input: { id: string; reason: string }) {
      const row = await db.transaction(async (tx) => {
        const placement = await repository.lockPlacement(tx, BigInt(input.id));
        if (!placement) throw new DomainError('PRODUCT_UNAVAILABLE');
        if (placement.settledAt) throw new DomainError('ALREADY_PROCESSED');
        const now = clock.now();
        const [before] = await present(tx, [placement]);
        for (const subscription of await repository.subscriptionsOf(tx, placement.id)) {
          await release(
            tx,
            placement,
            subscription,
            `Placement of ${placement.symbol} closed early: ${formatCash(subscription.frozenMinor)} ${placement.currency} refunded`,
          );
          await repository.setSubscriptionSettled(tx, subscription.id, {
            allocatedQuantity: 0n,
            paidMinor: 0n,
            releasedMinor: subscription.frozenMinor,
            orderId: null,
            settledAt: now,
          });
        }
        const closed = await repository.setSettled(tx, placement.id, {
          settledAt: now,
          closedEarlyAt: now,
          closeReason: input.reason,
          quantityAllocated: 0n,
        });
        const [after] = await present(tx, [closed]);
        await audit.record(tx, actor, {
          action: 'placement.close_early',
          targetType: 'placement',
          targetId: placement.id,
          reason: input.reason,
          before,
          after,
        });
        return closed;
      });
      return (await presentForStaff(db, [row]))[0]!;
    },

    /**
     * Settles every placement whose window has closed, one transaction each (the job's handler).
     * One another node is settling is skipped (its row is locked); answers the number settled here.
     */
    async allocateDue(): Promise<number> {
      let settled = 0;
      for (;;) {
        const now = clock.now();
        const didSettle = await db.transaction(async (tx) => {
          const placement = await repository.claimDuePlacement(tx, now);
          if (!placement) return false;
          await allocate(tx, placement, now);
          return true;
        });
        if (!didSettle) return settled;
        settled += 1;
      }
    },
  };
}

export type PlacementsService = ReturnType<typeof createPlacementsService>;
