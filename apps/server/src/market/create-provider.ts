import type { Clock } from '../core/clock';
import { FinnhubProvider } from './finnhub/finnhub-provider';
import type { MarketDataProvider } from './provider';
import { MarketSimulator } from './simulator';

// Chooses the market-data source from configuration: MARKET_PROVIDER=simulator (the default; demo
// mode) or finnhub (live; needs FINNHUB_API_KEY, and optionally FINNHUB_REST_URL and
// FINNHUB_WS_URL, which point it at a local fake in tests).

/** The simulator's seed: fixed, so every node and every restart shows the same market. */
export const DEFAULT_MARKET_SEED = 20_240_101;

export function createMarketProvider(options: {
  provider: string;
  clock: Clock;
  seed?: number;
  environment?: NodeJS.ProcessEnv;
}): MarketDataProvider {
  const environment = options.environment ?? process.env;
  if (options.provider === 'simulator') {
    return new MarketSimulator({ clock: options.clock, seed: options.seed ?? DEFAULT_MARKET_SEED });
  }
  if (options.provider === 'finnhub') {
    const apiKey = environment.FINNHUB_API_KEY?.trim();
    if (!apiKey) throw new Error('MARKET_PROVIDER=finnhub needs FINNHUB_API_KEY');
    return new FinnhubProvider({
      apiKey,
      clock: options.clock,
      ...(environment.FINNHUB_REST_URL ? { restUrl: environment.FINNHUB_REST_URL } : {}),
      ...(environment.FINNHUB_WS_URL ? { socketUrl: environment.FINNHUB_WS_URL } : {}),
    });
  }
  throw new Error(
    `MARKET_PROVIDER=${options.provider} is not a known market-data provider (simulator, finnhub)`,
  );
}
