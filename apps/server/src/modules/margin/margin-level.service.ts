import {
  MARGIN_RULES,
  divideRounded,
  formatCash,
  formatDecimal,
  parseDecimal,
  scales,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { MessagesService } from '../messages/messages.service';
import type { TradingService } from '../trading/trading.service';
import { createBatchLiquidator } from './margin-liquidation';
import * as repository from './margin-level.repository';
import type { MarginCallRow } from './margin-level.repository';
import type { MarginService } from './margin.service';

// The margin level and margin calls (issue 16, item 4). The margin level is equity / maintenance
// requirement, read from the margin side as /margin/summary computes it (`margin.sideNow`, one
// computation). It is recomputed on the quote stream for the accounts holding the symbol that
// ticked only: an index symbol → users (of the users who owe something on their margin loan, the
// only accounts whose level can fall below 100 %), as resting orders and price alerts index by
// symbol, rebuilt from the database at the first tick and every RELOAD_MS (loans taken on other
// nodes). Below the published call level (MARGIN_RULES.callLevelBasisPoints) a margin call is
// opened and the user is told, with the amount that brings the account back to the call level, in
// the same transaction; a unique partial index keeps one open call per user, so however many nodes
// see the tick, the user is told once per call. A tick at or above the call level closes the call.
// Below MARGIN_RULES.liquidationLevelBasisPoints the account is liquidated (margin-liquidation.ts).

/** How often a node reads again which users borrow and what they hold. */
const RELOAD_MS = 30_000;
/** Accounts recomputed at once on one tick. */
const EVALUATE_CONCURRENCY = 4;
/** Calls and liquidations shown in the margin screen's log. */
const HISTORY_MAX = 50;

/**
 * The margin level of an account: equity / maintenance requirement in basis points (rounded down;
 * null while nothing is required), whether it is below the call and liquidation levels (compared
 * exactly, not on the rounded level), and the EUR cents that bring equity to the call level.
 */
export function marginLevelOf(equityMinor: bigint, maintenanceMinor: bigint) {
  if (maintenanceMinor <= 0n) {
    return {
      levelBasisPoints: null,
      isBelowCall: false,
      isBelowLiquidation: false,
      isBelowMaintenance: false,
      neededMinor: 0n,
    };
  }
  const scaled = equityMinor * 10_000n;
  const level = divideRounded(scaled, maintenanceMinor, 'down');
  // divideRounded rounds the magnitude: a negative equity's level is rounded towards −∞ here.
  const levelBasisPoints = Number(scaled < 0n && scaled % maintenanceMinor !== 0n ? level - 1n : level);
  const below = (basisPoints: number) => scaled < maintenanceMinor * BigInt(basisPoints);
  const callEquity = divideRounded(
    maintenanceMinor * BigInt(MARGIN_RULES.callLevelBasisPoints),
    10_000n,
    'up',
  );
  return {
    levelBasisPoints,
    isBelowCall: below(MARGIN_RULES.callLevelBasisPoints),
    isBelowLiquidation: below(MARGIN_RULES.liquidationLevelBasisPoints),
    isBelowMaintenance: below(10_000),
    neededMinor: callEquity > equityMinor ? callEquity - equityMinor : 0n,
  };
}

/** Which users hold which symbol: a tick looks at its symbol's holders only. */
export class MarginHolderIndex {
  private bySymbol = new Map<string, Set<bigint>>();

  replace(rows: readonly { userId: bigint; symbol: string }[]): void {
    const next = new Map<string, Set<bigint>>();
    for (const row of rows) {
      let holders = next.get(row.symbol);
      if (!holders) {
        holders = new Set();
        next.set(row.symbol, holders);
      }
      holders.add(row.userId);
    }
    this.bySymbol = next;
  }

  holders(symbol: string): ReadonlySet<bigint> {
    return this.bySymbol.get(symbol) ?? new Set();
  }
}

const percent = (basisPoints: number) => formatDecimal(BigInt(basisPoints), 2);

export function createMarginLevelService(deps: {
  db: Database;
  clock: Clock;
  margin: Pick<MarginService, 'sideNow' | 'sidesNow'>;
  messages: Pick<MessagesService, 'post' | 'postMany'>;
  /** The trading module: what each user holds, and its order engine for liquidations. */
  trading: Pick<TradingService, 'heldSymbols' | 'holdingsAtMarketMany' | 'placeManyForRule'>;
}) {
  const { db, clock, margin, messages, trading } = deps;
  const holdings = trading;
  // A tick's liquidations run together once its holders are evaluated (margin-liquidation.ts).
  const liquidateMany = createBatchLiquidator({
    db,
    clock,
    margin,
    messages,
    trading,
    levelOf: marginLevelOf,
  });
  const index = new MarginHolderIndex();
  let loadedAtMs = Number.NEGATIVE_INFINITY;
  let reloading: Promise<void> | null = null;
  /** This node's latest level per account (basis points, null: nothing required). */
  const latest = new Map<bigint, number | null>();
  /**
   * Users with an open call as this node knows them (read at each reload, then kept by its own
   * ticks, which every node sees alike): a tick writes only when a call opens or ends.
   */
  const openCalls = new Set<bigint>();

  function reload(): Promise<void> {
    reloading ??= (async () => {
      try {
        const startedAtMs = clock.now().getTime();
        const borrowers = await repository.borrowingUsers(db);
        index.replace(await holdings.heldSymbols(borrowers));
        const open = await repository.openCallUsers(db);
        openCalls.clear();
        for (const userId of open) openCalls.add(userId);
        loadedAtMs = startedAtMs;
      } finally {
        reloading = null;
      }
    })();
    return reloading;
  }

  type CallToOpen = Parameters<typeof repository.insertCalls>[1][number];

  /**
   * Recomputes one account's level from its margin side (read for the tick's holders together);
   * below the call level a call to open (`toOpen`: the tick's calls are opened together, then),
   * at or above it the open call closed.
   */
  async function evaluate(
    userId: bigint,
    side: Awaited<ReturnType<MarginService['sideNow']>>,
    toOpen: CallToOpen[],
  ) {
    const level = marginLevelOf(side.equityEur, side.maintenanceEur);
    latest.set(userId, level.levelBasisPoints);
    const now = clock.now();
    if (level.isBelowCall && level.levelBasisPoints !== null && !openCalls.has(userId)) {
      toOpen.push({
        userId,
        levelBasisPoints: level.levelBasisPoints,
        equityMinor: side.equityEur,
        maintenanceMinor: side.maintenanceEur,
        neededMinor: level.neededMinor,
        openedAt: now,
      });
    } else if (!level.isBelowCall && openCalls.has(userId)) {
      await repository.meetCall(db, userId, now, level.levelBasisPoints ?? MARGIN_RULES.callLevelBasisPoints);
      openCalls.delete(userId);
    }
    return { level, side };
  }

  /**
   * Opens a tick's calls in one transaction (one insert; a user whose call is open already, from
   * another node, is skipped) and tells each user whose call this insert opened (one more
   * statement), once per call however many nodes see the tick.
   */
  async function openCallsOf(toOpen: readonly CallToOpen[]) {
    if (toOpen.length === 0) return;
    await db.transaction(async (tx) => {
      const opened = await repository.insertCalls(tx, toOpen);
      await messages.postMany(
        tx,
        opened.map((call) => ({
          userId: call.userId,
          kind: 'margin_call' as const,
          params: {
            amount: formatCash(call.neededMinor),
            currency: 'EUR',
            equity: formatCash(call.equityMinor),
            requirement: formatCash(call.maintenanceMinor),
            marginLevel: percent(call.levelBasisPoints),
            callLevel: percent(MARGIN_RULES.callLevelBasisPoints),
          },
        })),
      );
    });
    // Open now, whether this node's insert made it or another node's did.
    for (const call of toOpen) openCalls.add(call.userId);
  }

  /**
   * The tick's accounts below the liquidation level, liquidated together. A liquidation stops back
   * at the maintenance requirement (the call level) or with nothing left: the call is met then,
   * not at a later tick (the sold symbol may never tick for it again), at the level after the
   * last sale.
   */
  async function liquidateBelow(below: ReadonlyMap<bigint, Awaited<ReturnType<MarginService['sideNow']>>>) {
    const outcomes = await liquidateMany(below);
    const met = [...outcomes].flatMap(([userId, { closed, side }]) => {
      if (closed === 0 || !openCalls.has(userId)) return [];
      const after = marginLevelOf(side.equityEur, side.maintenanceEur);
      return after.isBelowCall
        ? []
        : [{ userId, levelBasisPoints: after.levelBasisPoints ?? MARGIN_RULES.callLevelBasisPoints }];
    });
    await repository.meetCalls(db, met, clock.now());
    for (const { userId } of met) openCalls.delete(userId);
  }

  const callView = (row: MarginCallRow) => ({
    id: row.id.toString(),
    openedAt: row.openedAt.toISOString(),
    levelBasisPoints: row.levelBasisPoints,
    equity: formatCash(row.equityMinor),
    maintenanceRequirement: formatCash(row.maintenanceMinor),
    needed: formatCash(row.neededMinor),
  });

  const liquidationView = (
    row: repository.MarginLiquidationRow & { sales: repository.MarginLiquidationSaleRow[] },
  ) => ({
    id: row.id.toString(),
    state: row.state,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    levelBasisPoints: row.levelBasisPoints,
    endLevelBasisPoints: row.endLevelBasisPoints,
    shortfall: row.shortfallMinor === null ? null : formatCash(row.shortfallMinor),
    sales: row.sales.map((sale) => ({
      orderId: sale.orderId.toString(),
      symbol: sale.symbol,
      currency: sale.currency,
      quantity: sale.quantity,
      cost: formatCash(sale.costMinor),
      value: formatCash(sale.valueMinor),
      lossEur: formatCash(sale.lossEurMinor),
      last: formatDecimal(sale.lastMinor, scales.price),
      bid: sale.bidMinor === null ? null : formatDecimal(sale.bidMinor, scales.price),
      ask: sale.askMinor === null ? null : formatDecimal(sale.askMinor, scales.price),
      quoteAt: sale.quoteAt.toISOString(),
    })),
  });

  const levels = {
    callBasisPoints: MARGIN_RULES.callLevelBasisPoints,
    liquidationBasisPoints: MARGIN_RULES.liquidationLevelBasisPoints,
  };

  return {
    /** The published call and liquidation levels. */
    levels,

    /**
     * The quote stream: recomputes the margin level of the accounts holding these symbols (and no
     * other). Answers the users recomputed here.
     */
    async onQuotes(symbols: readonly string[]): Promise<bigint[]> {
      if (clock.now().getTime() - loadedAtMs >= RELOAD_MS) await reload();
      const users = new Set<bigint>();
      for (const symbol of symbols) for (const userId of index.holders(symbol)) users.add(userId);
      const queue = [...users];
      // The holders' margin sides in a few set-based reads (margin.sidesNow), not three an account;
      // then each level is computed in memory and written only when a call opens or ends.
      const sides = queue.length > 0 ? await margin.sidesNow(queue) : new Map();
      let next = 0;
      const failures: unknown[] = [];
      const below = new Map<bigint, Awaited<ReturnType<MarginService['sideNow']>>>();
      const toOpen: CallToOpen[] = [];
      const worker = async () => {
        for (let userId = queue[next++]; userId !== undefined; userId = queue[next++]) {
          try {
            const { level, side } = await evaluate(
              userId,
              sides.get(userId) ?? (await margin.sideNow(userId)),
              toOpen,
            );
            if (level.isBelowLiquidation) below.set(userId, side);
          } catch (error) {
            failures.push(error);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(EVALUATE_CONCURRENCY, queue.length) }, worker));
      try {
        await openCallsOf(toOpen);
      } catch (error) {
        failures.push(error);
      }
      if (below.size > 0) await liquidateBelow(below).catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
      return queue;
    },

    /** Reads again, now, which users borrow and what they hold. */
    reload,

    /** This node's latest margin level of an account (basis points), undefined if not computed here. */
    latestLevel: (userId: bigint) => latest.get(userId),

    /** The margin screen's log: the user's calls and liquidations, newest first, at most 50 of each. */
    async history(userId: bigint) {
      const [calls, liquidations] = await Promise.all([
        repository.callsOf(db, userId),
        repository.liquidationsOf(db, userId, HISTORY_MAX),
      ]);
      return {
        calls: calls.slice(0, HISTORY_MAX).map((row) => ({
          ...callView(row),
          state: row.state,
          metAt: row.metAt?.toISOString() ?? null,
        })),
        liquidations: liquidations.map(liquidationView),
      };
    },

    /** The summary with the margin level, the published levels and the open call. */
    async withLevel<T extends { equity: string; maintenanceRequirement: string }>(
      userId: bigint,
      summary: T,
    ) {
      const level = marginLevelOf(
        parseDecimal(summary.equity, 2) ?? 0n,
        parseDecimal(summary.maintenanceRequirement, 2) ?? 0n,
      );
      const [call, liquidation] = await Promise.all([
        repository.openCall(db, userId),
        repository.latestLiquidation(db, userId),
      ]);
      return {
        ...summary,
        levelBasisPoints: level.levelBasisPoints,
        levels,
        neededForCallLevel: formatCash(level.neededMinor),
        call: call ? callView(call) : null,
        liquidation: liquidation ? liquidationView(liquidation) : null,
      };
    },
  };
}

export type MarginLevelService = ReturnType<typeof createMarginLevelService>;
