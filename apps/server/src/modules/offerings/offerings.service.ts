import { createHash } from 'node:crypto';
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
//   re-runs, and writes every allocation with the seed in one transaction per offering, its row
//   locked for update, so two nodes draw it once.
// - Settlement follows in batches, a transaction each: each allocation is an `allotment` order
//   filled from the subscription's hold by the trading module (same fill, holding and lots as any
//   buy), the rest of the hold released in that entry; a subscription without shares has its hold
//   voided. Until its batch commits a drawn subscription's money stays frozen.

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

/** How many drawn subscriptions one settlement transaction carries (see settleBatch). */
const DRAW_CHUNK = 5_000;

/** `drawTicket` with Node's SHA-256: the same tickets, a few times faster over 100,000 of them. */
export const platformDrawTicket = (seedHex: string, subscriptionId: string) =>
  createHash('sha256').update(`${seedHex}:${subscriptionId}`).digest('hex');

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

  /**
   * The draw itself, in the caller's transaction (the offering's row locked): `runDraw` over every
   * subscription's id and lots gives the full rounds and the cutoff; one statement then writes every
   * subscription's allocation by the published one-subscription rule (the check the app runs), and
   * the sums it wrote must equal `runDraw`'s own allocation or nothing is committed. Then the seed,
   * rounds and cutoff are published on the offering. Nothing is paid or released here; that is
   * `settleBatch`, run right after in transactions of its own (docs/ipo-draw.md).
   */
  async function drawOffering(tx: Transaction, offering: OfferingRow, now: Date) {
    const subscriptions = await repository.subscriptionQuantitiesOf(tx, offering.id);
    const lotsOffered = Number(offering.sharesOffered / offering.lotSize);
    const outcome = runDraw(
      offering.seed,
      lotsOffered,
      subscriptions.map((row) => ({ id: row.id.toString(), lots: Number(row.quantity / offering.lotSize) })),
      platformDrawTicket,
    );
    const written = await repository.allocateByPublishedRule(
      tx,
      offering,
      {
        isOversubscribed: outcome.lotsRequested > lotsOffered,
        fullRounds: outcome.fullRounds,
        cutoffTicket: outcome.cutoffTicket,
      },
      now,
    );
    const expected = { rows: BigInt(subscriptions.length), winners: 0n, allocated: 0n, weighted: 0n };
    for (const row of subscriptions) {
      const allocated = BigInt(outcome.lotsWon.get(row.id.toString()) ?? 0) * offering.lotSize;
      if (allocated > 0n) expected.winners += 1n;
      expected.allocated += allocated;
      expected.weighted += row.id * allocated;
    }
    if (
      written.rows !== expected.rows ||
      written.winners !== expected.winners ||
      written.allocated !== expected.allocated ||
      written.weighted !== expected.weighted
    ) {
      const text = (sums: Record<string, bigint>) =>
        Object.entries(sums)
          .map(([name, value]) => `${name} ${value}`)
          .join(', ');
      throw new Error(
        `draw of offering ${offering.id}: the published rule wrote ${text(written)}; runDraw allocated ${text(expected)}`,
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

  /**
   * Settles drawn subscriptions (at most DRAW_CHUNK, so each statement's arrays stay bounded): one
   * that got nothing has its hold released whole; an allocated one is filled through an `allotment`
   * order at the issue price from its hold, the rest of the hold released in that same entry.
   */
  async function settleBatch(tx: Transaction, offering: OfferingRow, rows: SubscriptionRow[], now: Date) {
    const losers = rows.filter((row) => row.allocatedQuantity === 0n);
    const winners = rows.filter((row) => row.allocatedQuantity !== null && row.allocatedQuantity > 0n);
    await ledger.voidHoldMany(
      tx,
      losers.map((row) => ({
        idempotencyKey: `ipo-subscription:${row.id}:release`,
        holdId: row.holdId,
        source: { type: 'ipo' as const, id: row.id.toString() },
        memo: `Not allocated in the draw of ${offering.symbol}: ${formatCash(row.frozenMinor)} ${offering.currency} released`,
      })),
    );
    const allotted =
      winners.length === 0
        ? []
        : await trading.allotMany(
            tx,
            winners.map((row) => ({
              userId: row.userId,
              subscriptionId: row.id,
              offeringId: offering.id,
              symbol: offering.symbol,
              quantityMinor: row.allocatedQuantity!,
              priceMinor: offering.issuePriceMinor,
              currency: offering.currency,
              fee: feeOf(offering),
              holdId: row.holdId,
              frozenMinor: row.frozenMinor,
            })),
          );
    await repository.setSubscriptionsSettled(
      tx,
      [
        ...losers.map((row) => ({
          id: row.id,
          paidMinor: 0n,
          releasedMinor: row.frozenMinor,
          orderId: null,
        })),
        ...winners.map((row, index) => {
          const { order, paidMinor } = allotted[index]!;
          return { id: row.id, paidMinor, releasedMinor: row.frozenMinor - paidMinor, orderId: order.id };
        }),
      ],
      now,
    );
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
     * The job's handler: draws every offering whose lottery date has passed, then settles what is
     * drawn (`drawPending`, then `settleDrawn`). Answers the number of offerings drawn here.
     */
    async drawDue(): Promise<number> {
      const drawn = await this.drawPending();
      await this.settleDrawn();
      return drawn;
    },

    /**
     * Draws every offering whose lottery date has passed, one transaction each: allocations, seed
     * and cutoff become final and public together. An offering another node is drawing is skipped
     * (its row is locked); answers the number drawn here.
     */
    async drawPending(): Promise<number> {
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

    /**
     * Settles the drawn offerings' subscriptions, `batchSize` per transaction, the offering's row
     * locked for update in each, so one node settles an offering at a time and another skips it.
     * A batch commits whole or not at all; after a crash the next run goes on from the first
     * subscription not settled. Answers the number of subscriptions settled here.
     */
    async settleDrawn({ batchSize = DRAW_CHUNK }: { batchSize?: number } = {}): Promise<number> {
      const settledAfter = new Map<bigint, bigint>();
      let settled = 0;
      for (;;) {
        const now = clock.now();
        const step = await db.transaction(async (tx) => {
          const offering = await repository.claimUnsettledOffering(tx);
          if (!offering) return 'none' as const;
          const rows = await repository.unsettledSubscriptions(
            tx,
            offering.id,
            settledAfter.get(offering.id) ?? 0n,
            batchSize,
          );
          if (rows.length === 0) {
            await repository.setOfferingSettled(tx, offering.id, now);
            return 'offering settled' as const;
          }
          await settleBatch(tx, offering, rows, now);
          return { offeringId: offering.id, lastId: rows.at(-1)!.id, count: rows.length };
        });
        if (step === 'none') return settled;
        if (typeof step === 'object') {
          settledAfter.set(step.offeringId, step.lastId);
          settled += step.count;
        }
      }
    },
  };
}

export type OfferingsService = ReturnType<typeof createOfferingsService>;
