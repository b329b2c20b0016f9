import WebSocket from 'ws';
import type { Clock } from '../../core/clock';
import { tradingCalendar, type TradingCalendar } from '../calendars';
import { buildCatalogue } from '../instruments';
import type {
  BaseResolution,
  Candle,
  CorporateAction,
  FxRate,
  Instrument,
  MarketDataProvider,
  Quote,
  Tick,
} from '../provider';
import {
  candlePath,
  finnhubSymbol,
  vendorMinor,
  vendorVolume,
  type FinnhubCandles,
  type FinnhubQuote,
  type FinnhubRates,
  type FinnhubSocketMessage,
} from './finnhub-format';

// Live market data from Finnhub: REST for quotes, candles and FX rates, the WebSocket trade stream
// for ticks. The newest trade from the stream overrides the REST quote's last price. Finnhub's
// free tier gives no dividends or splits, so corporate actions are empty and adjusted candles
// equal the raw ones; it gives no bid/ask or market capitalisation in /quote either (null here).

export const FINNHUB_SOURCE = 'Finnhub';
/** Finnhub's own endpoints; another is accepted only in tests (config.ts), and never leaves demo mode. */
export const FINNHUB_REST_URL = 'https://finnhub.io/api/v1';
export const FINNHUB_SOCKET_URL = 'wss://ws.finnhub.io';
const QUOTE_TTL_MS = 15_000;
const RECONNECT_MS_MAX = 30_000;

export type FinnhubOptions = {
  apiKey: string;
  clock: Clock;
  restUrl?: string;
  socketUrl?: string;
  instruments?: readonly Instrument[];
};

type LiveState = { lastMinor: bigint; timestampMs: number; volume: bigint; date: string };

export class FinnhubProvider implements MarketDataProvider {
  /** The vendor and the host its prices come from: 'Finnhub (finnhub.io)'. */
  readonly source: string;
  readonly delayMs = 0;
  readonly isSimulated = false;
  private readonly options: Required<Omit<FinnhubOptions, 'instruments'>>;
  private readonly catalogue: readonly Instrument[];
  private readonly bySymbol = new Map<string, Instrument>();
  private readonly byVendorSymbol = new Map<string, Instrument>();
  private readonly quoteCache = new Map<string, { fetchedMs: number; quote: FinnhubQuote }>();
  private readonly live = new Map<string, LiveState>();
  private readonly listeners = new Set<(tick: Tick) => void>();
  private socket: WebSocket | null = null;
  private isRunning = false;
  private reconnectDelayMs = 1000;

  constructor(options: FinnhubOptions) {
    this.options = {
      apiKey: options.apiKey,
      clock: options.clock,
      restUrl: options.restUrl ?? FINNHUB_REST_URL,
      socketUrl: options.socketUrl ?? FINNHUB_SOCKET_URL,
    };
    this.source = `${FINNHUB_SOURCE} (${new URL(this.options.restUrl).host})`;
    this.catalogue = options.instruments ?? buildCatalogue().map((entry) => entry.instrument);
    for (const instrument of this.catalogue) {
      this.bySymbol.set(instrument.symbol, instrument);
      this.byVendorSymbol.set(finnhubSymbol(instrument), instrument);
    }
  }

  instruments(): readonly Instrument[] {
    return this.catalogue;
  }

  instrument(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }

  calendar(instrument: Instrument): TradingCalendar {
    return tradingCalendar(instrument.calendar);
  }

  async quote(symbol: string): Promise<Quote> {
    const instrument = this.require(symbol);
    const rest = await this.restQuote(instrument);
    const scale = instrument.priceScale;
    const live = this.live.get(symbol);
    const restTimeMs = rest.t * 1000;
    const useLive = live !== undefined && live.timestampMs >= restTimeMs;
    const lastMinor = useLive ? live.lastMinor : this.price(rest.c, scale);
    const highMinor = this.price(rest.h, scale);
    const lowMinor = this.price(rest.l, scale);
    return {
      symbol,
      lastMinor,
      openMinor: this.price(rest.o, scale),
      highMinor: lastMinor > highMinor ? lastMinor : highMinor,
      lowMinor: lastMinor < lowMinor ? lastMinor : lowMinor,
      previousCloseMinor: this.price(rest.pc, scale),
      volume: live?.volume ?? 0n,
      turnoverMinor: 0n,
      bidMinor: null,
      askMinor: null,
      marketCapMinor: null,
      session: this.calendar(instrument).phaseAt(this.options.clock.now().getTime()),
      source: this.source,
      delayMs: this.delayMs,
      timestamp: new Date(useLive ? live.timestampMs : restTimeMs),
    };
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    return Promise.all(symbols.map((symbol) => this.quote(symbol)));
  }

