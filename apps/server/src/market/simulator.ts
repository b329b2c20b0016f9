import type { Clock } from '../core/clock';
import { tradingCalendar, type TradingCalendar } from './calendars';
import { buildCatalogue, type CatalogueEntry } from './instruments';
import type { Bar } from './price-path';
import type {
  BaseResolution,
  Candle,
  NewListingEntry,
  CorporateAction,
  FxRate,
  Instrument,
  MarketDataProvider,
  Quote,
  Tick,
} from './provider';
import { SIMULATOR_SOURCE as CONTRACT_SIMULATOR_SOURCE } from '@beurs/contract/rules';
import { SimulatedSeries, turnoverOf } from './simulated-series';

// The embedded market: deterministic from a seed and the injected clock. A price at an instant is
// a pure function of (seed, instrument, instant), so two servers with the same seed agree, a
// restart changes nothing, and no history needs storing. Nothing moves while a market is closed.

/** The name this source gives every price (the contract's, so the apps can translate it). */
export const SIMULATOR_SOURCE: string = CONTRACT_SIMULATOR_SOURCE;
const MINUTE_MS = 60_000;
const SPREAD_BASIS_POINTS = 5n;

/** Where the price path stands at an instant: the day, and how much of it has happened. */
type Position = { index: number; minute: number; second: number; isOpen: boolean };

export class MarketSimulator implements MarketDataProvider {
  readonly source = SIMULATOR_SOURCE;
  readonly delayMs = 0;
  readonly isSimulated = true;
  private readonly clock: Clock;
  private readonly seed: number;
  private readonly entries: CatalogueEntry[];
  private readonly bySymbol = new Map<string, CatalogueEntry>();
  private readonly series = new Map<string, SimulatedSeries>();
  /** New listings (IPOs): the index of their first trading day in their calendar. */
  private readonly firstIndexBySymbol = new Map<string, number>();
  private readonly listeners = new Set<(tick: Tick) => void>();
  private lastPumpSecond = -1;
  private timer: NodeJS.Timeout | null = null;
  private isTicking = false;

  constructor(options: { clock: Clock; seed: number; catalogue?: CatalogueEntry[] }) {
    this.clock = options.clock;
    this.seed = options.seed;
    this.entries = [...(options.catalogue ?? buildCatalogue())];
    for (const entry of this.entries) this.bySymbol.set(entry.instrument.symbol, entry);
  }

