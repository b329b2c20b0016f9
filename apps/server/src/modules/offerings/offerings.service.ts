import {
  DomainError,
  formatCash,
  formatDecimal,
  parseDecimal,
  runDraw,
  scales,
  seedCommitment,
  drawTicket,
  type Currency,
  type IpoPhase,
  type IpoSubscriptionState,
  type TradableMarket,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
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
import type { IpoListingsService } from './ipo-listings.service';
import * as repository from './offerings.repository';
import type { OfferingRow, SubscriptionRow } from './offerings.repository';

// IPO subscription with a provably fair draw (issue 17; DESIGN.md §1 rules 6 and 7).
//
// - Staff create an offering (audited); the server makes the 32-byte seed and publishes only
//   SHA-256 of its hex from then on. No call answers the seed before the draw.
// - Subscribing freezes issue price × quantity + fee at once (a ledger hold, source `ipo`); a user
//   without the money is refused and nothing is frozen.
// - The draw (a job at the lottery date) runs `runDraw` from @beurs/contract, the function the app
//   re-runs: each allocation is an `allotment` order filled from the subscription's hold by the
//   trading module (same fill, holding and lots as any buy), the rest of the hold released in that
//   entry; a subscription without shares has its hold voided. One transaction per offering, its row
//   locked for update, so two nodes draw it once.

export type OfferingsServiceDeps = {
  db: Database;
  clock: Clock;
  random: RandomSource;
  ledger: LedgerService;
  market: MarketService;
  trading: TradingService;
  identity: IdentityService;
  restrictions: RestrictionsService;
  audit: AuditService;
  users: UsersService;
  listings: IpoListingsService;
  /** In live mode the simulator creates nothing: a row recorded as its own is never offered. */
  mode: 'demo' | 'live';
};

/** Who creates an offering: a staff member (audited), or in demo mode the simulator (its nth). */
export type OfferingCreator = StaffActor | { simulatorRound: number };

type CreateInput = {
  symbol: string;
  name: string;
  market: 'frank' | 'ETF-BEL';
  issueMarket: string;
  leadUnderwriter: string;
  issuePrice: bigint;
  sharesOffered: string;
  minimumQuantity: string;
  lotSize: string;
  subscriptionsPerUser: number;
  feeBasisPoints: number;
  feeMinimum?: bigint | undefined;
  prospectusUrl: string;
  opensAt: string;
  closesAt: string;
  lotteryAt: string;
  distributionAt: string;
  listingAt: string;
  reason: string;
};

/** How many subscriptions the draw settles per statement (see drawOffering). */
const DRAW_CHUNK = 5_000;

const wholeShares = (text: string): bigint | null => {
  const value = parseDecimal(text, 0);
  return value === null || value <= 0n ? null : value;
};

const percent = (part: bigint, whole: bigint) =>
  whole === 0n ? null : formatDecimal((part * 10_000n) / whole, 2);

export function phaseOf(offering: OfferingRow, now: Date): IpoPhase {
  const ms = now.getTime();
  if (offering.drawnAt) return ms >= offering.listingAt.getTime() ? 'listed' : 'drawn';
  if (ms < offering.opensAt.getTime()) return 'to_be_subscribed';
  if (ms < offering.closesAt.getTime()) return 'subscribing';
  if (ms < offering.lotteryAt.getTime()) return 'subscription_ended';
  return 'awaiting_draw';
}

export function subscriptionStateOf(
  offering: OfferingRow,
  subscription: SubscriptionRow,
  now: Date,
): IpoSubscriptionState {
  const phase = phaseOf(offering, now);
  if (subscription.allocatedQuantity === null) {
    return phase === 'subscribing' || phase === 'to_be_subscribed'
      ? 'subscribing'
      : phase === 'subscription_ended'
        ? 'subscription_ended'
        : 'awaiting_draw';
  }
  if (subscription.allocatedQuantity === 0n) return 'not_allocated';
  return phase === 'listed' ? 'listed' : 'allocated';
}

export function createOfferingsService(deps: OfferingsServiceDeps) {
  const { db, clock, random, ledger, trading, identity, restrictions, audit, users, listings, mode } = deps;
  /** Live mode lists and offers staff offerings only (a simulator row there was not made by the app). */
  const offersSimulatorRows = mode === 'demo';

  const feeOf = (offering: OfferingRow) => ({
    basisPoints: offering.feeBasisPoints,
    minimumMinor: offering.feeMinimumMinor,
  });

  function costsOf(offering: OfferingRow, quantity: bigint) {
    return trading.primaryCosts({
      quantityMinor: quantity,
      quantityScale: 0,
      priceMinor: offering.issuePriceMinor,
      currency: offering.currency,
      fee: feeOf(offering),
    });
  }

  function presentOffering(offering: OfferingRow, now: Date) {
    const isDrawn = offering.drawnAt !== null;
    const lotsOffered = Number(offering.sharesOffered / offering.lotSize);
    const lotsRequested = offering.lotsRequested ?? 0;
    return {
      id: offering.id.toString(),
      symbol: offering.symbol,
      name: offering.name,
      market: offering.market as TradableMarket,
      issueMarket: offering.issueMarket,
      // A simulated offering has no underwriter: the apps say so in the user's language.
      leadUnderwriter: offering.createdBy === 'simulator' ? null : offering.leadUnderwriter,
      currency: offering.currency,
      issuePrice: formatDecimal(offering.issuePriceMinor, scales.price),
      sharesOffered: offering.sharesOffered.toString(),
      minimumQuantity: offering.minimumQuantity.toString(),
      lotSize: offering.lotSize.toString(),
      subscriptionsPerUser: offering.subscriptionsPerUser,
      feeBasisPoints: offering.feeBasisPoints,
      feeMinimum: formatCash(offering.feeMinimumMinor),
      prospectusUrl: offering.prospectusUrl,
      opensAt: offering.opensAt.toISOString(),
      closesAt: offering.closesAt.toISOString(),
      lotteryAt: offering.lotteryAt.toISOString(),
      distributionAt: offering.distributionAt.toISOString(),
      listingAt: offering.listingAt.toISOString(),
      phase: phaseOf(offering, now),
      seedCommitment: offering.seedCommitment,
      draw: {
        // The seed leaves the server only once the draw has run (DESIGN.md §1 rule 7).
        seed: isDrawn ? offering.seed : null,
        drawnAt: offering.drawnAt?.toISOString() ?? null,
        isOversubscribed: isDrawn && lotsRequested > lotsOffered,
        fullRounds: offering.fullRounds ?? 0,
        cutoffTicket: offering.cutoffTicket,
        lotsOffered,
        lotsRequested,
        lotsAllocated: offering.lotsAllocated ?? 0,
        subscriptionCount: offering.subscriptionCount ?? 0,
        winningRatePercent: isDrawn
          ? percent(BigInt(offering.lotsAllocated ?? 0), BigInt(lotsRequested))
          : null,
      },
    };
  }

  function presentSubscription(offering: OfferingRow, row: SubscriptionRow, now: Date) {
    return {
      id: row.id.toString(),
      offeringId: offering.id.toString(),
      symbol: offering.symbol,
      name: offering.name,
      state: subscriptionStateOf(offering, row, now),
      quantity: row.quantity.toString(),
      lots: Number(row.quantity / offering.lotSize),
      issuePrice: formatDecimal(offering.issuePriceMinor, scales.price),
      currency: offering.currency,
      gross: formatCash(row.grossMinor),
      fee: formatCash(row.feeMinor),
      frozen: formatCash(row.frozenMinor),
      allocatedQuantity: row.allocatedQuantity?.toString() ?? null,
      paid: row.paidMinor === null ? null : formatCash(row.paidMinor),
      released: row.releasedMinor === null ? null : formatCash(row.releasedMinor),
      orderId: row.orderId?.toString() ?? null,
      ticket: offering.drawnAt ? drawTicket(offering.seed, row.id.toString()) : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function requireOffering(executor: Executor, id: bigint) {
    const offering = await repository.findOffering(executor, id);
    if (!offering) throw new DomainError('PRODUCT_UNAVAILABLE');
    if (offering.createdBy === 'simulator' && !offersSimulatorRows)
      throw new DomainError('PRODUCT_UNAVAILABLE');
    return offering;
  }

  /** The quantity asked for as whole shares: at least the minimum, a whole number of lots. */

  /** The window's refusals: before it SUBSCRIPTION_NOT_OPEN, after it IPO_CHANNEL_CLOSED. */
  function assertWindowOpen(offering: OfferingRow, now: Date) {
    if (now < offering.opensAt) {
      throw new DomainError('SUBSCRIPTION_NOT_OPEN', { opensAt: offering.opensAt.toISOString() });
    }
    if (now >= offering.closesAt) throw new DomainError('IPO_CHANNEL_CLOSED');
  }

  const available = async (executor: Executor, userId: bigint, currency: Currency) =>
    (await ledger.getCashBalances(executor, userId)).find((balance) => balance.currency === currency)
      ?.available ?? 0n;

  async function drawOffering(tx: Transaction, offering: OfferingRow, now: Date) {
    const subscriptions = await repository.subscriptionsOf(tx, offering.id);
    const lotsOffered = Number(offering.sharesOffered / offering.lotSize);
    const outcome = runDraw(
      offering.seed,
      lotsOffered,
      subscriptions.map((row) => ({ id: row.id.toString(), lots: Number(row.quantity / offering.lotSize) })),
    );
    const winners: { row: SubscriptionRow; allocated: bigint }[] = [];
    const losers: SubscriptionRow[] = [];
    for (const row of subscriptions) {
      const allocated = BigInt(outcome.lotsWon.get(row.id.toString()) ?? 0) * offering.lotSize;
      if (allocated === 0n) losers.push(row);
      else winners.push({ row, allocated });
    }
    // In batches (issue 17: 100,000 subscriptions in seconds): each statement carries DRAW_CHUNK
    // subscriptions at most, so its parameters stay bounded however many subscribed.
    for (let start = 0; start < losers.length; start += DRAW_CHUNK) {
      const chunk = losers.slice(start, start + DRAW_CHUNK);
      await ledger.voidHoldMany(
        tx,
        chunk.map((row) => ({
          idempotencyKey: `ipo-subscription:${row.id}:release`,
          holdId: row.holdId,
          source: { type: 'ipo' as const, id: row.id.toString() },
          memo: `Not allocated in the draw of ${offering.symbol}: ${formatCash(row.frozenMinor)} ${offering.currency} released`,
        })),
      );
      await repository.setSubscriptionsDrawn(
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
    for (let start = 0; start < winners.length; start += DRAW_CHUNK) {
      const chunk = winners.slice(start, start + DRAW_CHUNK);
      const allotted = await trading.allotMany(
        tx,
        chunk.map(({ row, allocated }) => ({
          userId: row.userId,
          subscriptionId: row.id,
          offeringId: offering.id,
          symbol: offering.symbol,
          quantityMinor: allocated,
          priceMinor: offering.issuePriceMinor,
          currency: offering.currency,
          fee: feeOf(offering),
          holdId: row.holdId,
          frozenMinor: row.frozenMinor,
        })),
      );
      await repository.setSubscriptionsDrawn(
        tx,
        chunk.map(({ row, allocated }, index) => {
          const { order, paidMinor } = allotted[index]!;
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
    await repository.setDrawn(tx, offering.id, {
      drawnAt: now,
      fullRounds: outcome.fullRounds,
      cutoffTicket: outcome.cutoffTicket,
      lotsRequested: outcome.lotsRequested,
      lotsAllocated: outcome.lotsAllocated,
      subscriptionCount: subscriptions.length,
    });
  }

  return {
    presentOffering,

    /** Staff create an offering (audited); the seed is made here and never answered before the draw. */
    async create(actor: OfferingCreator, input: CreateInput) {
      // An existing instrument, or a new one the offering defines (ipo-listings.service.ts).
      await listings.assertInstrumentFor(db, input);
      const sharesOffered = wholeShares(input.sharesOffered);
      const minimumQuantity = wholeShares(input.minimumQuantity);
      const lotSize = wholeShares(input.lotSize);
      if (
        sharesOffered === null ||
        minimumQuantity === null ||
        lotSize === null ||
        sharesOffered % lotSize !== 0n ||
        minimumQuantity % lotSize !== 0n
      ) {
        throw new DomainError('QUANTITY_NOT_WHOLE_LOTS', { lotSize: Number(lotSize ?? 1n), decimals: 0 });
      }
      const now = clock.now();
      if (new Date(input.opensAt) <= now) {
        // The commitment must be public before the window opens.
        throw new DomainError('VALIDATION_FAILED', { issues: 'opensAt must be in the future' });
      }
      const seed = random.bytes(32).toString('hex');
      const row = await db.transaction(async (tx) => {
        const inserted = await repository.insertOffering(tx, {
          symbol: input.symbol,
          name: input.name,
          market: input.market,
          issueMarket: input.issueMarket,
          leadUnderwriter: input.leadUnderwriter,
          currency: 'EUR',
          issuePriceMinor: input.issuePrice,
          sharesOffered,
          minimumQuantity,
          lotSize,
          subscriptionsPerUser: input.subscriptionsPerUser,
          feeBasisPoints: input.feeBasisPoints,
          feeMinimumMinor: input.feeMinimum ?? 0n,
          prospectusUrl: input.prospectusUrl,
          opensAt: new Date(input.opensAt),
          closesAt: new Date(input.closesAt),
          lotteryAt: new Date(input.lotteryAt),
          distributionAt: new Date(input.distributionAt),
          listingAt: new Date(input.listingAt),
          seed,
          seedCommitment: seedCommitment(seed),
          ...('staffId' in actor
            ? { createdBy: 'staff' as const, createdByStaffId: actor.staffId }
            : { createdBy: 'simulator' as const, demoRound: actor.simulatorRound }),
          createdAt: now,
        });
        const { draw: _draw, ...published } = presentOffering(inserted, now);
        if ('staffId' in actor) {
          await audit.record(tx, actor, {
            action: 'ipo.create',
            targetType: 'ipo_offering',
            targetId: inserted.id,
            reason: input.reason,
            before: null,
            after: published,
          });
        }
        return inserted;
      });
      await listings.sync();
      return this.presentForStaff(row);
    },

    presentForStaff(row: OfferingRow) {
      return {
        ...presentOffering(row, clock.now()),
        createdBy: row.createdBy,
        createdByStaffId: row.createdByStaffId?.toString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async listForStaff(input: { page: number; pageSize: number }) {
      const { total, rows } = await repository.listOfferings(db, input.page, input.pageSize);
      return { total, items: rows.map((row) => this.presentForStaff(row)) };
    },

    async list(input: { page: number; pageSize: number }) {
      const now = clock.now();
      const { total, rows } = await repository.listOfferings(db, input.page, input.pageSize, {
        staffOnly: !offersSimulatorRows,
      });
      return { total, items: rows.map((row) => presentOffering(row, now)) };
    },

    async detail(userId: bigint, id: bigint) {
      const offering = await requireOffering(db, id);
      const now = clock.now();
      const own = await repository.userSubscriptionsTo(db, userId, id);
      const isOpen = phaseOf(offering, now) === 'subscribing';
      return {
        offering: presentOffering(offering, now),
        subscriptions: own.map((row) => presentSubscription(offering, row, now)),
        subscriptionsLeft: isOpen ? Math.max(0, offering.subscriptionsPerUser - own.length) : 0,
      };
    },

    /** What subscribing would freeze; writes nothing. */
    async preview(userId: bigint, input: { id: string; quantity: string }) {
      const offering = await requireOffering(db, BigInt(input.id));
      const quantity = wholeLotQuantity(offering, input.quantity);
      const costs = costsOf(offering, quantity);
      const availableMinor = await available(db, userId, offering.currency);
      return fixedPricePreview({
        quantity,
        lotSize: offering.lotSize,
        currency: offering.currency,
        costs,
        availableMinor,
      });
    },

    /** Subscribes once per idempotency key: the window, the count, then the hold of gross + fee. */
    async subscribe(userId: bigint, input: { id: string; quantity: string }, keyHeader: string | undefined) {
      const key = requireIdempotencyKey(keyHeader);
      const hash = requestHash({ id: input.id, quantity: input.quantity });
      const earlier = replayOrRefuse(await repository.findSubscriptionByKey(db, userId, key), hash);
      const offeringId = BigInt(input.id);
      if (earlier) {
        const offering = await requireOffering(db, earlier.offeringId);
        return presentSubscription(offering, earlier, clock.now());
      }
      const offering = await requireOffering(db, offeringId);
      assertWindowOpen(offering, clock.now());
      const quantity = wholeLotQuantity(offering, input.quantity);
      await restrictions.assertAllowed(userId, 'trade');
      await identity.requireVerified(userId);
      const costs = costsOf(offering, quantity);
      const row = await writeOnce({
        hash,
        findByKey: () => repository.findSubscriptionByKey(db, userId, key),
        write: () =>
          db.transaction(async (tx) => {
            await users.lock(tx, userId);
            const raced = replayOrRefuse(await repository.findSubscriptionByKey(tx, userId, key), hash);
            if (raced) return raced;
            // Shared: many users subscribe at once; the draw's update lock waits for them.
            const locked = await repository.lockOfferingShared(tx, offeringId);
            if (!locked) throw new DomainError('PRODUCT_UNAVAILABLE');
            const now = clock.now();
            assertWindowOpen(locked, now);
            const count = await repository.countUserSubscriptions(tx, userId, offeringId);
            if (count >= locked.subscriptionsPerUser) {
              throw new DomainError('IPO_SUBSCRIPTION_LIMIT', { limit: String(locked.subscriptionsPerUser) });
            }
            const inserted = await repository.insertSubscription(tx, {
              offeringId,
              userId,
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
              idempotencyKey: `ipo-subscription:${inserted.id}:hold`,
              userId,
              asset: offering.currency,
              amountMinor: costs.totalPayMinor,
              source: { type: 'ipo', id: inserted.id.toString() },
              memo: `Subscribed to ${quantity} ${offering.symbol} at ${formatDecimal(offering.issuePriceMinor, scales.price)} ${offering.currency}: ${formatCash(costs.grossMinor)} + fee ${formatCash(costs.fee.amountMinor)} frozen`,
            });
            return repository.setSubscriptionHold(tx, inserted.id, hold.holdId);
          }),
      });
      return presentSubscription(offering, row, clock.now());
    },

    /** The records of the user's IPO subscriptions (source `ipo`: the subscription's id). */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.userSubscriptionsByIds(db, userId, sourceIdsOf(entries));
      return describeFixedPriceSubscriptions('ipo', entries, rows, {
        byIds: (ids) => repository.offeringsByIds(db, ids),
        idOf: (row) => row.offeringId,
        termsOf: (offering) => ({ ...offering, priceMinor: offering.issuePriceMinor, isClosedEarly: false }),
      });
    },

    async subscriptions(userId: bigint, input: { page: number; pageSize: number }) {
      const now = clock.now();
      const { total, rows } = await repository.listUserSubscriptions(db, userId, input.page, input.pageSize);
      const offerings = new Map(
        (await repository.offeringsByIds(db, [...new Set(rows.map((row) => row.offeringId))])).map(
          (offering) => [offering.id, offering],
        ),
      );
      return {
        total,
        items: rows.flatMap((row) => {
          const offering = offerings.get(row.offeringId);
          return offering ? [presentSubscription(offering, row, now)] : [];
        }),
      };
    },

    /**
     * Draws every offering whose lottery date has passed, one transaction each (the job's
     * handler). An offering another node is drawing is skipped (its row is locked); answers the
     * number drawn here.
     */
    async drawDue(): Promise<number> {
      await listings.sync(); // offerings created on another node trade here too
      let drawn = 0;
      for (;;) {
        const now = clock.now();
        const didDraw = await db.transaction(async (tx) => {
          const offering = await repository.claimDueOffering(tx, now);
          if (!offering) return false;
          await drawOffering(tx, offering, now);
          return true;
        });
        if (!didDraw) return drawn;
        drawn += 1;
      }
    },
  };
}

export type OfferingsService = ReturnType<typeof createOfferingsService>;
