import {
  DomainError,
  WATCHLIST_LIMIT,
  candlePeriods,
  candleRanges,
  formatDecimal,
  longestRangeByPeriod,
  marketTabs,
  priceAdjustments,
  type CandlePeriod,
  type CandleRange,
  type MarketTab,
  type PriceAdjustment,
  type QuoteData,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { adjustCandles, adjustmentSteps } from '../../market/adjustment';
import { aggregateCandles, type Bucketing } from '../../market/candle-periods';
import type { TradingCalendar } from '../../market/calendars';
import type { Candle, Instrument, MarketDataProvider, Quote } from '../../market/provider';
import { InstrumentSearch } from '../../market/search';
import { newListingEntry, type NewListingDefinition } from '../../market/new-listing';
import { addDays, isoDate } from '../../market/zoned-time';
import {
  regularCloseOnOrBefore,
  regularSession,
  settlementDate,
  settlementDaysByCalendar,
  venueDate,
} from '../../market/trading-session';
import { changeBasisPoints, formatCandle, formatQuote } from './market.format';
import * as repository from './market.repository';

// Quotes, lists, candles, search and the watchlist. Prices come only from the provider; nothing
// here can set or nudge one. Unknown symbols, markets, periods, ranges and adjustment modes are
// refused with their catalogued codes.

export type MarketServiceDeps = { db: Database; clock: Clock; provider: MarketDataProvider };

const bucketingByPeriod: Record<CandlePeriod, Bucketing> = {
  time_share: { kind: 'none' },
  '5m': { kind: 'minutes', minutes: 5 },
  '15m': { kind: 'minutes', minutes: 15 },
  '30m': { kind: 'minutes', minutes: 30 },
  day: { kind: 'none' },
  week: { kind: 'week' },
  month: { kind: 'months', months: 1 },
  half_year: { kind: 'months', months: 6 },
  year: { kind: 'months', months: 12 },
};
/** Periods built from daily candles (the others from minute candles). */
const dailyPeriods: ReadonlySet<CandlePeriod> = new Set(['day', 'week', 'month', 'half_year', 'year']);
const rangeDays: Record<CandleRange, { days: number; months: number }> = {
  '1d': { days: 0, months: 0 },
  '1w': { days: 7, months: 0 },
  '1m': { days: 0, months: 1 },
  '3m': { days: 0, months: 3 },
  '6m': { days: 0, months: 6 },
  '1y': { days: 0, months: 12 },
  '2y': { days: 0, months: 24 },
};
/** Cached daily candle lists (symbol × period × range × adjustment, for the current trading day). */
const SETTLED_CANDLES_MAX = 2_000;
const INDEX_STRIP = ['^BEL20', '^FCHI', '^AEX', '^GSPC', '^NDX', '^DJI'];

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

export function createMarketService(deps: MarketServiceDeps) {
  const { db, clock, provider } = deps;
  let search = new InstrumentSearch(provider.instruments());
  type Settled = {
    candles: { startMs: number; wire: ReturnType<typeof formatCandle> }[];
    lastBucketStartMs: number;
  };
  const settledCandles = new Map<string, Settled>();
  const rememberSettled = (key: string, value: Settled) => {
    if (settledCandles.size >= SETTLED_CANDLES_MAX) settledCandles.clear();
    settledCandles.set(key, value);
  };

  function requireInstrument(symbol: string): Instrument {
    const instrument = provider.instrument(symbol);
    if (!instrument) throw new DomainError('UNKNOWN_SYMBOL', { symbol });
    return instrument;
  }

  const present = (instrument: Instrument, quote: Quote): QuoteData =>
    formatQuote(instrument, quote, provider.isSimulated);

  async function quotesOf(
    instruments: readonly Instrument[],
  ): Promise<{ instrument: Instrument; quote: Quote }[]> {
    const quotes = await fromProvider(provider.quotes(instruments.map((instrument) => instrument.symbol)));
    return instruments.map((instrument, index) => ({ instrument, quote: quotes[index] as Quote }));
  }

  function tabInstruments(tab: MarketTab): Instrument[] {
    const nowMs = clock.now().getTime();
    // A new listing appears in the lists from its first session (its IPO page shows it before).
    const all = provider
      .instruments()
      .filter((instrument) => instrument.listedFromMs === undefined || instrument.listedFromMs <= nowMs);
    if (tab === 'pre_market' || tab === 'after_hours') {
      return all.filter((instrument) => instrument.calendar === 'us_equity');
    }
    return all.filter((instrument) => instrument.market === tab);
  }

  function candleWindow(calendar: TradingCalendar, range: CandleRange, nowMs: number) {
    const lastIndex = Math.max(0, calendar.lastStartedIndex(nowMs));
    const lastDate = calendar.days[lastIndex]?.date ?? isoDate(nowMs);
    const { days, months } = rangeDays[range];
    const cutoff = range === '1d' ? addDays(lastDate, -1) : addMonths(addDays(lastDate, -days), -months);
    let firstIndex = lastIndex;
    while (firstIndex > 0 && (calendar.days[firstIndex - 1]?.date ?? '') > cutoff) firstIndex -= 1;
    const first = calendar.days[firstIndex];
    return {
      minuteFromMs: first?.startMs ?? nowMs,
      dayFromMs: Date.parse(`${first?.date ?? lastDate}T00:00:00Z`),
      toMs: nowMs + 1,
    };
  }

  async function adjust(
    instrument: Instrument,
    candles: Candle[],
    mode: PriceAdjustment,
    isDaily: boolean,
    today: string,
  ) {
    if (mode === 'none') return candles;
    const actions = provider.corporateActions(instrument.symbol).filter((action) => action.exDate <= today);
    if (actions.length === 0) return candles;
    const calendar = provider.calendar(instrument);
    const firstExDate = actions[0]?.exDate ?? today;
    const history = await fromProvider(
      provider.candles(
        instrument.symbol,
        'day',
        Date.parse(`${addDays(firstExDate, -14)}T00:00:00Z`),
        Date.parse(`${today}T00:00:00Z`) + 86_400_000,
      ),
    );
    const previousClose = (exDate: string) => {
      const before = history.filter((candle) => isoDate(candle.startMs) < exDate).at(-1);
      return before ? before.closeMinor : null;
    };
    const steps = adjustmentSteps(actions, previousClose);
    const tradingDate = isDaily
      ? (candle: Candle) => isoDate(candle.startMs)
      : (candle: Candle) =>
          calendar.days[calendar.lastStartedIndex(candle.startMs)]?.date ?? isoDate(candle.startMs);
    return adjustCandles(candles, steps, mode, tradingDate);
  }

  return {
    provider,
    clock,

    /** For trading: the instrument behind a symbol, refused with UNKNOWN_SYMBOL. */
    instrumentOf: requireInstrument,

    /** Whether new instruments can be listed here (the simulator: demo mode); a vendor lists its own. */
    canListNewInstruments: provider.addListing !== undefined,

    /**
     * New listings (IPOs' instruments) this node does not know yet, added to the simulator; the
     * offerings module defines them and tells every node (at start and as they appear).
     */
    addListings(definitions: readonly NewListingDefinition[]): number {
      let added = 0;
      for (const definition of definitions) {
        if (!provider.addListing || provider.instrument(definition.symbol)) continue;
        provider.addListing(newListingEntry(definition), definition.listingAt.getTime());
        added += 1;
      }
      if (added > 0) search = new InstrumentSearch(provider.instruments());
      return added;
    },

    /** For trading: a new listing before its first session is refused with NOT_LISTED. */
    assertListed(instrument: Instrument, nowMs: number): void {
      if (instrument.listedFromMs !== undefined && nowMs < instrument.listedFromMs) {
        throw new DomainError('NOT_LISTED');
      }
    },

    /** For trading: the provider's current quote as it came (bigint prices), with its source and time. */
    async currentQuote(symbol: string): Promise<Quote> {
      requireInstrument(symbol);
      return fromProvider(provider.quote(symbol));
    },

    /** For trading: the regular session of the instrument's venue at an instant. */
    regularSession(instrument: Instrument, nowMs: number) {
      return regularSession(provider.calendar(instrument), nowMs);
    },

    /** For trading: business days to settlement and the settlement date of a trade made now. */
    settlement(instrument: Instrument, tradeMs: number) {
      const days = instrument.kind === 'crypto' ? 0 : settlementDaysByCalendar[instrument.calendar];
      return { days, date: settlementDate(provider.calendar(instrument), tradeMs, days) };
    },

    /** For trading: the venue's trading days after an instant's trading date (sell locks of T+N days). */
    tradingDayStartAfter(instrument: Instrument, instantMs: number, days: number): number | null {
      const calendar = provider.calendar(instrument);
      const index = calendar.lastStartedIndex(instantMs);
      return calendar.days[index + days]?.startMs ?? null;
    },

    /** For trading: the venue's date now, and the regular close on or before a date (GTC expiry). */
    venueDate(instrument: Instrument, instantMs: number): string {
      return venueDate(provider.calendar(instrument), instantMs);
    },
    regularCloseOnOrBefore(instrument: Instrument, date: string): number | null {
      return regularCloseOnOrBefore(provider.calendar(instrument), date);
    },
    /** For corporate actions: when the venue's trading day `date` starts (its record-date cut-off). */
    dayStartMs(instrument: Instrument, date: string): number {
      const calendar = provider.calendar(instrument);
      return calendar.days[calendar.indexOfDate(date)]?.startMs ?? Date.parse(`${date}T00:00:00Z`);
    },

    isSimulated: provider.isSimulated,

    status() {
      const nowMs = clock.now().getTime();
      const seen = new Map<string, TradingCalendar>();
      for (const instrument of provider.instruments())
        seen.set(instrument.calendar, provider.calendar(instrument));
      return {
        source: provider.source,
        delayMs: provider.delayMs,
        isSimulated: provider.isSimulated,
        calendars: [...seen.values()].map((calendar) => ({
          calendar: calendar.id,
          timeZone: calendar.timeZone,
          session: calendar.phaseAt(nowMs),
          nextSessionChangeAt: isoOrNull(calendar.nextChangeMs(nowMs)),
        })),
      };
    },

    async quote(symbol: string): Promise<QuoteData> {
      const instrument = requireInstrument(symbol);
      return present(instrument, await fromProvider(provider.quote(symbol)));
    },

    async quotes(symbols: readonly string[]): Promise<QuoteData[]> {
      const instruments = symbols.map(requireInstrument);
      return (await quotesOf(instruments)).map(({ instrument, quote }) => present(instrument, quote));
    },

    async list(request: {
      market: string;
      sort: 'change' | 'volume' | 'turnover';
      order: 'asc' | 'desc';
      offset: number;
      limit: number;
    }) {
      if (!isOneOf(marketTabs, request.market))
        throw new DomainError('UNKNOWN_MARKET', { market: request.market });
      const rows = await quotesOf(tabInstruments(request.market));
      const key = (quote: Quote) =>
        request.sort === 'change'
          ? changeBasisPoints(quote)
          : request.sort === 'volume'
            ? quote.volume
            : quote.turnoverMinor;
      const direction = request.order === 'desc' ? -1 : 1;
      rows.sort((a, b) => {
        const left = key(a.quote);
        const right = key(b.quote);
        if (left === right) return a.instrument.symbol.localeCompare(b.instrument.symbol);
        return left < right ? -direction : direction;
      });
      const page = rows.slice(request.offset, request.offset + request.limit);
      return {
        market: request.market,
        total: rows.length,
        items: page.map(({ instrument, quote }) => present(instrument, quote)),
      };
    },

    async indices(): Promise<QuoteData[]> {
      const instruments = INDEX_STRIP.map((symbol) => provider.instrument(symbol)).filter(
        (found) => found !== undefined,
      );
      return (await quotesOf(instruments)).map(({ instrument, quote }) => present(instrument, quote));
    },

    instrument(symbol: string) {
      const instrument = requireInstrument(symbol);
      const calendar = provider.calendar(instrument);
      const nowMs = clock.now().getTime();
      const today = calendar.dateAt(nowMs);
      return {
        symbol: instrument.symbol,
        code: instrument.code,
        name: instrument.name,
        market: instrument.market,
        kind: instrument.kind,
        exchange: instrument.exchange,
        currency: instrument.currency,
        priceScale: instrument.priceScale,
        lotSize: instrument.lotSize,
        tickSize: formatDecimal(instrument.tickSizeMinor, instrument.priceScale),
        sector: instrument.sector,
        timeZone: calendar.timeZone,
        session: calendar.phaseAt(nowMs),
        nextSessionChangeAt: isoOrNull(calendar.nextChangeMs(nowMs)),
        corporateActions: provider
          .corporateActions(symbol)
          .filter((action) => action.exDate <= today)
          .map((action) =>
            action.kind === 'split'
              ? {
                  kind: action.kind,
                  exDate: action.exDate,
                  amount: null,
                  ratioFrom: action.ratioFrom,
                  ratioTo: action.ratioTo,
                }
              : {
                  kind: action.kind,
                  exDate: action.exDate,
                  amount: formatDecimal(action.amountMinor, instrument.priceScale),
                  ratioFrom: null,
                  ratioTo: null,
                },
          ),
      };
    },

    async candles(request: { symbol: string; period: string; range: string; adjustment: string }) {
      const instrument = requireInstrument(request.symbol);
      const { period, range, adjustment } = request;
      if (!isOneOf(candlePeriods, period)) throw new DomainError('UNKNOWN_PERIOD', { period });
      if (!isOneOf(candleRanges, range)) throw new DomainError('UNKNOWN_RANGE', { range });
      if (!isOneOf(priceAdjustments, adjustment)) throw new DomainError('UNKNOWN_ADJUSTMENT', { adjustment });
      const longestRange = longestRangeByPeriod[period];
      if (candleRanges.indexOf(range) > candleRanges.indexOf(longestRange)) {
        throw new DomainError('PERIOD_RANGE_UNSUPPORTED', { period, range, longestRange });
      }
      const calendar = provider.calendar(instrument);
      const nowMs = clock.now().getTime();
      const window = candleWindow(calendar, range, nowMs);
      const isDaily = dailyPeriods.has(period);
      const today = calendar.dateAt(nowMs);
      const build = async (fromMs: number) => {
        const raw = await fromProvider(
          provider.candles(instrument.symbol, isDaily ? 'day' : 'minute', fromMs, window.toMs),
        );
        const adjusted = await adjust(instrument, raw, adjustment, isDaily, today);
        return aggregateCandles(adjusted, bucketingByPeriod[period]).map((candle) => ({
          startMs: candle.startMs,
          wire: formatCandle(candle, instrument.priceScale),
        }));
      };
      // Past daily candles never change: keep them per trading day and rebuild only the last bucket.
      const cacheKey = `${instrument.symbol}|${period}|${range}|${adjustment}|${today}`;
      const head = isDaily ? settledCandles.get(cacheKey) : undefined;
      let candles: { startMs: number; wire: ReturnType<typeof formatCandle> }[];
      if (head) {
        candles = [...head.candles, ...(await build(head.lastBucketStartMs))];
      } else {
        candles = await build(isDaily ? window.dayFromMs : window.minuteFromMs);
        const last = candles.at(-1);
        if (isDaily && last)
          rememberSettled(cacheKey, { candles: candles.slice(0, -1), lastBucketStartMs: last.startMs });
      }
      return {
        symbol: instrument.symbol,
        period,
        range,
        adjustment,
        priceScale: instrument.priceScale,
        currency: instrument.currency,
        source: provider.source,
        delayMs: provider.delayMs,
        isSimulated: provider.isSimulated,
        candles: candles.map((candle) => candle.wire),
      };
    },

    search(query: string, limit: number) {
      return search.search(query, limit).map((instrument) => ({
        symbol: instrument.symbol,
        code: instrument.code,
        name: instrument.name,
        market: instrument.market,
        kind: instrument.kind,
        exchange: instrument.exchange,
        currency: instrument.currency,
      }));
    },

    async fxRate(base: string, quoteCurrency: string) {
      const rate = await fromProvider(provider.fxRate(base, quoteCurrency));
      return {
        base,
        quote: quoteCurrency,
        rate: formatDecimal(rate.rateMinor, 6),
        source: rate.source,
        delayMs: rate.delayMs,
        timestamp: rate.timestamp.toISOString(),
      };
    },

    async watchlist(userId: bigint) {
      const rows = await repository.listWatchlist(db, userId);
      const known = rows.filter((row) => provider.instrument(row.symbol));
      const quotes = await quotesOf(known.map((row) => requireInstrument(row.symbol)));
      return known.map((row, index) => {
        const entry = quotes[index] as { instrument: Instrument; quote: Quote };
        return {
          symbol: row.symbol,
          addedAt: row.addedAt.toISOString(),
          quote: present(entry.instrument, entry.quote),
        };
      });
    },

    async addToWatchlist(userId: bigint, symbol: string): Promise<void> {
      requireInstrument(symbol);
      if (await repository.isInWatchlist(db, userId, symbol)) return;
      if ((await repository.countWatchlist(db, userId)) >= WATCHLIST_LIMIT) {
        throw new DomainError('WATCHLIST_FULL', { limit: WATCHLIST_LIMIT });
      }
      await repository.addToWatchlist(db, { userId, symbol, addedAt: clock.now() });
    },

    async removeFromWatchlist(userId: bigint, symbols: readonly string[]): Promise<number> {
      return repository.removeFromWatchlist(db, userId, [...new Set(symbols)]);
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;

/** A provider that fails (a vendor down, a key refused) is a catalogued refusal, never a 500 with its text. */
async function fromProvider<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('PRICE_UNAVAILABLE');
  }
}

function isoOrNull(instantMs: number | null): string | null {
  return instantMs === null ? null : new Date(instantMs).toISOString();
}

function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return isoDate(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay)));
}
