import type { TradingCalendar, TradingDay } from './calendars';
import type { CatalogueEntry } from './instruments';
import { simulatedSplits } from './instruments';
import { hash32, normal, uniform } from './prng';
import type { CorporateAction } from './provider';
import {
  barsFromPoints,
  bridge,
  distribute,
  noisyWeights,
  shapeToRange,
  type Bar,
  type DrawKey,
} from './price-path';
import { addDays } from './zoned-time';

// One instrument's simulated history: daily bars drawn first (cheap, for every covered day), then
// minute bars of a day shaped to fit that day's bar exactly, then one tick per second shaped to fit
// its minute exactly. So every coarser bar is, by construction, the aggregate of its ticks.

const MINUTE_MS = 60_000;
const TICKS_PER_MINUTE = 60;
const MEAN_REVERSION = 0.002;

type Lanes = { [K in 'gap' | 'move' | 'up' | 'down' | 'volume']: number };
const dayLanes: Lanes = { gap: 1, move: 2, up: 3, down: 4, volume: 5 };
const MINUTE_PATH_LANE = 10;
const MINUTE_WICK_LANE = 11;
const MINUTE_VOLUME_LANE = 12;
const TICK_LANE_BASE = 100;

export class SimulatedSeries {
  readonly entry: CatalogueEntry;
  readonly calendar: TradingCalendar;
  readonly actions: readonly CorporateAction[];
  private readonly key: number;
  private readonly seed: number;
  private readonly daily: Bar[] = [];
  private readonly actionByDay = new Map<number, CorporateAction[]>();
  private readonly minuteCache = new Map<number, DayMinutes>();
  private lastTicks: { index: number; minute: number; ticks: MinuteTicks } | null = null;

  /**
   * The first day with a price path: 0, or a new listing's first session (days before it are
   * flat at the start price with no volume and are never shown; its open is the start price).
   */
  readonly firstIndex: number;

  constructor(entry: CatalogueEntry, calendar: TradingCalendar, seed: number, firstIndex = 0) {
    this.entry = entry;
    this.calendar = calendar;
    this.seed = seed;
    this.firstIndex = firstIndex;
    this.key = hash32(seed, hashSymbol(entry.instrument.symbol));
    this.actions = this.planActions();
    for (const action of this.actions) {
      const index = calendar.indexOfDate(action.exDate);
      this.actionByDay.set(index, [...(this.actionByDay.get(index) ?? []), action]);
    }
    this.buildDaily();
  }

  get tickMinor(): bigint {
    return this.entry.instrument.tickSizeMinor;
  }

  dayCount(): number {
    return this.daily.length;
  }

  dayBar(index: number): Bar | undefined {
    return this.daily[index];
  }

  /** The previous close as published for day `index`: adjusted for a split or dividend going ex that day. */
  referencePriceMinor(index: number): bigint {
    const previous = this.daily[index - 1];
    if (!previous) return this.entry.instrument.startPriceMinor;
    let reference = BigInt(previous.close) * this.tickMinor;
    for (const action of this.actionByDay.get(index) ?? []) {
      if (action.kind === 'split')
        reference = (reference * BigInt(action.ratioFrom)) / BigInt(action.ratioTo);
      else reference -= action.amountMinor;
    }
    return reference;
  }

  /** Split factor applying to shares counted on day `index` (1 before any split). */
  sharesMultiplier(index: number): bigint {
    let multiplier = 1n;
    for (const action of this.actions) {
      if (action.kind === 'split' && this.calendar.indexOfDate(action.exDate) <= index) {
        multiplier = (multiplier * BigInt(action.ratioTo)) / BigInt(action.ratioFrom);
      }
    }
    return multiplier;
  }

  /** Minute bars of day `index`. */
  minuteBars(index: number): Bar[] {
    return this.minuteDay(index).bars;
  }

  /** Minute bars of day `index` with running aggregates (cached, the most recent days kept). */
  minuteDay(index: number): DayMinutes {
    const cached = this.minuteCache.get(index);
    if (cached) return cached;
    const day = withRunningAggregates(this.buildMinutes(index), this.tickMinor);
    if (this.minuteCache.size >= 8) {
      const oldest = this.minuteCache.keys().next().value;
      if (oldest !== undefined) this.minuteCache.delete(oldest);
    }
    this.minuteCache.set(index, day);
    return day;
  }

  /** The 60 one-second ticks of minute `minute` of day `index`: prices in ticks and sizes. */
  ticks(index: number, minute: number): MinuteTicks {
    const last = this.lastTicks;
    if (last && last.index === index && last.minute === minute) return last.ticks;
    const ticks = this.buildTicks(index, minute);
    this.lastTicks = { index, minute, ticks };
    return ticks;
  }

