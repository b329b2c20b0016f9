import { divideRounded, formatDecimal, scales, type QuoteData } from '@beurs/contract';
import type { Candle, Instrument, Quote } from '../../market/provider';

// Domain values to wire shapes: prices as decimal strings at the instrument's scale, money
// (turnover, market capitalisation) at the cash scale, times as ISO 8601. No float anywhere.

/** Change against the previous close in basis points (1.25 % = 125), half-up. */
export function changeBasisPoints(quote: Quote): bigint {
  if (quote.previousCloseMinor <= 0n) return 0n;
  return divideRounded(
    (quote.lastMinor - quote.previousCloseMinor) * 10_000n,
    quote.previousCloseMinor,
    'half_up',
  );
}

/** Amounts at the price scale to the cash scale (two decimals), half-up. */
export function toCashText(priceScaledMinor: bigint, priceScale: number): string {
  const minor = divideRounded(priceScaledMinor, 10n ** BigInt(priceScale - scales.cash), 'half_up');
  return formatDecimal(minor, scales.cash);
}

export function formatQuote(instrument: Instrument, quote: Quote, isSimulated: boolean): QuoteData {
  const scale = instrument.priceScale;
  const price = (minor: bigint) => formatDecimal(minor, scale);
  return {
    symbol: instrument.symbol,
    code: instrument.code,
    name: instrument.name,
    market: instrument.market,
    kind: instrument.kind,
    exchange: instrument.exchange,
    currency: instrument.currency,
    priceScale: scale,
    latest: price(quote.lastMinor),
    change: price(quote.lastMinor - quote.previousCloseMinor),
    changePercent: formatDecimal(changeBasisPoints(quote), 2),
    open: price(quote.openMinor),
    previousClose: price(quote.previousCloseMinor),
    high: price(quote.highMinor),
    low: price(quote.lowMinor),
    volume: quote.volume.toString(),
    turnover: toCashText(quote.turnoverMinor, scale),
    marketCap: quote.marketCapMinor === null ? null : toCashText(quote.marketCapMinor, scale),
    bid: quote.bidMinor === null ? null : price(quote.bidMinor),
    ask: quote.askMinor === null ? null : price(quote.askMinor),
    session: quote.session,
    source: quote.source,
    delayMs: quote.delayMs,
    timestamp: quote.timestamp.toISOString(),
    isSimulated,
  };
}

export function formatCandle(candle: Candle, priceScale: number) {
  const price = (minor: bigint) => formatDecimal(minor, priceScale);
  return {
    time: Math.floor(candle.startMs / 1000),
    open: price(candle.openMinor),
    high: price(candle.highMinor),
    low: price(candle.lowMinor),
    close: price(candle.closeMinor),
    volume: candle.volume.toString(),
    turnover: toCashText(candle.turnoverMinor, priceScale),
  };
}
