import { DomainError, MARGIN_RULES, divideRounded, formatCash, formatDecimal, scales } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { MessagesService } from '../messages/messages.service';
import type { TradingService } from '../trading/trading.service';
import * as repository from './margin-level.repository';
import type { MarginService } from './margin.service';

// Liquidation (issue 16, item 4): below the published liquidation level, the account's positions
// are closed at market through Trading's order engine (`trading.placeForRule`: the same pricing,
// hold and fill as a market order, the sale's proceeds repaying the margin loan first), in the
// published order — the largest loss first (cost − value at the last price, in EUR) — one whole
// position at a time, the level read again after each sale, until the account is back at or above
// the maintenance requirement (margin level 100 %) or nothing is left to sell. Each sale is logged
// with the quote used (margin_liquidation_sales). Only the rule picks the account and the order:
// nothing lets staff choose. Two nodes: the liquidation row is claimed (one running per user, a
// unique partial index) and its lease kept while it runs, so one node runs it. What is still owed
// beyond the margin cash once nothing is left to sell is recorded as the liquidation's shortfall,
// shown to the user (summary and message); the loan stays owed in the ledger (never a negative cash
// balance).

/** A running liquidation's lease: another node takes it over after this without news. */
const LEASE_MS = 60_000;

type MarginSide = Awaited<ReturnType<MarginService['sideNow']>>;
type Holding = Awaited<ReturnType<TradingService['holdingsAtMarket']>>[number];
type OrderTicket = Parameters<TradingService['placeForRule']>[1];

/** How a position is named in the log and the message: a short with ' (short)'. */
const positionName = (holding: Pick<Holding, 'symbol' | 'direction'>) =>
  holding.direction === 'short' ? `${holding.symbol} (short)` : holding.symbol;

/**
 * The positions still to try, in the published order (the largest loss first, in EUR; a gain is
 * a negative loss, so last): those with a price now, not tried yet in this liquidation.
 */
function candidatesOf(
  holdings: readonly Holding[],
  tried: ReadonlySet<string>,
  toEur: (amountMinor: bigint, currency: string) => bigint,
) {
  return holdings
    .filter((holding) => holding.valueMinor !== null && holding.quote && !tried.has(positionName(holding)))
    .map((holding) => ({
      ...holding,
      // A short (issue 16 item 3) loses what its shares now cost above the proceeds received.
      lossEurMinor: toEur(
        holding.direction === 'short'
          ? (holding.valueMinor ?? 0n) - holding.costMinor
          : holding.costMinor - (holding.valueMinor ?? 0n),
        holding.currency,
      ),
    }))
    .sort((a, b) =>
      a.lossEurMinor === b.lossEurMinor
        ? a.symbol.localeCompare(b.symbol)
        : a.lossEurMinor > b.lossEurMinor
          ? -1
          : 1,
    );
}
type Candidate = ReturnType<typeof candidatesOf>[number];

/** The market order that closes a position (a long is sold; a short is bought back) and its key. */
function closingOrder(next: Candidate, liquidationId: bigint): { ticket: OrderTicket; key: string } {
  return next.direction === 'short'
    ? {
        ticket: {
          symbol: next.symbol,
          side: 'buy',
          direction: 'short',
          type: 'market',
          timeInForce: 'day',
          queueForOpen: false,
          quantity: next.quantity,
        },
        key: `margin-liquidation:${liquidationId}:${next.symbol}:short`,
      }
    : {
        ticket: {
          symbol: next.symbol,
          side: 'sell',
          type: 'market',
          timeInForce: 'ioc',
          queueForOpen: false,
          quantity: next.quantity,
        },
        key: `margin-liquidation:${liquidationId}:${next.symbol}`,
      };
}

/** The log row of a liquidation's sale: the position as it was, and the quote used. */
function saleRow(liquidationId: bigint, userId: bigint, orderId: bigint, next: Candidate, createdAt: Date) {
  const quote = next.quote ?? fail(`no quote for ${next.symbol}`);
  return {
    liquidationId,
    userId,
    orderId,
    symbol: next.symbol,
    currency: next.currency,
    quantity: next.quantity,
    costMinor: next.costMinor,
    valueMinor: next.valueMinor ?? fail(`no value for ${next.symbol}`),
    lossEurMinor: next.lossEurMinor,
    lastMinor: quote.lastMinor,
    bidMinor: quote.bidMinor,
    askMinor: quote.askMinor,
    quoteAt: quote.timestamp,
    createdAt,
  };
}

