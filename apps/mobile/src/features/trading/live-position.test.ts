import { describe, expect, it } from 'vitest';
import { withLivePrice } from './live-position';

const holding = {
  direction: 'long' as const,
  quantity: '10',
  costBasis: '521.60',
  lastPrice: '52.1600',
  marketValue: '521.60',
  unrealisedPnl: '0.00',
};

describe('a holding priced by the live quote', () => {
  it('recomputes value and P&L in minor units, half-up to the cent', () => {
    expect(withLivePrice(holding, '52.1450')).toEqual({
      direction: 'long',
      quantity: '10',
      costBasis: '521.60',
      lastPrice: '52.1450',
      marketValue: '521.45',
      unrealisedPnl: '-0.15',
    });
    // 0.01500000 BTC × 42,300.3333 = 634.5049995 → 634.50
    expect(
      withLivePrice({ ...holding, quantity: '0.01500000', costBasis: '600.00' }, '42300.3333'),
    ).toMatchObject({ marketValue: '634.50', unrealisedPnl: '34.50' });
  });

  it('counts a short’s P&L the other way: proceeds received − value now', () => {
    // 4 sold short at 53.225 (212.90 received); the price rises to 54.06: a loss of 3.34.
    const short = { ...holding, direction: 'short' as const, quantity: '4', costBasis: '212.90' };
    expect(withLivePrice(short, '54.0600')).toMatchObject({ marketValue: '216.24', unrealisedPnl: '-3.34' });
    expect(withLivePrice(short, '52.0000')).toMatchObject({ marketValue: '208.00', unrealisedPnl: '4.90' });
  });

  it('keeps the server’s figures without a usable price', () => {
    expect(withLivePrice(holding, undefined)).toBe(holding);
    expect(withLivePrice(holding, '0.0000')).toBe(holding);
    expect(withLivePrice(holding, 'abc')).toBe(holding);
  });
});
