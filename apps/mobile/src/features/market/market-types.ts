import type {
  CandlePeriod,
  CandleRange,
  DataOf,
  MarketTab,
  PriceAdjustment,
  QuoteData,
  marketEndpoints,
} from '@beurs/contract';

// The market values the screens offer. They repeat the contract's lists (checked by type here and
// by value in market-types.test.ts) so the app need not load zod to know them.

export type Quote = QuoteData;
export type Candles = DataOf<typeof marketEndpoints.candles>;
export type Candle = Candles['candles'][number];
export type Instrument = DataOf<typeof marketEndpoints.instrument>;
export type SearchResult = DataOf<typeof marketEndpoints.search>[number];
export type WatchlistItem = DataOf<typeof marketEndpoints.watchlist>[number];
export type MarketList = DataOf<typeof marketEndpoints.list>;
export type MarketStatus = DataOf<typeof marketEndpoints.status>;

/** The market switcher, stored as `stockType` (spec sections 2 and 9); default frank. */
export const stockTypes = ['frank', 'usd', 'ETF-BEL', 'ETF-USA'] as const satisfies readonly MarketTab[];
export type StockType = (typeof stockTypes)[number];
export const DEFAULT_STOCK_TYPE: StockType = 'frank';

/** Market tabs of spec section 2 that have data: digital currency, foreign exchange, indices. */
export const extraTabs = ['crypto', 'forex', 'index'] as const satisfies readonly MarketTab[];
/** Quick entries with data: pre-market and after-hours (US shares). */
export const sessionTabs = ['pre_market', 'after_hours'] as const satisfies readonly MarketTab[];
export type ListTab = StockType | (typeof extraTabs)[number] | (typeof sessionTabs)[number];

export const listSorts = ['change', 'volume', 'turnover'] as const;
export type ListSort = (typeof listSorts)[number];
export type SortOrder = 'desc' | 'asc';

/** Chart periods and ranges of spec section 9, in the contract's spelling. */
export const chartPeriods = [
  'time_share',
  '5m',
  '15m',
  '30m',
  'day',
  'week',
  'month',
] as const satisfies readonly CandlePeriod[];
export const chartRanges = ['1d', '1w', '1m', '3m', '6m', '1y'] as const satisfies readonly CandleRange[];
export const priceAdjustments = ['none', 'forward', 'backward'] as const satisfies readonly PriceAdjustment[];
export type ChartPeriod = (typeof chartPeriods)[number];
export type ChartRange = (typeof chartRanges)[number];

/** The longest range each period may be asked for (the contract's `longestRangeByPeriod`). */
export const longestRangeByPeriod: Record<CandlePeriod, CandleRange> = {
  time_share: '1w',
  '5m': '1m',
  '15m': '3m',
  '30m': '3m',
  day: '2y',
  week: '2y',
  month: '2y',
};

const rangeOrder: readonly CandleRange[] = ['1d', '1w', '1m', '3m', '6m', '1y', '2y'];

/** Whether a period can be drawn over a range. */
export function isRangeAllowed(period: ChartPeriod, range: ChartRange): boolean {
  return rangeOrder.indexOf(range) <= rangeOrder.indexOf(longestRangeByPeriod[period]);
}

/** The range to use after the user picks a period: the current one if allowed, else the longest. */
export function rangeForPeriod(period: ChartPeriod, range: ChartRange): ChartRange {
  if (isRangeAllowed(period, range)) return range;
  const longest = longestRangeByPeriod[period];
  return (chartRanges as readonly CandleRange[]).includes(longest) ? (longest as ChartRange) : '1y';
}

/** A sensible default range for a period (enough candles to read, not thousands). */
export const defaultRangeByPeriod: Record<ChartPeriod, ChartRange> = {
  time_share: '1d',
  '5m': '1d',
  '15m': '1w',
  '30m': '1w',
  day: '6m',
  week: '1y',
  month: '1y',
};
