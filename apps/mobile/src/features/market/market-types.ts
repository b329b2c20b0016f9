import type { DataOf, marketEndpoints, QuoteData } from '@beurs/contract';
import {
  candleRanges,
  longestRangeByPeriod,
  type CandlePeriod,
  type CandleRange,
  type MarketTab,
  type StockType,
} from '@beurs/contract/enums';

// The market answers the screens read (types only: zod stays out of the bundle) and the market
// choices the screens offer, taken from the contract's zod-free value lists.

export type Quote = QuoteData;
export type Candles = DataOf<typeof marketEndpoints.candles>;
export type Candle = Candles['candles'][number];
export type Instrument = DataOf<typeof marketEndpoints.instrument>;
export type SearchResult = DataOf<typeof marketEndpoints.search>[number];
export type WatchlistItem = DataOf<typeof marketEndpoints.watchlist>[number];
export type MarketList = DataOf<typeof marketEndpoints.list>;
export type MarketStatus = DataOf<typeof marketEndpoints.status>;

/** The market switcher, stored as `stockType` (spec sections 2 and 9); default frank. */
export const DEFAULT_STOCK_TYPE: StockType = 'frank';

/** Market tabs of spec section 2 that have data: digital currency, foreign exchange, indices. */
export const extraTabs = ['crypto', 'forex', 'index'] as const satisfies readonly MarketTab[];
/** Quick entries with data: pre-market and after-hours (US shares). */
export const sessionTabs = ['pre_market', 'after_hours'] as const satisfies readonly MarketTab[];
export type ListTab = StockType | (typeof extraTabs)[number] | (typeof sessionTabs)[number];

/** The chart ranges the stock screen offers (two years for the half-year and year candles). */
export const chartRanges = [
  '1d',
  '1w',
  '1m',
  '3m',
  '6m',
  '1y',
  '2y',
] as const satisfies readonly CandleRange[];
export type ChartRange = (typeof chartRanges)[number];

/** Whether a period can be drawn over a range. */
export function isRangeAllowed(period: CandlePeriod, range: ChartRange): boolean {
  return candleRanges.indexOf(range) <= candleRanges.indexOf(longestRangeByPeriod[period]);
}

/** The range to use after the user picks a period: the current one if allowed, else the longest. */
export function rangeForPeriod(period: CandlePeriod, range: ChartRange): ChartRange {
  if (isRangeAllowed(period, range)) return range;
  const longest = longestRangeByPeriod[period];
  return (chartRanges as readonly CandleRange[]).includes(longest) ? (longest as ChartRange) : '1y';
}

/** A sensible default range for a period (enough candles to read, not thousands). */
export const defaultRangeByPeriod: Record<CandlePeriod, ChartRange> = {
  time_share: '1d',
  '5m': '1d',
  '15m': '1w',
  '30m': '1w',
  day: '6m',
  week: '1y',
  month: '1y',
  half_year: '2y',
  year: '2y',
};