  private buildTicks(index: number, minute: number): MinuteTicks {
    const bar = this.minuteBars(index)[minute];
    if (!bar) throw new RangeError(`no minute ${minute} on day ${index}`);
    const key: DrawKey = { seed: this.key, instrument: minute, day: index };
    const sigma = this.stepSigma(index) / Math.sqrt(TICKS_PER_MINUTE);
    const path = bridge(key, TICK_LANE_BASE, bar.open, bar.close, TICKS_PER_MINUTE - 1, sigma);
    const prices = shapeToRange(path, bar.high, bar.low);
    const weights = noisyWeights(key, TICK_LANE_BASE + 1, () => 1, TICKS_PER_MINUTE);
    return { prices, sizes: distribute(bar.volume, weights) };
  }

  /** Per-minute standard deviation of the path on day `index`, in ticks. */
  private stepSigma(index: number): number {
    const day = this.daily[index];
    const minutes = this.minutesIn(index);
    return ((day?.open ?? 0) * this.dailySigma()) / Math.sqrt(Math.max(1, minutes));
  }

  private dailySigma(): number {
    const { calendar } = this.entry.instrument;
    const daysPerYear = calendar === 'crypto' ? 365 : calendar === 'forex' ? 260 : 252;
    return this.entry.instrument.volatility / Math.sqrt(daysPerYear);
  }

  minutesIn(index: number): number {
    const day = this.calendar.days[index];
    return day ? (day.endMs - day.startMs) / MINUTE_MS : 0;
  }

  private buildDaily(): void {
    const sigma = this.dailySigma();
    const tick = Number(this.tickMinor);
    let anchor = Number(this.entry.instrument.startPriceMinor) / tick;
    let volumeMultiplier = 1;
    for (let index = 0; index < this.calendar.days.length; index += 1) {
      let reference = index === 0 ? anchor : Number(this.referencePriceMinor(index)) / tick;
      for (const action of this.actionByDay.get(index) ?? []) {
        if (action.kind === 'split') {
          anchor = (anchor * action.ratioFrom) / action.ratioTo;
          volumeMultiplier = (volumeMultiplier * action.ratioTo) / action.ratioFrom;
        }
      }
      reference = Math.max(1, reference);
      if (index < this.firstIndex) {
        const flat = Math.max(1, Math.round(anchor));
        this.daily.push({ open: flat, high: flat, low: flat, close: flat, volume: 0 });
        continue;
      }
      this.daily.push(this.drawDay(index, reference, anchor, sigma, volumeMultiplier));
    }
  }

  private drawDay(
    index: number,
    reference: number,
    anchor: number,
    sigma: number,
    volumeMultiplier: number,
  ): Bar {
    const draw = (lane: number) => normal(this.key, index, lane);
    const drift = MEAN_REVERSION * (anchor / reference - 1);
    // A new listing opens at its issue price: no overnight gap on its first day.
    const gap = this.firstIndex > 0 && index === this.firstIndex ? 0 : draw(dayLanes.gap);
    const openFloat = reference * (1 + sigma * 0.2 * gap);
    const closeFloat = openFloat * (1 + sigma * draw(dayLanes.move) + drift);
    const open = Math.max(1, Math.round(openFloat));
    const close = Math.max(1, Math.round(closeFloat));
    const high = Math.max(
      open,
      close,
      Math.round(Math.max(openFloat, closeFloat) * (1 + sigma * 0.4 * Math.abs(draw(dayLanes.up)))),
    );
    const lowDrawn = Math.round(
      Math.min(openFloat, closeFloat) * (1 - sigma * 0.4 * Math.abs(draw(dayLanes.down))),
    );
    const low = Math.max(1, Math.min(open, close, lowDrawn));
    const activity = (0.5 + uniform(this.key, index, dayLanes.volume)) * (1 + 8 * Math.abs(close / open - 1));
    const volume = Math.round(this.entry.instrument.averageDailyVolume * activity * volumeMultiplier);
    return { open, high, low, close, volume };
  }

  private buildMinutes(index: number): Bar[] {
    const day = this.daily[index];
    const session = this.calendar.days[index];
    if (!day || !session) return [];
    const minutes = this.minutesIn(index);
    const key: DrawKey = { seed: this.key, instrument: 0, day: index };
    const sigma = this.stepSigma(index);
    const points = shapeToRange(
      bridge(key, MINUTE_PATH_LANE, day.open, day.close, minutes, sigma),
      day.high,
      day.low,
    );
    const weights = noisyWeights(
      key,
      MINUTE_VOLUME_LANE,
      (minute) => volumeProfile(session, minute),
      minutes,
    );
    return barsFromPoints(key, MINUTE_WICK_LANE, points, day, sigma * 0.3, distribute(day.volume, weights));
  }

