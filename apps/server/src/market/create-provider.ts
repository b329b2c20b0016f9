import type { Clock } from '../core/clock';
import type { MarketDataProvider } from './provider';
import { MarketSimulator } from './simulator';

// Chooses the market-data source from configuration: the simulator (demo mode) by default.

/** The simulator's seed: fixed, so every node and every restart shows the same market. */
export const DEFAULT_MARKET_SEED = 20_240_101;

export function createMarketProvider(options: {
  provider: string;
  clock: Clock;
  seed?: number;
}): MarketDataProvider {
  if (options.provider === 'simulator') {
    return new MarketSimulator({ clock: options.clock, seed: options.seed ?? DEFAULT_MARKET_SEED });
  }
  throw new Error(`MARKET_PROVIDER=${options.provider} is not a known market-data provider (use simulator)`);
}
