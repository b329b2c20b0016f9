import { tickFor } from './instruments';
import type { NewListingEntry } from './provider';

// A new instrument brought to the market by an IPO (issue 17, item 3). The offering defines it:
// symbol, name, market (Euronext Brussels shares or ETFs) and currency (EUR); the rest follows
// from the market as for the catalogue's own Brussels listings. In demo mode the simulator lists
// it on its listing date (`MarketSimulator.addListing`); a vendor lists its own instruments.

export type NewListingDefinition = {
  /** `CODE.BR`: 2 to 10 capitals and digits, starting with a capital, on Euronext Brussels. */
  symbol: string;
  name: string;
  market: 'frank' | 'ETF-BEL';
  /** The issue price at scale 4: where the price path starts. */
  issuePriceMinor: bigint;
  listingAt: Date;
};

/** Symbols a new Brussels listing may take. */
export const NEW_LISTING_SYMBOL = /^[A-Z][A-Z0-9]{1,9}\.BR$/;

/**
 * Annualised volatility of a newly listed share or ETF in the simulator. New listings move more
 * than the seasoned Brussels names (0.16–0.36 in the catalogue): the upper end of that range.
 */
export const NEW_LISTING_VOLATILITY = { frank: 0.35, 'ETF-BEL': 0.16 } as const;
const NEW_LISTING_DAILY_VOLUME = 50_000;
const PRICE_SCALE = 4;

export function newListingEntry(definition: NewListingDefinition): NewListingEntry {
  const { symbol, name, market, issuePriceMinor } = definition;
  if (!NEW_LISTING_SYMBOL.test(symbol)) throw new RangeError(`not a new listing's symbol: ${symbol}`);
  const tick = tickFor(issuePriceMinor, 'EUR');
  return {
    instrument: {
      symbol,
      code: symbol.slice(0, -'.BR'.length),
      name,
      kind: market === 'frank' ? 'stock' : 'etf',
      market,
      exchange: 'XBRU',
      calendar: 'euronext',
      currency: 'EUR',
      lotSize: 1,
      quantityScale: 0,
      tobClass: market === 'frank' ? 'shares' : 'fund_reduced',
      priceScale: PRICE_SCALE,
      // The issue price must be a whole number of ticks for the path to start on it exactly.
      tickSizeMinor: issuePriceMinor % tick === 0n ? tick : 1n,
      sector: market === 'frank' ? 'New listing' : 'New listing (ETF)',
      startPriceMinor: issuePriceMinor,
      volatility: NEW_LISTING_VOLATILITY[market],
      // The offering does not say how many shares exist after it: no market capitalisation.
      sharesOutstanding: null,
      averageDailyVolume: NEW_LISTING_DAILY_VOLUME,
    },
    dividend: null,
  };
}
