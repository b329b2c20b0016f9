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

  const toEur = (amountMinor: bigint, currency: string, usdPerEur: bigint) =>
    currency === 'EUR'
      ? amountMinor
      : divideRounded(amountMinor * 10n ** BigInt(scales.fxRate), usdPerEur, 'half_up');

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
        ? (await trading.holdingsAtMarket(userId))
            .filter(
              (holding) =>
                holding.valueMinor !== null &&
                holding.quote &&
                !tried.has(holding.direction === 'short' ? `${holding.symbol} (short)` : holding.symbol),
            )
            .map((holding) => ({
              ...holding,
              // A short (issue 16 item 3) loses what its shares now cost above the proceeds received.
              lossEurMinor: toEur(
                holding.direction === 'short'
                  ? (holding.valueMinor ?? 0n) - holding.costMinor
                  : holding.costMinor - (holding.valueMinor ?? 0n),
                holding.currency,
                side.usdPerEur,
              ),
            }))
            // The published order: the largest loss first (a gain is a negative loss, so last).
            .sort((a, b) =>
              a.lossEurMinor === b.lossEurMinor
                ? a.symbol.localeCompare(b.symbol)
                : a.lossEurMinor > b.lossEurMinor
                  ? -1
                  : 1,
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
          await messages.post(tx, userId, 'margin_liquidation', {
            marginLevel: formatDecimal(BigInt(firstLevel.levelBasisPoints ?? 0), 2),
            liquidationLevel: formatDecimal(BigInt(MARGIN_RULES.liquidationLevelBasisPoints), 2),
            symbols: sold.join(', '),
            amount: formatCash(shortfallMinor),
            currency: 'EUR',
          });
        });
        return sold.length;
      }
      const position = next.direction === 'short' ? `${next.symbol} (short)` : next.symbol;
      tried.add(position);
      await repository.extendLiquidation(db, claim.id, new Date(clock.now().getTime() + LEASE_MS));
      try {
        const order = await trading.placeForRule(
          userId,
          // A long position is sold; a short is bought back (a buy-to-cover).
          next.direction === 'short'
            ? {
                symbol: next.symbol,
                side: 'buy',
                direction: 'short',
                type: 'market',
                timeInForce: 'day',
                queueForOpen: false,
                quantity: next.quantity,
              }
            : {
                symbol: next.symbol,
                side: 'sell',
                type: 'market',
                timeInForce: 'ioc',
                queueForOpen: false,
                quantity: next.quantity,
              },
          next.direction === 'short'
            ? `margin-liquidation:${claim.id}:${next.symbol}:short`
            : `margin-liquidation:${claim.id}:${next.symbol}`,
        );
        await repository.insertLiquidationSale(db, {
          liquidationId: claim.id,
          userId,
          orderId: BigInt(order.id),
          symbol: next.symbol,
          currency: next.currency,
          quantity: next.quantity,
          costMinor: next.costMinor,
          valueMinor: next.valueMinor,
          lossEurMinor: next.lossEurMinor,
          lastMinor: next.quote.lastMinor,
          bidMinor: next.quote.bidMinor,
          askMinor: next.quote.askMinor,
          quoteAt: next.quote.timestamp,
          createdAt: clock.now(),
        });
        sold.push(position);
      } catch (error) {
        // A position that cannot be sold now (market closed, sell lock) is passed over this time.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  };
}
