import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../market/provider';
import { leverageMax, marginClassOf } from './margin-classes';

// The one place instruments get their margin class: each rule of MARGIN_RULES on a made-up
// instrument at its edge.

const share: Instrument = {
  symbol: 'TEST.BR',
  code: 'TEST',
  name: 'Test',
  kind: 'stock',
  market: 'frank',
  exchange: 'XBRU',
  calendar: 'euronext',
  currency: 'EUR',
  lotSize: 1,
  quantityScale: 0,
  tobClass: 'shares',
  priceScale: 4,
  tickSizeMinor: 20n,
  sector: 'Financials',
  startPriceMinor: 100_0000n, // 100.00
  volatility: 0.2,
  sharesOutstanding: 100_000_000n, // 10 billion at 100.00
  averageDailyVolume: 10_000, // 1,000,000 a day at 100.00
};

describe('margin classes', () => {
  it('makes a share a large cap from exactly the minimum capitalisation', () => {
    expect(marginClassOf(share)).toMatchObject({ marginClass: 'large_cap', initialBasisPoints: 5000 });
    expect(marginClassOf({ ...share, sharesOutstanding: 99_999_999n })).toMatchObject({
      marginClass: 'standard',
      initialBasisPoints: 6000,
      maintenanceBasisPoints: 4000,
    });
  });

  it('never makes an ETF a large cap', () => {
    expect(marginClassOf({ ...share, kind: 'etf', sharesOutstanding: null }).marginClass).toBe('standard');
  });

  it('excludes a share below the liquidity minimum, crypto, and what cannot be traded', () => {
    expect(marginClassOf({ ...share, averageDailyVolume: 9_999 })).toMatchObject({
      marginClass: 'not_marginable',
      exclusion: 'illiquid',
      initialBasisPoints: null,
    });
    expect(marginClassOf({ ...share, kind: 'crypto' }).exclusion).toBe('crypto');
    expect(marginClassOf({ ...share, kind: 'index' }).exclusion).toBe('not_tradable');
    expect(marginClassOf({ ...share, kind: 'forex' }).exclusion).toBe('not_tradable');
  });

  it('caps leverage at 1 / initial margin, rounded down', () => {
    expect(leverageMax(5000)).toBe('2.00');
    expect(leverageMax(6000)).toBe('1.66');
    expect(leverageMax(null)).toBeNull();
  });
});
