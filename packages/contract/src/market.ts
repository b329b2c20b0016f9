import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import {
  candlePeriods,
  candleRanges,
  corporateActionKinds,
  instrumentKinds,
  instrumentMarkets,
  listSorts,
  marketTabs,
  priceAdjustments,
  sessionPhases,
  sortOrders,
} from './enums';
import { QUOTES_PER_CALL_MAX, WATCHLIST_LIMIT } from './rules';
import { marketPaths } from './paths';

// Market data (issue 5, spec sections 2, 3 and 9). Every price is a decimal string at its
// instrument's `priceScale` (4, or 6 for forex); every quote names its source, delay and time
// (DESIGN.md §1.1). Symbols are the server's keys ('ABI.BR', 'AAPL', '^BEL20', 'EURUSD').
// Period, range, adjustment and market travel as strings and are checked by the server, so an
// unknown value gets a catalogued refusal (UNKNOWN_PERIOD, …) rather than a bare validation error.

const symbolSchema = z.string().trim().min(1).max(24);
/** A decimal price at the instrument's scale ("123.4500"). */
const priceText = z.string().regex(/^-?\d+(\.\d+)?$/);
const cashText = z.string().regex(/^-?\d+\.\d{2}$/);
const integerText = z.string().regex(/^\d+$/);

export const quoteData = z.object({
  symbol: z.string(),
  /** The ticker shown to users. */
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  kind: z.enum(instrumentKinds),
  exchange: z.string(),
  currency: z.string(),
  priceScale: z.number().int(),
  latest: priceText,
  change: priceText,
  /** Percent with two decimals against the previous close ("-1.25"). */
  changePercent: z.string().regex(/^-?\d+\.\d{2}$/),
  open: priceText,
  previousClose: priceText,
  high: priceText,
  low: priceText,
  volume: integerText,
  turnover: cashText,
  marketCap: cashText.nullable(),
  bid: priceText.nullable(),
  ask: priceText.nullable(),
  session: z.enum(sessionPhases),
  /** Who made this price: shown beside it. */
  source: z.string(),
  delayMs: z.number().int(),
  /** When the price was made (last trade), ISO 8601. */
  timestamp: z.iso.datetime(),
  isSimulated: z.boolean(),
});
export type QuoteData = z.infer<typeof quoteData>;

export const corporateActionData = z.object({
  kind: z.enum(corporateActionKinds),
  exDate: z.iso.date(),
  /** Dividend per share at the price scale; null for a split. */
  amount: priceText.nullable(),
  /** For a split: `ratioFrom` old shares become `ratioTo`. */
  ratioFrom: z.number().int().nullable(),
  ratioTo: z.number().int().nullable(),
});

export const instrumentData = z.object({
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  kind: z.enum(instrumentKinds),
  exchange: z.string(),
  currency: z.string(),
  priceScale: z.number().int(),
  lotSize: z.number().int(),
  tickSize: priceText,
  sector: z.string(),
  timeZone: z.string(),
  session: z.enum(sessionPhases),
  /** The next open, close or phase change; null past the covered calendar. */
  nextSessionChangeAt: z.iso.datetime().nullable(),
  corporateActions: z.array(corporateActionData),
});

export const candleData = z.object({
  /** Start of the candle, Unix seconds (UTC); for day, week and month the trading date at 00:00 UTC. */
  time: z.number().int(),
  open: priceText,
  high: priceText,
  low: priceText,
  close: priceText,
  volume: integerText,
  turnover: cashText,
});

export const candlesRequest = z.strictObject({
  symbol: symbolSchema,
  period: z.string().max(16),
  range: z.string().max(16),
  adjustment: z.string().max(16).default('none'),
});

export const candlesData = z.object({
  symbol: z.string(),
  period: z.enum(candlePeriods),
  range: z.enum(candleRanges),
  adjustment: z.enum(priceAdjustments),
  priceScale: z.number().int(),
  currency: z.string(),
  source: z.string(),
  delayMs: z.number().int(),
  isSimulated: z.boolean(),
  candles: z.array(candleData),
});

export const marketListRequest = z.strictObject({
  /** A stockType or another tab: pre_market, after_hours, forex, crypto, index. */
  market: z.string().max(16),
  sort: z.enum(listSorts).default('change'),
  order: z.enum(sortOrders).default('desc'),
  offset: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});

export const searchResult = z.object({
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  kind: z.enum(instrumentKinds),
  exchange: z.string(),
  currency: z.string(),
});

export const watchlistItem = z.object({ symbol: z.string(), addedAt: z.iso.datetime(), quote: quoteData });