  async candles(symbol: string, resolution: BaseResolution, fromMs: number, toMs: number): Promise<Candle[]> {
    const instrument = this.require(symbol);
    const query = new URLSearchParams({
      symbol: finnhubSymbol(instrument),
      resolution: resolution === 'day' ? 'D' : '1',
      from: String(Math.floor(fromMs / 1000)),
      to: String(Math.ceil(toMs / 1000)),
    });
    const body = await this.get<FinnhubCandles>(`${candlePath(instrument)}?${query}`);
    if (body.s !== 'ok') return [];
    const scale = instrument.priceScale;
    return (body.t ?? []).map((seconds, index) => ({
      startMs: seconds * 1000,
      openMinor: this.price(body.o?.[index], scale),
      highMinor: this.price(body.h?.[index], scale),
      lowMinor: this.price(body.l?.[index], scale),
      closeMinor: this.price(body.c?.[index], scale),
      volume: vendorVolume(body.v?.[index]),
      turnoverMinor: 0n,
    }));
  }

  corporateActions(): readonly CorporateAction[] {
    return [];
  }

  async fxRate(base: string, quoteCurrency: string): Promise<FxRate> {
    const body = await this.get<FinnhubRates>(`/forex/rates?${new URLSearchParams({ base })}`);
    const rateMinor = vendorMinor(body.quote?.[quoteCurrency], 6);
    if (rateMinor === null) throw new Error(`Finnhub has no ${base}/${quoteCurrency} rate`);
    return {
      base,
      quote: quoteCurrency,
      rateMinor,
      source: this.source,
      delayMs: this.delayMs,
      timestamp: this.options.clock.now(),
    };
  }

  onTick(listener: (tick: Tick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the trade stream and subscribes to every instrument; reconnects with backoff. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.connect();
  }

  async close(): Promise<void> {
    this.isRunning = false;
    this.listeners.clear();
    this.socket?.terminate();
    this.socket = null;
  }

  /** Applies one message of the trade stream (public for the tests of the message format). */
  handleSocketMessage(message: FinnhubSocketMessage): void {
    if (message.type !== 'trade') return;
    for (const trade of message.data) {
      const instrument = this.byVendorSymbol.get(trade.s);
      const priceMinor = instrument ? vendorMinor(trade.p, instrument.priceScale) : null;
      if (!instrument || priceMinor === null || priceMinor <= 0n) continue;
      const size = vendorVolume(trade.v);
      const date = this.calendar(instrument).dateAt(trade.t);
      const previous = this.live.get(instrument.symbol);
      if (previous && previous.timestampMs > trade.t) continue;
      const volume = previous && previous.date === date ? previous.volume + size : size;
      this.live.set(instrument.symbol, { lastMinor: priceMinor, timestampMs: trade.t, volume, date });
      const tick: Tick = { symbol: instrument.symbol, priceMinor, size, timestampMs: trade.t };
      for (const listener of this.listeners) listener(tick);
    }
  }

  private connect(): void {
    const socket = new WebSocket(
      `${this.options.socketUrl}?${new URLSearchParams({ token: this.options.apiKey })}`,
    );
    this.socket = socket;
    socket.on('open', () => {
      this.reconnectDelayMs = 1000;
      for (const vendorSymbol of this.byVendorSymbol.keys())
        socket.send(JSON.stringify({ type: 'subscribe', symbol: vendorSymbol }));
    });
    socket.on('message', (data) => {
      try {
        this.handleSocketMessage(JSON.parse(data.toString()) as FinnhubSocketMessage);
      } catch {
        // A malformed vendor message is skipped; the next trade carries the newest price.
      }
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      if (!this.isRunning || this.socket !== socket) return;
      const delay = this.reconnectDelayMs;
      this.reconnectDelayMs = Math.min(RECONNECT_MS_MAX, delay * 2);
      setTimeout(() => this.isRunning && this.connect(), delay).unref();
    });
  }

  private async restQuote(instrument: Instrument): Promise<FinnhubQuote> {
    const nowMs = this.options.clock.now().getTime();
    const cached = this.quoteCache.get(instrument.symbol);
    if (cached && nowMs - cached.fetchedMs < QUOTE_TTL_MS) return cached.quote;
    const quote = await this.get<FinnhubQuote>(
      `/quote?${new URLSearchParams({ symbol: finnhubSymbol(instrument) })}`,
    );
    if (typeof quote.c !== 'number' || quote.c <= 0)
      throw new Error(`Finnhub has no price for ${instrument.symbol}`);
    this.quoteCache.set(instrument.symbol, { fetchedMs: nowMs, quote });
    return quote;
  }

  private async get<T>(pathAndQuery: string): Promise<T> {
    const response = await fetch(`${this.options.restUrl}${pathAndQuery}`, {
      headers: { 'X-Finnhub-Token': this.options.apiKey },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok)
      throw new Error(`Finnhub answered HTTP ${response.status} to ${pathAndQuery.split('?')[0]}`);
    return (await response.json()) as T;
  }

  private price(value: unknown, scale: number): bigint {
    const minor = vendorMinor(value, scale);
    if (minor === null) throw new Error('Finnhub sent a price that is not a number');
    return minor;
  }

  private require(symbol: string): Instrument {
    const instrument = this.bySymbol.get(symbol);
    if (!instrument) throw new RangeError(`unknown symbol ${symbol}`);
    return instrument;
  }
}
