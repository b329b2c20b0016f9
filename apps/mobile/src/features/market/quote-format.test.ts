import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatChangePercent,
  formatCompact,
  formatPriceWithCurrency,
  formatPrice,
  formatSignedPrice,
  priceDecimals,
} from './quote-format';

const stock = { kind: 'stock', latest: '46594.3000' } as const;
const penny = { kind: 'crypto', latest: '0.9504' } as const;

describe('quote formatting', () => {
  it('reads the direction from the sign of the text', () => {
    expect(directionOf('2.5000')).toBe('up');
    expect(directionOf('-0.0197')).toBe('down');
    expect(directionOf('0.0000')).toBe('flat');
    expect(directionOf('-0.00')).toBe('flat');
  });

  it('shows more decimals for prices below 1 and for forex', () => {
    expect(priceDecimals(stock)).toBe(2);
    expect(priceDecimals(penny)).toBe(4);
    expect(priceDecimals({ kind: 'forex', latest: '1.0850' })).toBe(4);
    expect(formatPrice('46594.3050', stock, 'de')).toBe('46.594,31');
    expect(formatPrice('0.95045', penny, 'en')).toBe('0.9505');
  });

  it('signs changes and percentages', () => {
    expect(formatSignedPrice('2.5', stock, 'en')).toBe('+2.50');
    expect(formatSignedPrice('-2.5', stock, 'fr')).toBe('-2,50');
    expect(formatChangePercent('1.45', 'en')).toBe('+1.45%');
    expect(formatChangePercent('-2.03', 'nl')).toBe('-2,03%');
    expect(formatChangePercent('0.00', 'en')).toBe('0.00%');
  });

  it('compacts large figures in the language', () => {
    expect(formatCompact('713715625.82', 'en')).toBe('713.72M');
    expect(formatCompact('1008078', 'zh')).toMatch(/萬/);
  });
});

describe('formatPriceWithCurrency', () => {
  const at = (kind: 'stock' | 'crypto' | 'index' | 'forex', currency: string, latest: string) => ({
    kind,
    currency,
    latest,
  });
  it('puts € after and $ before a price, in the language separators', () => {
    expect(formatPriceWithCurrency('52.1400', at('stock', 'EUR', '52.1400'), 'en')).toBe('52.14 €');
    expect(formatPriceWithCurrency('52.1400', at('stock', 'EUR', '52.1400'), 'fr')).toBe('52,14 €');
    expect(formatPriceWithCurrency('67432.10', at('crypto', 'USD', '67432.10'), 'en')).toBe('$67,432.10');
    expect(formatPriceWithCurrency('0.9504', at('crypto', 'USD', '0.9504'), 'en')).toBe('$0.9504');
  });
  it('leaves index levels and currency-pair rates bare', () => {
    expect(formatPriceWithCurrency('4123.50', at('index', 'EUR', '4123.50'), 'en')).toBe('4,123.50');
    expect(formatPriceWithCurrency('1.0850', at('forex', 'USD', '1.0850'), 'en')).toBe('1.0850');
  });
});
