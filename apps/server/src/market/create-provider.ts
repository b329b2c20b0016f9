import type { MarketConfig } from '../config';
import type { Clock } from '../core/clock';
import { FinnhubProvider } from './finnhub/finnhub-provider';
import { PriceBandedProvider } from './price-bands';
import { ScenarioProvider } from './price-scenario';
import type { MarketDataProvider } from './provider';
import { MarketSimulator } from './simulator';

// Chooses the market-data source from configuration (`MarketConfig`, validated in config.ts):
// the simulator (the default; demo mode) or Finnhub (live). A vendor's prices pass its sanity bands
// (price-bands.ts) before anything sees them.

/** The simulator's seed: fixed, so every node and every restart shows the same market. */
export const DEFAULT_MARKET_SEED = 20_240_101;

export function createMarketProvider(options: {
  market: MarketConfig;
  clock: Clock;
  seed?: number;
}): MarketDataProvider {
  const { market } = options;
  if (market.provider === 'simulator') {
    const simulator = new MarketSimulator({
      clock: options.clock,
      seed: options.seed ?? DEFAULT_MARKET_SEED,
    });
    // Tests only: config.ts accepts a price scenario with NODE_ENV=test alone.
    return market.priceScenario
      ? new ScenarioProvider(simulator, market.priceScenario, () => options.clock.now().getTime())
      : simulator;
  }
  const vendor = new FinnhubProvider({
    apiKey: market.apiKey,
    clock: options.clock,
    ...(market.restUrl ? { restUrl: market.restUrl } : {}),
    ...(market.socketUrl ? { socketUrl: market.socketUrl } : {}),
  });
  return new PriceBandedProvider(vendor, market.fxRateBands);
}
