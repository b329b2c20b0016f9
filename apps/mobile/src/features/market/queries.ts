import type { CandlePeriod, ListSort, PriceAdjustment, SortOrder } from '@beurs/contract/enums';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';
import type { ChartRange, ListTab } from './market-types';
import { marketPaths } from '@beurs/contract/paths';

// Query-key factory of the market feature (CONVENTIONS.md "Front end"). Market calls are quiet
// where a screen shows its own empty or error state; prices refresh through the stream or, while
// it is down, by polling (use-live-quote.ts).

/** How often a screen polls when the live stream is down. */
export const POLL_MS = 5_000;
export const LIST_SIZE = 50;

export const marketQueries = {
  all: ['market'] as const,
  status: () =>
    queryOptions({
      queryKey: [...marketQueries.all, 'status'],
      queryFn: () => api.call(marketPaths.status, {}, { quiet: true }),
      staleTime: 60_000,
    }),
  lists: () => [...marketQueries.all, 'list'] as const,
  list: (market: ListTab, sort: ListSort, order: SortOrder, limit = LIST_SIZE) =>
    queryOptions({
      queryKey: [...marketQueries.lists(), market, sort, order, limit],
      queryFn: () => api.call(marketPaths.list, { market, sort, order, limit }),
      placeholderData: keepPreviousData,
    }),
  indices: () =>
    queryOptions({
      queryKey: [...marketQueries.all, 'indices'],
      queryFn: () => api.call(marketPaths.indices, {}, { quiet: true }),
    }),
  quotes: () => [...marketQueries.all, 'quote'] as const,
  quote: (symbol: string) =>
    queryOptions({
      queryKey: [...marketQueries.quotes(), symbol],
      queryFn: () => api.call(marketPaths.quote, { symbol }),
      enabled: symbol !== '',
    }),
  instrument: (symbol: string) =>
    queryOptions({
      queryKey: [...marketQueries.all, 'instrument', symbol],
      queryFn: () => api.call(marketPaths.instrument, { symbol }, { quiet: true }),
      enabled: symbol !== '',
      staleTime: 5 * 60_000,
    }),
  candles: (symbol: string, period: CandlePeriod, range: ChartRange, adjustment: PriceAdjustment) =>
    queryOptions({
      queryKey: [...marketQueries.all, 'candles', symbol, period, range, adjustment],
      queryFn: () => api.call(marketPaths.candles, { symbol, period, range, adjustment }),
      enabled: symbol !== '',
      placeholderData: keepPreviousData,
    }),
  search: (query: string) =>
    queryOptions({
      queryKey: [...marketQueries.all, 'search', query],
      queryFn: () => api.call(marketPaths.search, { query, limit: 20 }),
      enabled: query.trim() !== '',
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  watchlist: () =>
    queryOptions({
      queryKey: [...marketQueries.all, 'watchlist'],
      queryFn: () => api.call(marketPaths.watchlist),
      enabled: isLoggedIn(),
    }),
};

export const useMarketStatus = () => useQuery(marketQueries.status());
export const useIndices = () => useQuery(marketQueries.indices());
export const useInstrument = (symbol: string) => useQuery(marketQueries.instrument(symbol));
export const useWatchlist = () => useQuery(marketQueries.watchlist());
