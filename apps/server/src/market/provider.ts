import type { TobClass } from '@beurs/contract';
import type { CalendarId, SessionPhase, TradingCalendar } from './calendars';

/** A catalogue row for a new listing (the simulator's `CatalogueEntry`, without dividends). */
export type NewListingEntry = { readonly instrument: Instrument; readonly dividend: null };

// The one interface every market-data source implements: the embedded simulator (demo mode) and
// real vendors (live mode). Prices are bigint minor units at the instrument's `priceScale` (4 for
// shares, indices and crypto; 6 for forex, the FX-rate scale). Every quote names its source, its
// delay and the time of the price it carries (DESIGN.md §1.1).

/** The app's market switcher values (spec section 2) plus the other tabs with data. */
export const marketIds = ['frank', 'usd', 'ETF-BEL', 'ETF-USA', 'index', 'forex', 'crypto'] as const;
export type MarketId = (typeof marketIds)[number];
export type InstrumentKind = 'stock' | 'etf' | 'index' | 'forex' | 'crypto';

export type Instrument = {
  /** Unique key: 'ABI.BR', 'AAPL', '^BEL20', 'EURUSD', 'BTCUSD'. */
  readonly symbol: string;
  /** The ticker shown to users ('ABI', 'AAPL', 'BEL 20', 'EUR/USD'). */
  readonly code: string;
  readonly name: string;
  readonly kind: InstrumentKind;
  readonly market: MarketId;
  /** ISO 10383 MIC of the listing venue, or 'FX' / 'CRYPTO'. */
  readonly exchange: string;
  readonly calendar: CalendarId;
  /** ISO 4217 code of the price currency (the quote currency for forex pairs). */
  readonly currency: string;
  readonly lotSize: number;
  /** Decimals of a traded quantity: 0 for shares and ETFs (whole shares), 8 for crypto. */
  readonly quantityScale: number;
  /** The Belgian TOB class of a trade in it ('none' for crypto and what cannot be traded). */
  readonly tobClass: TobClass;
  readonly priceScale: number;
  readonly tickSizeMinor: bigint;
  readonly sector: string;
  /** Simulator only: the price before the first simulated day. */
  readonly startPriceMinor: bigint;
  /** Simulator only: annualised volatility (0.25 = 25 %). */
  readonly volatility: number;
  /** Shares outstanding before any split, for market capitalisation; null when not a share. */
  readonly sharesOutstanding: bigint | null;
  /** Simulator only: typical daily volume. */
  readonly averageDailyVolume: number;
  /**
   * A new listing (an IPO's instrument): when its first session opens. Before then it has no
   * price path and cannot be traded (NOT_LISTED). Absent for instruments listed before history.
   */
  readonly listedFromMs?: number;
};

export type Quote = {
  readonly symbol: string;
  readonly lastMinor: bigint;
  readonly openMinor: bigint;
  readonly highMinor: bigint;
  readonly lowMinor: bigint;
  /** Previous close, adjusted for a split or dividend that goes ex today (as exchanges publish it). */
  readonly previousCloseMinor: bigint;
  readonly volume: bigint;
  /** Traded value in the price currency, at the price scale. */
  readonly turnoverMinor: bigint;
  readonly bidMinor: bigint | null;
  readonly askMinor: bigint | null;
  readonly marketCapMinor: bigint | null;
  readonly session: SessionPhase;
  readonly source: string;
  readonly delayMs: number;
  /** When this price was made (the last trade), not when it was read. */
  readonly timestamp: Date;
};

export type Candle = {
  /** Start of the candle. */
  readonly startMs: number;
  readonly openMinor: bigint;
  readonly highMinor: bigint;
  readonly lowMinor: bigint;
  readonly closeMinor: bigint;
  readonly volume: bigint;
  readonly turnoverMinor: bigint;
};

/** The base resolutions a provider serves; coarser periods are aggregated from these. */
export type BaseResolution = 'minute' | 'day';

export type Tick = {
  readonly symbol: string;
  readonly priceMinor: bigint;
  readonly size: bigint;
  readonly timestampMs: number;
};

export type CorporateAction =
  | {
      readonly kind: 'dividend';
      readonly symbol: string;
      readonly exDate: string;
      readonly amountMinor: bigint;
    }
  | {
      readonly kind: 'split';
      readonly symbol: string;
      readonly exDate: string;
      readonly ratioFrom: number;
      readonly ratioTo: number;
    };

export type FxRate = {
  readonly base: string;
  readonly quote: string;
  /** Units of `quote` per unit of `base`, scale 6. */
  readonly rateMinor: bigint;
  readonly source: string;
  readonly delayMs: number;
  readonly timestamp: Date;
};

export interface MarketDataProvider {
  /** Shown beside every price: 'Beurs simulator (demo)', 'Finnhub'. */
  readonly source: string;
  readonly delayMs: number;
  /** True for the built-in simulator: the app is then in demo mode. */
  readonly isSimulated: boolean;
  instruments(): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  calendar(instrument: Instrument): TradingCalendar;
  quote(symbol: string): Promise<Quote>;
  quotes(symbols: readonly string[]): Promise<Quote[]>;
  /** Candles at a base resolution with `fromMs <= startMs < toMs`, raw (unadjusted). */
  candles(symbol: string, resolution: BaseResolution, fromMs: number, toMs: number): Promise<Candle[]>;
  corporateActions(symbol: string): readonly CorporateAction[];
  fxRate(base: string, quote: string): Promise<FxRate>;
  /** Calls `listener` with each new trade; returns the unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
  /**
   * Simulator only: adds a new instrument (an IPO's) that lists at the first session opening at or
   * after `listingAtMs`, its price path starting there at the entry's start price. Answers the
   * instrument as listed (with `listedFromMs`). A vendor has no such call: its instruments are its own.
   */
  addListing?(entry: NewListingEntry, listingAtMs: number): Instrument;
  /** Starts producing ticks (a timer for the simulator, the vendor's socket for a vendor). */
  start(): void;
  close(): Promise<void>;
}