const toEur = (amountMinor: bigint, currency: string, usdPerEur: bigint) =>
  currency === 'EUR'
    ? amountMinor
    : divideRounded(amountMinor * 10n ** BigInt(scales.fxRate), usdPerEur, 'half_up');

const fail = (message: string): never => {
  throw new Error(message);
};

/** The liquidation message's parameters. */
const liquidationMessage = (
  firstLevelBasisPoints: number,
  sold: readonly string[],
  shortfallMinor: bigint,
) => ({
  marginLevel: formatDecimal(BigInt(firstLevelBasisPoints), 2),
  liquidationLevel: formatDecimal(BigInt(MARGIN_RULES.liquidationLevelBasisPoints), 2),
  symbols: sold.join(', '),
  amount: formatCash(shortfallMinor),
  currency: 'EUR',
});

export type LevelOf = (
  equityMinor: bigint,
  maintenanceMinor: bigint,
) => { levelBasisPoints: number | null; isBelowLiquidation: boolean; isBelowMaintenance: boolean };

export function createLiquidator(deps: {
  db: Database;
  clock: Clock;
  margin: Pick<MarginService, 'sideNow'>;
  messages: Pick<MessagesService, 'post'>;
  trading: Pick<TradingService, 'holdingsAtMarket' | 'placeForRule'>;
  levelOf: LevelOf;
}) {
  const { db, clock, margin, messages, trading, levelOf } = deps;

  /**
   * Runs the user's liquidation if this node claims it; answers how many positions it closed.
   * `known`: the margin side the caller has just read (the tick's), so it is not read twice.
   */
  return async function liquidate(userId: bigint, known?: MarginSide): Promise<number> {
    const first = known ?? (await margin.sideNow(userId));
    const firstLevel = levelOf(first.equityEur, first.maintenanceEur);
    if (!firstLevel.isBelowLiquidation || firstLevel.levelBasisPoints === null) return 0;
    const now = clock.now();
    const claim = await repository.claimLiquidation(db, {
      userId,
      levelBasisPoints: firstLevel.levelBasisPoints,
      equityMinor: first.equityEur,
      maintenanceMinor: first.maintenanceEur,
      now,
      claimedUntil: new Date(now.getTime() + LEASE_MS),
    });
    if (!claim) return 0;
    const tried = new Set<string>();
    const sold: string[] = [];
    for (;;) {
      const side = await margin.sideNow(userId);
      const level = levelOf(side.equityEur, side.maintenanceEur);
      if (sold.length === 0 && claim.isNew && !level.isBelowLiquidation) {
        await repository.dropLiquidation(db, claim.id);
        return 0;
      }
      const candidates = level.isBelowMaintenance
        ? candidatesOf(await trading.holdingsAtMarket(userId), tried, (amount, currency) =>
            toEur(amount, currency, side.usdPerEur),
          )
        : [];
      const next = candidates[0];
      if (!next || !next.quote || next.valueMinor === null) {
        const endedAt = clock.now();
        if (level.isBelowMaintenance && (await trading.holdingsAtMarket(userId)).length > 0) {
          // Positions left that could not be sold now (market closed, no quote): the next tick
          // after the lease tries again.
          await repository.extendLiquidation(db, claim.id, new Date(endedAt.getTime() + LEASE_MS));
          return sold.length;
        }
        const shortfallMinor = side.equityEur < 0n ? -side.equityEur : 0n;
        await db.transaction(async (tx) => {
          await repository.finishLiquidation(tx, claim.id, {
            endedAt,
            endLevelBasisPoints: level.levelBasisPoints,
            shortfallMinor,
          });
          await messages.post(
            tx,
            userId,
            'margin_liquidation',
            liquidationMessage(firstLevel.levelBasisPoints ?? 0, sold, shortfallMinor),
          );
        });
        return sold.length;
      }
      const position = positionName(next);
      tried.add(position);
      await repository.extendLiquidation(db, claim.id, new Date(clock.now().getTime() + LEASE_MS));
      try {
        const closing = closingOrder(next, claim.id);
        const order = await trading.placeForRule(userId, closing.ticket, closing.key);
        await repository.insertLiquidationSale(
          db,
          saleRow(claim.id, userId, BigInt(order.id), next, clock.now()),
        );
        sold.push(position);
      } catch (error) {
        // A position that cannot be sold now (market closed, sell lock) is passed over this time.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  };
}

/** Accounts whose margin side is read at once when the margin service cannot read many in one go. */
const SIDE_CONCURRENCY = 4;

/**
 * A tick's liquidations in batches (the bench's 20 % shock: 2,000 accounts at once). Each account
 * is decided exactly as `createLiquidator`'s loop decides it — which position next (the largest
 * loss first, each tried once), stop once back at maintenance or with nothing left that has a
 * price, the shortfall, the lease kept while positions without a price are left — but every step
 * is taken for all the accounts of a round together: the claims in one statement (a user another
 * node runs is left to it), the holdings at market of all in one read, the leases in one
 * statement, the round's market sales through `trading.placeManyForRule` (the orders, holds and
 * fills of the long sales in batches; a buy-to-cover is placed one by one, as a single placement;
 * a batch that fails falls back to one by one), their logs in one insert, the finishes in one
 * statement with their messages in one more. An account that needs a second sale takes a second
 * round. Each round reads the margin sides of the accounts it runs together, the first one after
 * the claims (as the one-by-one loop reads its account's side again after its claim).
 */
export function createBatchLiquidator(deps: {
  db: Database;
  clock: Clock;
  margin: Pick<MarginService, 'sideNow'> & {
    sidesNow?: (userIds: readonly bigint[]) => Promise<ReadonlyMap<bigint, MarginSide>>;
  };
  messages: Pick<MessagesService, 'postMany'>;
  trading: Pick<TradingService, 'holdingsAtMarketMany' | 'placeManyForRule'>;
  levelOf: LevelOf;
}) {
  const { db, clock, margin, messages, trading, levelOf } = deps;

  async function sidesOf(userIds: readonly bigint[]): Promise<Map<bigint, MarginSide>> {
    const sides = new Map<bigint, MarginSide>();
    if (margin.sidesNow) {
      for (const [userId, side] of await margin.sidesNow(userIds)) sides.set(userId, side);
    }
    const missing = userIds.filter((userId) => !sides.has(userId));
    let next = 0;
    const worker = async () => {
      for (let userId = missing[next++]; userId !== undefined; userId = missing[next++])
        sides.set(userId, await margin.sideNow(userId));
    };
    await Promise.all(Array.from({ length: Math.min(SIDE_CONCURRENCY, missing.length) }, worker));
    return sides;
  }

  /**
   * Liquidates the accounts of `known` (user → the margin side the tick read) that are below the
   * liquidation level and that this node claims. Answers, by user liquidated here, how many
   * positions were closed and the margin side read after the last of them.
   */
  return async function liquidateMany(
    known: ReadonlyMap<bigint, MarginSide>,
  ): Promise<Map<bigint, { closed: number; side: MarginSide }>> {
    const below = [...known].flatMap(([userId, side]) => {
      const level = levelOf(side.equityEur, side.maintenanceEur);
      return level.isBelowLiquidation && level.levelBasisPoints !== null
        ? [{ userId, side, levelBasisPoints: level.levelBasisPoints }]
        : [];
    });
    const answers = new Map<bigint, { closed: number; side: MarginSide }>();
    if (below.length === 0) return answers;
    const now = clock.now();
    const claims = await repository.claimLiquidations(
      db,
      below.map(({ userId, side, levelBasisPoints }) => ({
        userId,
        levelBasisPoints,
        equityMinor: side.equityEur,
        maintenanceMinor: side.maintenanceEur,
      })),
      now,
      new Date(now.getTime() + LEASE_MS),
    );
    type Run = {
      userId: bigint;
      claim: { id: bigint; isNew: boolean };
      firstLevelBasisPoints: number;
      tried: Set<string>;
      sold: string[];
      side: MarginSide;
    };
    let running: Run[] = below.flatMap(({ userId, side, levelBasisPoints }) => {
      const claim = claims.get(userId);
      return claim
        ? [{ userId, claim, firstLevelBasisPoints: levelBasisPoints, tried: new Set(), sold: [], side }]
        : [];
    });
    const failures: unknown[] = [];
    for (let round = 0; running.length > 0; round += 1) {
      // Read again once claimed, as the one-by-one liquidation does: the tick's reading may predate
      // another node's liquidation (or the user's own transfer) that brought the account back.
      const sides = await sidesOf(running.map((run) => run.userId));
      for (const run of running) run.side = sides.get(run.userId) ?? fail(`no margin side for ${run.userId}`);
      const levels = running.map((run) => levelOf(run.side.equityEur, run.side.maintenanceEur));
      const dropped = running.filter(
        (run, index) => run.sold.length === 0 && run.claim.isNew && !levels[index]!.isBelowLiquidation,
      );
      await repository.dropLiquidations(
        db,
        dropped.map((run) => run.claim.id),
      );
      for (const run of dropped) answers.set(run.userId, { closed: 0, side: run.side });
      const active = running.flatMap((run, index) =>
        dropped.includes(run) ? [] : [{ run, level: levels[index]! }],
      );
      const holdings = await trading.holdingsAtMarketMany(
        active.filter(({ level }) => level.isBelowMaintenance).map(({ run }) => run.userId),
      );
      const placing: { run: Run; next: Candidate }[] = [];
      const extending: Run[] = [];
      const finishing: { run: Run; endLevelBasisPoints: number | null }[] = [];
      for (const { run, level } of active) {
        const held = holdings.get(run.userId) ?? [];
        const candidates = level.isBelowMaintenance
          ? candidatesOf(held, run.tried, (amount, currency) => toEur(amount, currency, run.side.usdPerEur))
          : [];
        const next = candidates[0];
        if (next && next.quote && next.valueMinor !== null) placing.push({ run, next });
        // Positions left that could not be sold now (market closed, no quote): the next tick
        // after the lease tries again.
        else if (level.isBelowMaintenance && held.length > 0) extending.push(run);
        else finishing.push({ run, endLevelBasisPoints: level.levelBasisPoints });
      }
      const endedAt = clock.now();
      await repository.extendLiquidations(
        db,
        extending.map((run) => run.claim.id),
        new Date(endedAt.getTime() + LEASE_MS),
      );
      if (finishing.length > 0) {
        const shortfallOf = (run: Run) => (run.side.equityEur < 0n ? -run.side.equityEur : 0n);
        await db.transaction(async (tx) => {
          await repository.finishLiquidations(
            tx,
            finishing.map(({ run, endLevelBasisPoints }) => ({
              id: run.claim.id,
              endedAt,
              endLevelBasisPoints,
              shortfallMinor: shortfallOf(run),
            })),
          );
          await messages.postMany(
            tx,
            finishing.map(({ run }) => ({
              userId: run.userId,
              kind: 'margin_liquidation' as const,
              params: liquidationMessage(run.firstLevelBasisPoints, run.sold, shortfallOf(run)),
            })),
          );
        });
      }
      for (const run of [...extending, ...finishing.map(({ run }) => run)])
        answers.set(run.userId, { closed: run.sold.length, side: run.side });
      if (placing.length === 0) break;
      for (const { run, next } of placing) run.tried.add(positionName(next));
      await repository.extendLiquidations(
        db,
        placing.map(({ run }) => run.claim.id),
        new Date(clock.now().getTime() + LEASE_MS),
      );
      const placed = await trading.placeManyForRule(
        placing.map(({ run, next }) => {
          const closing = closingOrder(next, run.claim.id);
          return { accountUserId: run.userId, ticket: closing.ticket, idempotencyKey: closing.key };
        }),
      );
      const createdAt = clock.now();
      const sales: ReturnType<typeof saleRow>[] = [];
      const failed = new Set<Run>();
      placing.forEach(({ run, next }, index) => {
        const order = placed[index] ?? fail('a liquidation sale was not answered');
        if (order instanceof Error) {
          // A position that cannot be sold now (market closed, sell lock) is passed over this
          // time; any other error stops this account's liquidation (its lease runs out).
          if (!(order instanceof DomainError)) {
            failures.push(order);
            failed.add(run);
          }
          return;
        }
        sales.push(saleRow(run.claim.id, run.userId, BigInt(order.id), next, createdAt));
        run.sold.push(positionName(next));
      });
      await repository.insertLiquidationSales(db, sales);
      running = placing.map(({ run }) => run).filter((run) => !failed.has(run));
    }
    if (failures.length > 0) throw failures[0];
    return answers;
  };
}