  instruments(): readonly Instrument[] {
    return this.entries.map((entry) => entry.instrument);
  }

  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol)?.instrument;
  }

  /**
   * Lists a new instrument (an IPO's) at the first session opening at or after `listingAtMs`:
   * from that open its price path is the same random walk as every other instrument's, starting
   * at the entry's start price (the issue price), deterministic from the seed and the symbol.
   * Adding a symbol already known answers it unchanged.
   */
  addListing(entry: NewListingEntry, listingAtMs: number): Instrument {
    const known = this.bySymbol.get(entry.instrument.symbol);
    if (known) return known.instrument;
    const calendar = tradingCalendar(entry.instrument.calendar);
    const firstIndex = Math.max(0, calendar.lastStartedIndex(listingAtMs - 1) + 1);
    const firstDay = calendar.days[firstIndex];
    if (!firstDay) throw new RangeError(`no session after ${new Date(listingAtMs).toISOString()}`);
    const listed: CatalogueEntry = {
      instrument: { ...entry.instrument, listedFromMs: firstDay.startMs },
      dividend: null,
    };
    this.entries.push(listed);
    this.bySymbol.set(listed.instrument.symbol, listed);
    this.firstIndexBySymbol.set(listed.instrument.symbol, firstIndex);
    return listed.instrument;
  }

  calendar(instrument: Instrument): TradingCalendar {
    return tradingCalendar(instrument.calendar);
  }

  /** The series of a symbol, built on first use (about a millisecond each). */
  seriesOf(symbol: string): SimulatedSeries {
    let series = this.series.get(symbol);
    if (!series) {
      const entry = this.bySymbol.get(symbol);
      if (!entry) throw new RangeError(`unknown symbol ${symbol}`);
      series = new SimulatedSeries(
        entry,
        tradingCalendar(entry.instrument.calendar),
        this.seed,
        this.firstIndexBySymbol.get(symbol) ?? 0,
      );
      this.series.set(symbol, series);
    }
    return series;
  }

  async quote(symbol: string): Promise<Quote> {
    return this.quoteAt(symbol, this.clock.now().getTime());
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    const now = this.clock.now().getTime();
    return symbols.map((symbol) => this.quoteAt(symbol, now));
  }

  quoteAt(symbol: string, instantMs: number): Quote {
    const series = this.seriesOf(symbol);
    const position = this.positionAt(series, instantMs);
    const instrument = series.entry.instrument;
    if (!position) return this.beforeHistoryQuote(instrument);
    const day = this.dayBarSoFar(series, position);
    const tick = series.tickMinor;
    const lastMinor = BigInt(day.bar.close) * tick;
    const spread = this.halfSpreadMinor(lastMinor, tick);
    const shares = instrument.sharesOutstanding;
    const session = series.calendar.days[position.index];
    const timestampMs = position.isOpen
      ? (session?.startMs ?? 0) + position.minute * MINUTE_MS + position.second * 1000
      : (session?.endMs ?? 0) - 1000;
    return {
      symbol,
      lastMinor,
      openMinor: BigInt(day.bar.open) * tick,
      highMinor: BigInt(day.bar.high) * tick,
      lowMinor: BigInt(day.bar.low) * tick,
      previousCloseMinor: series.referencePriceMinor(position.index),
      volume: BigInt(day.bar.volume),
      turnoverMinor: day.turnoverMinor,
      bidMinor: position.isOpen ? lastMinor - spread : null,
      askMinor: position.isOpen ? lastMinor + spread : null,
      marketCapMinor: shares === null ? null : lastMinor * shares * series.sharesMultiplier(position.index),
      session: series.calendar.phaseAt(instantMs),
      source: this.source,
      delayMs: this.delayMs,
      timestamp: new Date(timestampMs),
    };
  }

  async candles(symbol: string, resolution: BaseResolution, fromMs: number, toMs: number): Promise<Candle[]> {
    const series = this.seriesOf(symbol);
    const now = this.clock.now().getTime();
    const position = this.positionAt(series, now);
    if (!position) return [];
    const days = series.calendar.days;
    const candles: Candle[] = [];
    for (let index = series.firstIndex; index <= position.index; index += 1) {
      const session = days[index];
      if (!session || session.endMs <= fromMs || session.startMs >= toMs) continue;
      if (resolution === 'day') {
        const dayStartMs = Date.parse(`${session.date}T00:00:00Z`);
        if (dayStartMs < fromMs || dayStartMs >= toMs) continue;
        const bar = index === position.index ? this.dayBarSoFar(series, position).bar : series.dayBar(index);
        if (bar) candles.push(toCandle(dayStartMs, bar, series.tickMinor));
      } else {
        candles.push(
          ...this.minuteCandles(series, index, index === position.index ? position : null, fromMs, toMs),
        );
      }
    }
    return candles;
  }

  corporateActions(symbol: string): readonly CorporateAction[] {
    return this.seriesOf(symbol).actions;
  }

  async fxRate(base: string, quoteCurrency: string): Promise<FxRate> {
    const direct = this.bySymbol.get(`${base}${quoteCurrency}`);
    const inverse = this.bySymbol.get(`${quoteCurrency}${base}`);
    const entry = direct ?? inverse;
    if (!entry || entry.instrument.kind !== 'forex')
      throw new RangeError(`no rate for ${base}/${quoteCurrency}`);
    const quote = await this.quote(entry.instrument.symbol);
    const scale = 10n ** BigInt(entry.instrument.priceScale);
    const rateMinor = direct ? quote.lastMinor : (scale * scale + quote.lastMinor / 2n) / quote.lastMinor;
    return {
      base,
      quote: quoteCurrency,
      rateMinor,
      source: this.source,
      delayMs: this.delayMs,
      timestamp: quote.timestamp,
    };
  }

  onTick(listener: (tick: Tick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Publishes one tick per open instrument for the current second, once per second of clock time.
   * A timer calls this (see `startTicking`); tests call it after moving a manual clock.
   */
  pump(): number {
    const now = this.clock.now().getTime();
    const second = Math.floor(now / 1000);
    if (second === this.lastPumpSecond) return 0;
    this.lastPumpSecond = second;
    let published = 0;
    for (const entry of this.entries) {
      const series = this.seriesOf(entry.instrument.symbol);
      const position = this.positionAt(series, now);
      if (!position?.isOpen) continue;
      const { prices, sizes } = series.ticks(position.index, position.minute);
      const tick: Tick = {
        symbol: entry.instrument.symbol,
        priceMinor: BigInt(prices[position.second] ?? 0) * series.tickMinor,
        size: BigInt(sizes[position.second] ?? 0),
        timestampMs: second * 1000,
      };
      for (const listener of this.listeners) listener(tick);
      published += 1;
    }
    return published;
  }

  /** Calls `pump` on a timer; the clock, not the timer, decides the prices. */
  start(): void {
    if (this.isTicking) return;
    this.isTicking = true;
    this.warmUp(0);
    this.scheduleNextPump();
  }

  /** Builds every series in the background, one per turn of the event loop, so no request waits for it. */
  private warmUp(from: number): void {
    const entry = this.entries[from];
    if (!entry || !this.isTicking) return;
    this.seriesOf(entry.instrument.symbol);
    setImmediate(() => this.warmUp(from + 1));
  }

  /** Wakes just after the next whole second of clock time, and at least every 100 ms. */
  private scheduleNextPump(): void {
    const untilNextSecond = 1000 - (this.clock.now().getTime() % 1000);
    this.timer = setTimeout(
      () => {
        if (!this.isTicking) return;
        this.pump();
        this.scheduleNextPump();
      },
      Math.min(100, untilNextSecond + 1),
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.isTicking = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private positionAt(series: SimulatedSeries, instantMs: number): Position | null {
    const index = series.calendar.lastStartedIndex(instantMs);
    if (index < series.firstIndex) return null; // a new listing before its first session
    const session = series.calendar.days[index];
    if (!session) return null;
    if (instantMs >= session.endMs) {
      return { index, minute: series.minutesIn(index) - 1, second: 59, isOpen: false };
    }
    const elapsedSeconds = Math.floor((instantMs - session.startMs) / 1000);
    return { index, minute: Math.floor(elapsedSeconds / 60), second: elapsedSeconds % 60, isOpen: true };
  }

  /** The day's bar from its first tick up to the position (the whole day once closed). */
  private dayBarSoFar(series: SimulatedSeries, position: Position): { bar: Bar; turnoverMinor: bigint } {
    const day = series.minuteDay(position.index);
    const { prices, sizes } = series.ticks(position.index, position.minute);
    const partial = partialMinute(prices, sizes, position.second);
    const partialTurnover = turnoverOf(partial, series.tickMinor);
    const done = position.minute - 1;
    if (done < 0) return { bar: partial, turnoverMinor: partialTurnover };
    const bar: Bar = {
      open: day.bars[0]?.open ?? partial.open,
      high: Math.max(day.highs[done] ?? partial.high, partial.high),
      low: Math.min(day.lows[done] ?? partial.low, partial.low),
      close: partial.close,
      volume: (day.volumes[done] ?? 0) + partial.volume,
    };
    return { bar, turnoverMinor: (day.turnovers[done] ?? 0n) + partialTurnover };
  }

  private minuteCandles(
    series: SimulatedSeries,
    index: number,
    position: Position | null,
    fromMs: number,
    toMs: number,
  ): Candle[] {
    const session = series.calendar.days[index];
    if (!session) return [];
    const minutes = series.minuteBars(index);
    const last = position ? position.minute : minutes.length - 1;
    const candles: Candle[] = [];
    for (let minute = 0; minute <= last; minute += 1) {
      const startMs = session.startMs + minute * MINUTE_MS;
      if (startMs < fromMs || startMs >= toMs) continue;
      let bar = minutes[minute];
      if (position && minute === position.minute) {
        const { prices, sizes } = series.ticks(index, minute);
        bar = partialMinute(prices, sizes, position.second);
      }
      if (bar) candles.push(toCandle(startMs, bar, series.tickMinor));
    }
    return candles;
  }

  private halfSpreadMinor(lastMinor: bigint, tick: bigint): bigint {
    const half = (lastMinor * SPREAD_BASIS_POINTS) / 20_000n;
    return half < tick ? tick : (half / tick) * tick;
  }

  private beforeHistoryQuote(instrument: Instrument): Quote {
    const price = instrument.startPriceMinor;
    return {
      symbol: instrument.symbol,
      lastMinor: price,
      openMinor: price,
      highMinor: price,
      lowMinor: price,
      previousCloseMinor: price,
      volume: 0n,
      turnoverMinor: 0n,
      bidMinor: null,
      askMinor: null,
      marketCapMinor: instrument.sharesOutstanding === null ? null : price * instrument.sharesOutstanding,
      session: 'closed',
      source: this.source,
      delayMs: this.delayMs,
      timestamp: new Date(0),
    };
  }
}

/** The bar of the first `second + 1` ticks of a minute. */
function partialMinute(prices: Int32Array, sizes: Float64Array, second: number): Bar {
  const first = prices[0] ?? 0;
  const bar: Bar = { open: first, high: first, low: first, close: first, volume: 0 };
  for (let index = 0; index <= second; index += 1) {
    const price = prices[index] ?? 0;
    if (price > bar.high) bar.high = price;
    if (price < bar.low) bar.low = price;
    bar.close = price;
    bar.volume += sizes[index] ?? 0;
  }
  return bar;
}

function toCandle(startMs: number, bar: Bar, tickMinor: bigint): Candle {
  return {
    startMs,
    openMinor: BigInt(bar.open) * tickMinor,
    highMinor: BigInt(bar.high) * tickMinor,
    lowMinor: BigInt(bar.low) * tickMinor,
    closeMinor: BigInt(bar.close) * tickMinor,
    volume: BigInt(bar.volume),
    turnoverMinor: turnoverOf(bar, tickMinor),
  };
}
