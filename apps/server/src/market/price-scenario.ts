import type { TradingCalendar } from './calendars';
import type {
  BaseResolution,
  Candle,
  CorporateAction,
  FxRate,
  Instrument,
  MarketDataProvider,
  Quote,
  Tick,
} from './provider';

// A price scenario for end-to-end tests (issue 16: "watch the margin level fall as the simulated
// price drops"): MARKET_PRICE_SCENARIO scales the simulator's quotes and ticks of named symbols by
// a percentage that moves along a path of points, linear between them, counted in seconds from the
// server's start on its clock. Accepted only with NODE_ENV=test (config.ts refuses it otherwise,
// as it refuses CLOCK_START), so a running server can never be given one; nothing else sets it.
//   MARKET_PRICE_SCENARIO="KBC.BR:0=100,20=100,80=60"
// (KBC.BR at its simulated price for 20 s, then down to 60 % of it at 80 s, and there after).
// Several symbols are separated by ";". Candles are not scaled (the chart keeps the simulator's).

/** One symbol's path: points (seconds from start, percent in basis points), seconds ascending. */
export type PriceScenario = ReadonlyMap<string, readonly { seconds: number; basisPoints: number }[]>;

const POINT = /^(\d{1,5})=(\d{1,3}(?:\.\d{1,2})?)$/;

/** Parses MARKET_PRICE_SCENARIO; null when it is not well formed. */
export function parsePriceScenario(text: string): PriceScenario | null {
  const scenario = new Map<string, { seconds: number; basisPoints: number }[]>();
  for (const part of text.split(';').map((value) => value.trim())) {
    const colon = part.lastIndexOf(':');
    if (colon <= 0) return null;
    const symbol = part.slice(0, colon).trim();
    const points: { seconds: number; basisPoints: number }[] = [];
    for (const point of part.slice(colon + 1).split(',')) {
      const match = POINT.exec(point.trim());
      if (!match) return null;
      const seconds = Number(match[1]);
      const [whole = '0', fraction = ''] = (match[2] ?? '0').split('.');
      const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      if (basisPoints <= 0 || basisPoints > 20_000) return null;
      const previous = points.at(-1);
      if (previous && seconds <= previous.seconds) return null;
      points.push({ seconds, basisPoints });
    }
    if (!symbol || points.length === 0 || scenario.has(symbol)) return null;
    scenario.set(symbol, points);
  }
  return scenario.size > 0 ? scenario : null;
}

/** The path's percentage (basis points) `elapsedMs` after the start: linear between points, flat outside. */
export function scenarioBasisPoints(
  points: readonly { seconds: number; basisPoints: number }[],
  elapsedMs: number,
): number {
  const first = points[0];
  if (!first) return 10_000;
  if (elapsedMs <= first.seconds * 1000) return first.basisPoints;
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1]!;
    const to = points[index]!;
    if (elapsedMs <= to.seconds * 1000) {
      const span = (to.seconds - from.seconds) * 1000;
      return Math.round(
        from.basisPoints + ((to.basisPoints - from.basisPoints) * (elapsedMs - from.seconds * 1000)) / span,
      );
    }
  }
  return points.at(-1)!.basisPoints;
}

/** The simulator with a scenario's symbols scaled (tests only; see above). */
export class ScenarioProvider implements MarketDataProvider {
  readonly source: string;
  readonly delayMs: number;
  readonly isSimulated: boolean;
  readonly addListing: MarketDataProvider['addListing'];
  private readonly startMs: number;

  constructor(
    private readonly inner: MarketDataProvider,
    private readonly scenario: PriceScenario,
    private readonly nowMs: () => number,
  ) {
    this.source = inner.source;
    this.delayMs = inner.delayMs;
    this.isSimulated = inner.isSimulated;
    this.addListing = inner.addListing?.bind(inner);
    this.startMs = nowMs();
  }

  private factor(symbol: string): bigint | null {
    const points = this.scenario.get(symbol);
    return points ? BigInt(scenarioBasisPoints(points, this.nowMs() - this.startMs)) : null;
  }

  private scaleQuote(quote: Quote): Quote {
    const factor = this.factor(quote.symbol);
    if (factor === null) return quote;
    const scale = (minor: bigint) => (minor * factor) / 10_000n;
    const lastMinor = scale(quote.lastMinor);
    // The open and previous close stay the simulator's, so the day's change shows the move.
    return {
      ...quote,
      lastMinor,
      highMinor: quote.highMinor > lastMinor ? quote.highMinor : lastMinor,
      lowMinor: quote.lowMinor < lastMinor ? quote.lowMinor : lastMinor,
      bidMinor: quote.bidMinor === null ? null : scale(quote.bidMinor),
      askMinor: quote.askMinor === null ? null : scale(quote.askMinor),
    };
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
    return this.scaleQuote(await this.inner.quote(symbol));
  }

  async quotes(symbols: readonly string[]): Promise<Quote[]> {
    return (await this.inner.quotes(symbols)).map((quote) => this.scaleQuote(quote));
  }

  candles(symbol: string, resolution: BaseResolution, fromMs: number, toMs: number): Promise<Candle[]> {
    return this.inner.candles(symbol, resolution, fromMs, toMs);
  }

  corporateActions(symbol: string): readonly CorporateAction[] {
    return this.inner.corporateActions(symbol);
  }

  fxRate(base: string, quote: string): Promise<FxRate> {
    return this.inner.fxRate(base, quote);
  }

  onTick(listener: (tick: Tick) => void): () => void {
    return this.inner.onTick((tick) => {
      const factor = this.factor(tick.symbol);
      listener(factor === null ? tick : { ...tick, priceMinor: (tick.priceMinor * factor) / 10_000n });
    });
  }

  start(): void {
    this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