export const marketStatusData = z.object({
  source: z.string(),
  delayMs: z.number().int(),
  isSimulated: z.boolean(),
  calendars: z.array(
    z.object({
      calendar: z.string(),
      timeZone: z.string(),
      session: z.enum(sessionPhases),
      nextSessionChangeAt: z.iso.datetime().nullable(),
    }),
  ),
});

export const fxRateData = z.object({
  base: z.string(),
  quote: z.string(),
  /** Units of `quote` per unit of `base`, six decimals. */
  rate: z.string().regex(/^\d+\.\d{6}$/),
  source: z.string(),
  delayMs: z.number().int(),
  timestamp: z.iso.datetime(),
});

const symbolRequest = z.strictObject({ symbol: symbolSchema });

export const marketEndpoints = defineEndpoints(marketPaths, {
  status: {
    auth: 'public',
    summary:
      'The price source (simulator in demo mode, or the vendor), its delay, and each calendar’s session.',
    request: z.strictObject({}).optional(),
    data: marketStatusData,
  },
  quote: {
    auth: 'public',
    summary: 'One quote with its source, delay and timestamp.',
    request: symbolRequest,
    data: quoteData,
  },
  quotes: {
    auth: 'public',
    summary: 'Several quotes in the order asked (at most 100).',
    request: z.strictObject({ symbols: z.array(symbolSchema).min(1).max(QUOTES_PER_CALL_MAX) }),
    data: z.array(quoteData),
  },
  list: {
    auth: 'public',
    summary:
      'A market tab as a sorted page of quotes (frank, usd, ETF-BEL, ETF-USA, pre_market, after_hours, forex, crypto, index).',
    request: marketListRequest,
    data: z.object({ market: z.enum(marketTabs), total: z.number().int(), items: z.array(quoteData) }),
  },
  indices: {
    auth: 'public',
    summary: 'The index strip: BEL 20, CAC 40, AEX, S&P 500, Nasdaq 100, Dow Jones.',
    request: z.strictObject({}).optional(),
    data: z.array(quoteData),
  },
  instrument: {
    auth: 'public',
    summary: 'Instrument details: lot and tick size, sector, trading calendar, dividends and splits.',
    request: symbolRequest,
    data: instrumentData,
  },
  candles: {
    auth: 'public',
    summary:
      'Candles for a period and range, unadjusted or adjusted (forward, backward) for dividends and splits.',
    request: candlesRequest,
    data: candlesData,
  },
  search: {
    auth: 'public',
    summary: 'Instruments by code or name, best match first.',
    request: z.strictObject({
      query: z.string().trim().min(1).max(40),
      limit: z.number().int().min(1).max(50).default(20),
    }),
    data: z.array(searchResult),
  },
  fxRate: {
    auth: 'public',
    summary: 'The current exchange rate between two currencies, with its source.',
    request: z.strictObject({ base: z.string().regex(/^[A-Z]{3}$/), quote: z.string().regex(/^[A-Z]{3}$/) }),
    data: fxRateData,
  },
  watchlist: {
    auth: 'user',
    summary: 'The signed-in user’s watchlist with quotes, most recently added first.',
    request: z.strictObject({}).optional(),
    data: z.array(watchlistItem),
  },
  watchlistAdd: {
    auth: 'user',
    summary: 'Add a symbol to the watchlist (adding it twice is fine).',
    request: symbolRequest,
    data: z.null(),
  },
  watchlistRemove: {
    auth: 'user',
    summary: 'Remove a symbol from the watchlist.',
    request: symbolRequest,
    data: z.null(),
  },
  watchlistRemoveMany: {
    auth: 'user',
    summary: 'Remove several symbols at once (select all, delete).',
    request: z.strictObject({ symbols: z.array(symbolSchema).min(1).max(WATCHLIST_LIMIT) }),
    data: z.object({ removed: z.number().int() }),
  },
});

// The live stream: a WebSocket at STREAM_PATH (`paths.ts`) speaking JSON messages, within
// STREAM_LIMITS (`rules.ts`).

/** Any number that fits in a message is read; past the per-client limit symbols are refused, not the message. */
const streamSymbols = z.array(symbolSchema).min(1).max(20_000);

export const streamClientMessage = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('subscribe'),
    symbols: streamSymbols,
  }),
  z.strictObject({
    op: z.literal('unsubscribe'),
    symbols: streamSymbols,
  }),
  z.strictObject({ op: z.literal('ping') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessage>;

/** What the server sends: quotes, acknowledgements, heartbeats and catalogued errors. */
export type StreamServerMessage =
  | { type: 'quote'; data: QuoteData }
  | { type: 'subscribed'; symbols: string[]; rejected: string[] }
  | { type: 'unsubscribed'; symbols: string[] }
  | { type: 'heartbeat'; time: string }
  | { type: 'pong'; time: string }
  | { type: 'error'; code: string; params: Record<string, string | number | string[]> };
