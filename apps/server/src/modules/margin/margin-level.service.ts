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
import { createLiquidator } from './margin-liquidation';
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
  messages: Pick<MessagesService, 'post'>;
  /** The trading module: what each user holds, and its order engine for liquidations. */
  trading: Pick<TradingService, 'heldSymbols' | 'holdingsAtMarket' | 'placeForRule'>;
}) {
  const { db, clock, margin, messages, trading } = deps;
  const holdings = trading;
  const liquidate = createLiquidator({ db, clock, margin, messages, trading, levelOf: marginLevelOf });
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

  /**
   * Recomputes one account's level from its margin side (read for the tick's holders together);
   * opens a call (told once) below the call level, closes it at or above.
   */
  async function evaluate(userId: bigint, side: Awaited<ReturnType<MarginService['sideNow']>>) {
    const level = marginLevelOf(side.equityEur, side.maintenanceEur);
    latest.set(userId, level.levelBasisPoints);
    const now = clock.now();
    if (level.isBelowCall && level.levelBasisPoints !== null && !openCalls.has(userId)) {
      const levelBasisPoints = level.levelBasisPoints;
      await db.transaction(async (tx) => {
        const call = await repository.insertCall(tx, {
          userId,
          levelBasisPoints,
          equityMinor: side.equityEur,
          maintenanceMinor: side.maintenanceEur,
          neededMinor: level.neededMinor,
          openedAt: now,
        });
        if (!call) return;
        await messages.post(tx, userId, 'margin_call', {
          amount: formatCash(level.neededMinor),
          currency: 'EUR',
          equity: formatCash(side.equityEur),
          requirement: formatCash(side.maintenanceEur),
          marginLevel: percent(levelBasisPoints),
          callLevel: percent(MARGIN_RULES.callLevelBasisPoints),
        });
      });
      // Open now, whether this node's insert made it or another node's did.
      openCalls.add(userId);
    } else if (!level.isBelowCall && openCalls.has(userId)) {
      await repository.meetCall(db, userId, now, level.levelBasisPoints ?? MARGIN_RULES.callLevelBasisPoints);
      openCalls.delete(userId);
    }
    if (level.isBelowLiquidation && (await liquidate(userId, side)) > 0 && openCalls.has(userId)) {
      // A liquidation stops back at the maintenance requirement (the call level) or with nothing
      // left: the call is met then, not at a later tick (the sold symbol may never tick for it again).
      const after = await margin.sideNow(userId);
      const afterLevel = marginLevelOf(after.equityEur, after.maintenanceEur);
      if (!afterLevel.isBelowCall) {
        await repository.meetCall(
          db,
          userId,
          clock.now(),
          afterLevel.levelBasisPoints ?? MARGIN_RULES.callLevelBasisPoints,
        );
        openCalls.delete(userId);
      }
    }
    return level;
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
      const worker = async () => {
        for (let userId = queue[next++]; userId !== undefined; userId = queue[next++]) {
          try {
            await evaluate(userId, sides.get(userId) ?? (await margin.sideNow(userId)));
          } catch (error) {
            failures.push(error);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(EVALUATE_CONCURRENCY, queue.length) }, worker));
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
