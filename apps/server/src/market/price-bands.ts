import type { TradingCalendar } from './calendars';
import type {
  BaseResolution,
  Candle,
  CorporateAction,
  FxRate,
  Instrument,
  InstrumentKind,
  MarketDataProvider,
  Quote,
  Tick,
} from './provider';

// Sanity bands on every price a vendor sends (issue 12, item 2): a vendor price is used only when
// it lies within the instrument's previous close ± its venue's band, and an FX rate only when it
// also lies within a configured band that does not come from the vendor at all. A price outside is
// refused — the caller answers PRICE_UNAVAILABLE, a tick is dropped — never shown or traded on.
//
// Euronext and the US exchanges have no daily price limit: they halt trading through collars and
// limit-up/limit-down bands of 5–20 % around a moving reference, so a price can legitimately move
// further in a day. The bands below are therefore wider than any venue collar and narrower than
// what a broken or forged feed sends (a factor, a decimal shift, a made-up number). A real move
// beyond them makes the instrument untradeable here for the day: the safe side.

export const PRICE_BAND_BASIS_POINTS: Record<InstrumentKind, number> = {
  /** No daily limit on Euronext or NYSE/Nasdaq; halts at 5–20 % steps. */
  stock: 5_000,
  etf: 5_000,
  /** The US market-wide circuit breaker closes the market at −20 %; the worst day was −22.6 %. */
  index: 2_500,
  /** The majors' largest daily moves are a few percent (EUR/CHF 2015, about −20 %, aside). */
  forex: 1_000,
  /** Crypto venues trade around the clock with no limit at all. */
  crypto: 5_000,
};

/** A configured range for one currency pair (units of `quote` per `base`, FX-rate scale 6). */
export type FxRateBand = { base: string; quote: string; lowMinor: bigint; highMinor: bigint };

const BASIS_POINTS = 10_000n;

export class PriceOutOfBandError extends Error {
  constructor(what: string) {
    super(`${what} is outside its sanity band`);
    this.name = 'PriceOutOfBandError';
  }
}

/** Whether `priceMinor` lies within `referenceMinor` ± `basisPoints` (bounds included). */
export function isWithinBand(priceMinor: bigint, referenceMinor: bigint, basisPoints: number): boolean {
  if (priceMinor <= 0n || referenceMinor <= 0n) return false;
  const width = (referenceMinor * BigInt(basisPoints)) / BASIS_POINTS;
  return priceMinor >= referenceMinor - width && priceMinor <= referenceMinor + width;
}

/**
 * Wraps a vendor's provider so that no price outside its band leaves it. The reference of a tick is
 * the previous close of the symbol's latest accepted quote; a tick for a symbol without one is
 * dropped while that quote is fetched.
 */
