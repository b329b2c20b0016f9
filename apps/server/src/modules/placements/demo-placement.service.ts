import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { MarketService } from '../market/market.service';
import * as repository from './placements.repository';
import type { PlacementsService } from './placements.service';

// Demo mode's placements (issue 17, item 4), as the demo IPO: the simulator keeps one placement
// ("block trade") open or upcoming, so a newcomer on a fresh start has one to subscribe to. It is
// created through the same service call as a staff member's (the same checks) and recorded as the
// simulator's (`created_by = 'simulator'`, its round number), never as a staff member's, with no
// staff audit row. The block is of one listed simulated Brussels share (DEMO_PLACEMENT_SYMBOL), at
// a fixed price: its last price rounded down to its tick at creation.

/** The share the simulator places: a listed simulated Brussels share (always the same one). */
export const DEMO_PLACEMENT_SYMBOL = 'KBC.BR';
const OPENS_AFTER_SECONDS = 10;
/** The demo placement's terms: a block of 10 000 shares in lots of 10, at most 100 per user a day. */
const DEMO_TERMS = {
  blockQuantity: '10000',
  lotSize: '10',
  minimumQuantity: '10',
  dailyLimit: '100',
  feeBasisPoints: 10,
  feeMinimum: 200n, // 2.00 EUR
} as const;

/** The last price rounded down to the instrument's tick (never below one tick). */
export function demoPlacementPrice(lastMinor: bigint, tickMinor: bigint): bigint {
  const rounded = (lastMinor / tickMinor) * tickMinor;
  return rounded > 0n ? rounded : tickMinor;
}

export function createDemoPlacementService(deps: {
  config: Config;
  clock: Clock;
  db: Database;
  market: Pick<MarketService, 'instrumentOf' | 'provider'>;
  placements: Pick<PlacementsService, 'create'>;
}) {
  const { config, clock, db, market, placements } = deps;
  const isScheduling = () => config.mode === 'demo' && config.demoPlacement.isOn;

  return {
    isScheduling,

    /**
     * Creates the simulator's next placement unless one is open or upcoming; answers its round, or
     * null when nothing was created. Safe at every start and on every node: the round number is
     * unique, so a second node (or a restart) that races for the same round creates nothing.
     */
    async ensureScheduled(): Promise<number | null> {
      if (!isScheduling()) return null;
      const now = clock.now();
      const latest = await repository.latestDemoPlacement(db);
      if (latest && latest.closesAt > now) return null;
      const round = (latest?.demoRound ?? 0) + 1;
      const instrument = market.instrumentOf(DEMO_PLACEMENT_SYMBOL);
      const quote = await market.provider.quote(instrument.symbol);
      const opensAt = new Date(now.getTime() + OPENS_AFTER_SECONDS * 1_000);
      const closesAt = new Date(opensAt.getTime() + config.demoPlacement.windowMinutes * 60_000);
      try {
        await placements.create(
          { simulatorRound: round },
          {
            symbol: instrument.symbol,
            name: `${instrument.name} (demo block ${round})`,
            price: demoPlacementPrice(quote.lastMinor, instrument.tickSizeMinor),
            ...DEMO_TERMS,
            opensAt: opensAt.toISOString(),
            closesAt: closesAt.toISOString(),
            reason: `Demo mode: the simulator's placement number ${round}`,
          },
        );
        return round;
      } catch (error) {
        const after = await repository.latestDemoPlacement(db);
        if ((after?.demoRound ?? 0) >= round) return null; // another node created this round
        throw error;
      }
    },
  };
}

export type DemoPlacementService = ReturnType<typeof createDemoPlacementService>;
