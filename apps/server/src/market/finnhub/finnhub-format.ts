import { divideRounded, parseDecimal } from '@beurs/contract';
import type { Instrument } from '../provider';

// Finnhub's documented message formats (https://finnhub.io/docs/api), and their conversion to our
// types. Finnhub sends prices as JSON numbers; each is converted once, through its decimal text,
// to bigint minor units at the instrument's scale (half-up), and never used as a float after.

/** GET /quote: current price, change, percent change, high, low, open, previous close, time (s). */
export type FinnhubQuote = {
  c: number;
  d: number | null;
  dp: number | null;
  h: number;
  l: number;
  o: number;
  pc: number;
  t: number;
};
/** GET /stock/candle, /forex/candle, /crypto/candle: parallel arrays; s is 'ok' or 'no_data'. */
export type FinnhubCandles = {
  s: 'ok' | 'no_data';
  t?: number[];
  o?: number[];
  h?: number[];
  l?: number[];
  c?: number[];
  v?: number[];
};
/** WebSocket: trades ({type:'trade', data:[{s, p, t (ms), v}]}) and keep-alive pings. */
export type FinnhubSocketMessage =
  | { type: 'trade'; data: { s: string; p: number; t: number; v: number; c?: string[] | null }[] }
  | { type: 'ping' }
  | { type: 'error'; msg: string };
/** GET /forex/rates?base=EUR: units of each currency per one base unit. */
export type FinnhubRates = { base: string; quote: Record<string, number> };

/** A vendor number to minor units at `scale`, half-up; null when it is not a finite number. */
export function vendorMinor(value: unknown, scale: number): bigint | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const extra = 2;
  const minor = parseDecimal(value.toFixed(scale + extra), scale + extra);
  return minor === null ? null : divideRounded(minor, 10n ** BigInt(extra), 'half_up');
}

/** A vendor volume (shares, or units of a coin) to a whole number, rounded down. */
export function vendorVolume(value: unknown): bigint {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? BigInt(Math.floor(value)) : 0n;
}

/** Finnhub's symbol for an instrument: exchange suffix for Euronext, OANDA and Binance pairs. */
export function finnhubSymbol(instrument: Instrument): string {
  switch (instrument.kind) {
    case 'forex':
      return `OANDA:${instrument.symbol.slice(0, 3)}_${instrument.symbol.slice(3)}`;
    case 'crypto':
      return `BINANCE:${instrument.symbol.replace(/USD$/, 'USDT')}`;
    default:
      return instrument.symbol;
  }
}

/** The REST path for candles of an instrument's kind. */
export function candlePath(instrument: Instrument): string {
  if (instrument.kind === 'forex') return '/forex/candle';
  if (instrument.kind === 'crypto') return '/crypto/candle';
  return '/stock/candle';
}