export class PriceBandedProvider implements MarketDataProvider {
  readonly source: string;
  readonly delayMs: number;
  readonly isSimulated: boolean;
  private readonly previousClose = new Map<string, bigint>();
  private readonly fetching = new Set<string>();

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly fxRateBands: readonly FxRateBand[],
  ) {
    this.source = inner.source;
    this.delayMs = inner.delayMs;
    this.isSimulated = inner.isSimulated;
  }

  instruments(): readonly Instrument[] {
    return this.inner.instruments();
  }

  instrument(symbol: string): Instrument | undefined {
    return this.inner.instrument(symbol);
  }

  calendar(instrument: Instrument): TradingCalendar {
    return this.inner.calendar(instrument);
  }

  async quote(symbol: string): Promise<Quote> {
    return this.checkQuote(await this.inner.quote(symbol));
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    return (await this.inner.quotes(symbols)).map((quote) => this.checkQuote(quote));
  }

  async candles(symbol: string, resolution: BaseResolution, fromMs: number, toMs: number): Promise<Candle[]> {
    const candles = await this.inner.candles(symbol, resolution, fromMs, toMs);
    const band = this.bandOf(symbol);
    let reference: bigint | null = null;
    for (const candle of candles) {
      const anchor = reference ?? candle.openMinor;
      for (const price of [candle.openMinor, candle.highMinor, candle.lowMinor, candle.closeMinor]) {
        if (!isWithinBand(price, anchor, band)) throw new PriceOutOfBandError(`a ${symbol} candle`);
      }
      reference = candle.closeMinor;
    }
    return candles;
  }

  corporateActions(symbol: string): readonly CorporateAction[] {
    return this.inner.corporateActions(symbol);
  }

  /**
   * Two references: the pair's previous close from the vendor ± the forex band, and the configured
   * band for the pair (independent of the vendor). A pair without a catalogued instrument has no
   * reference and is refused.
   */
  async fxRate(base: string, quoteCurrency: string): Promise<FxRate> {
    const rate = await this.inner.fxRate(base, quoteCurrency);
    const direct = this.inner.instrument(`${base}${quoteCurrency}`);
    const inverse = direct ? undefined : this.inner.instrument(`${quoteCurrency}${base}`);
    const pair = direct ?? inverse;
    if (!pair || pair.kind !== 'forex')
      throw new PriceOutOfBandError(`${base}/${quoteCurrency} (no reference)`);
    const pairQuote = await this.quote(pair.symbol);
    const one = 10n ** BigInt(pair.priceScale);
    const previousClose = direct
      ? pairQuote.previousCloseMinor
      : (one * one + pairQuote.previousCloseMinor / 2n) / pairQuote.previousCloseMinor;
    if (!isWithinBand(rate.rateMinor, previousClose, PRICE_BAND_BASIS_POINTS.forex)) {
      throw new PriceOutOfBandError(`the ${base}/${quoteCurrency} rate`);
    }
    for (const band of this.fxRateBands) {
      const inBase =
        band.base === base && band.quote === quoteCurrency
          ? rate.rateMinor
          : band.base === quoteCurrency && band.quote === base
            ? (one * one + rate.rateMinor / 2n) / rate.rateMinor
            : null;
      if (inBase !== null && (inBase < band.lowMinor || inBase > band.highMinor)) {
        throw new PriceOutOfBandError(`the ${base}/${quoteCurrency} rate (configured band)`);
      }
    }
    return rate;
  }

  onTick(listener: (tick: Tick) => void): () => void {
    return this.inner.onTick((tick) => {
      const reference = this.previousClose.get(tick.symbol);
      if (reference === undefined) return this.fetchReference(tick.symbol);
      if (isWithinBand(tick.priceMinor, reference, this.bandOf(tick.symbol))) listener(tick);
    });
  }

  start(): void {
    this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private checkQuote(quote: Quote): Quote {
    const band = this.bandOf(quote.symbol);
    const reference = quote.previousCloseMinor;
    for (const price of [quote.lastMinor, quote.openMinor, quote.highMinor, quote.lowMinor]) {
      if (!isWithinBand(price, reference, band)) throw new PriceOutOfBandError(`a ${quote.symbol} price`);
    }
    for (const price of [quote.bidMinor, quote.askMinor]) {
      if (price !== null && !isWithinBand(price, reference, band)) {
        throw new PriceOutOfBandError(`a ${quote.symbol} bid or ask`);
      }
    }
    this.previousClose.set(quote.symbol, reference);
    return quote;
  }

  private fetchReference(symbol: string): void {
    if (this.fetching.has(symbol)) return;
    this.fetching.add(symbol);
    this.quote(symbol)
      .catch(() => undefined)
      .finally(() => this.fetching.delete(symbol));
  }

  private bandOf(symbol: string): number {
    const instrument = this.inner.instrument(symbol);
    if (!instrument) throw new RangeError(`unknown symbol ${symbol}`);
    return PRICE_BAND_BASIS_POINTS[instrument.kind];
  }
}