  /** Dividends on a fixed yearly pattern per instrument, and the catalogue's splits. */
  private planActions(): CorporateAction[] {
    const { instrument, dividend } = this.entry;
    const splits: CorporateAction[] = simulatedSplits
      .filter((split) => split.symbol === instrument.symbol)
      .map((split) => ({ kind: 'split', ...split, exDate: this.tradingDateOnOrAfter(split.exDate) }));
    const dividends: CorporateAction[] = [];
    if (dividend) {
      const spread = hash32(this.key, 77);
      for (let year = 2024; year <= 2027; year += 1) {
        for (let payment = 0; payment < dividend.perYear; payment += 1) {
          const month = dividend.perYear === 1 ? 4 + (spread % 3) : payment * 3 + 1 + (spread % 2);
          const dayOfMonth = 5 + (spread % 20);
          const date = `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
          const exDate = this.tradingDateOnOrAfter(date);
          if (exDate)
            dividends.push({
              kind: 'dividend',
              symbol: instrument.symbol,
              exDate,
              amountMinor: this.dividendMinor(exDate, splits),
            });
        }
      }
    }
    return [...splits, ...dividends]
      .filter((action) => action.exDate !== '')
      .sort((a, b) => a.exDate.localeCompare(b.exDate));
  }

  /** The dividend per share: a yield on the starting price, in whole cents, divided by later splits. */
  private dividendMinor(exDate: string, splits: readonly CorporateAction[]): bigint {
    const { instrument, dividend } = this.entry;
    if (!dividend) return 0n;
    const basisPoints = BigInt(Math.round((dividend.yieldPercent * 100) / dividend.perYear));
    let amount = (instrument.startPriceMinor * basisPoints) / 10_000n;
    for (const split of splits) {
      if (split.kind === 'split' && split.exDate <= exDate)
        amount = (amount * BigInt(split.ratioFrom)) / BigInt(split.ratioTo);
    }
    return (amount / 100n) * 100n;
  }

  private tradingDateOnOrAfter(date: string): string {
    for (let offset = 0; offset < 10; offset += 1) {
      const candidate = addDays(date, offset);
      // Day 0 is the anchor day; actions start after it.
      if (this.calendar.indexOfDate(candidate) > 0) return candidate;
    }
    return '';
  }
}

function hashSymbol(symbol: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < symbol.length; index += 1)
    h = Math.imul(h ^ symbol.charCodeAt(index), 0x01000193);
  return h >>> 0;
}

/** Relative trading activity in minute `minute` of a session: a U shape in regular hours, thin outside. */
export function volumeProfile(day: TradingDay, minute: number): number {
  const instant = day.startMs + minute * MINUTE_MS;
  const part = day.parts.find((candidate) => candidate.startMs <= instant && instant < candidate.endMs);
  if (!part || part.phase !== 'regular') return 0.08;
  const length = part.endMs - part.startMs;
  if (length >= 86_400_000) {
    const hourUtc = new Date(instant).getUTCHours();
    return hourUtc >= 13 && hourUtc < 17 ? 2 : hourUtc >= 7 && hourUtc < 21 ? 1.2 : 0.6;
  }
  const position = (instant - part.startMs) / length;
  return 0.6 + 2.4 * (2 * position - 1) * (2 * position - 1);
}

export type MinuteTicks = { prices: Int32Array; sizes: Float64Array };

/** A day's minute bars and, per minute, the aggregates of the day up to and including it. */
export type DayMinutes = {
  bars: Bar[];
  highs: Int32Array;
  lows: Int32Array;
  volumes: Float64Array;
  turnovers: bigint[];
};

function withRunningAggregates(bars: Bar[], tickMinor: bigint): DayMinutes {
  const day: DayMinutes = {
    bars,
    highs: new Int32Array(bars.length),
    lows: new Int32Array(bars.length),
    volumes: new Float64Array(bars.length),
    turnovers: [],
  };
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  let turnover = 0n;
  bars.forEach((bar, minute) => {
    high = Math.max(high, bar.high);
    low = Math.min(low, bar.low);
    volume += bar.volume;
    turnover += turnoverOf(bar, tickMinor);
    day.highs[minute] = high;
    day.lows[minute] = low;
    day.volumes[minute] = volume;
    day.turnovers.push(turnover);
  });
  return day;
}

/** Traded value of a bar, estimated as volume × typical price ((O+H+L+C)/4). */
export function turnoverOf(bar: Bar, tickMinor: bigint): bigint {
  const typicalMinor = (BigInt(bar.open + bar.high + bar.low + bar.close) * tickMinor) / 4n;
  return BigInt(bar.volume) * typicalMinor;
}
