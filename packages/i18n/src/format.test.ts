import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDateTime, formatErrorParams, formatMoney } from './format';
import { languages, type Language } from './languages';

const commaDecimal: Language[] = ['de', 'nl', 'fr'];

describe('formatMoney', () => {
  it.each(languages)('formats two decimals with the grouping of %s', (language) => {
    const expected = commaDecimal.includes(language) ? '1.234.567,89' : '1,234,567.89';
    expect(formatMoney('1234567.89', language)).toBe(expected);
  });

  it('pads and rounds half-up on the digits, never through a float', () => {
    expect(formatMoney('1234.5', 'en')).toBe('1,234.50');
    expect(formatMoney('0.005', 'en')).toBe('0.01');
    expect(formatMoney('0.004', 'de')).toBe('0,00');
    expect(formatMoney('1.005', 'en')).toBe('1.01'); // 1.005 as a float rounds to 1.00
    expect(formatMoney('999.995', 'nl')).toBe('1.000,00');
    expect(formatMoney('12', 'fr')).toBe('12,00');
    expect(formatMoney('.5', 'en')).toBe('0.50');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(formatMoney('90071992547409931.23', 'en')).toBe('90,071,992,547,409,931.23');
  });

  it('keeps the sign, but not on a value that rounds to zero', () => {
    expect(formatMoney('-1234.56', 'de')).toBe('-1.234,56');
    expect(formatMoney('-0.001', 'en')).toBe('0.00');
  });

  it('supports other decimal counts for prices', () => {
    expect(formatMoney('12.34567', 'en', 4)).toBe('12.3457');
    expect(formatMoney('12.3', 'de', 0)).toBe('12');
  });

  it('refuses what is not a decimal string', () => {
    expect(() => formatMoney('1e3', 'en')).toThrow(RangeError);
    expect(() => formatMoney('', 'en')).toThrow(RangeError);
    expect(() => formatMoney('12,5', 'en')).toThrow(RangeError);
  });
});

describe('formatCurrency', () => {
  it.each(languages)('puts € after and $ before the value in %s', (language) => {
    const money = commaDecimal.includes(language) ? '1.234,56' : '1,234.56';
    expect(formatCurrency('1234.56', 'EUR', language)).toBe(`${money} €`);
    expect(formatCurrency('1234.56', 'USD', language)).toBe(`$${money}`);
  });

  it('puts the minus before the dollar sign', () => {
    expect(formatCurrency('-5', 'USD', 'en')).toBe('-$5.00');
    expect(formatCurrency('-5', 'EUR', 'en')).toBe('-5.00 €');
  });
});

describe('formatDateTime', () => {
  const instant = '2026-03-04T05:06:07Z';
  it.each(languages)('formats Y.M.D h:m:s in %s', (language) => {
    const expected = language === 'de' ? '2026.03.04 05:06:07 Uhr' : '2026.03.04 05:06:07';
    expect(formatDateTime(instant, language, 'UTC')).toBe(expected);
  });

  it('uses a 24-hour clock and the given time zone', () => {
    expect(formatDateTime('2026-11-21T23:30:00Z', 'en', 'Europe/Brussels')).toBe('2026.11.22 00:30:00');
    expect(formatDateTime(new Date('2026-11-21T13:00:00Z'), 'nl', 'UTC')).toBe('2026.11.21 13:00:00');
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateTime('not a date', 'en')).toThrow(RangeError);
  });
});

describe('formatErrorParams', () => {
  it('formats amounts as money with the currency of the refusal', () => {
    expect(formatErrorParams({ currency: 'EUR', available: '1234.50' }, 'de')).toEqual({
      currency: 'EUR',
      available: '1.234,50 €',
    });
    expect(formatErrorParams({ currency: 'USD', withdrawable: '99.00' }, 'en').withdrawable).toBe('$99.00');
    expect(formatErrorParams({ minimum: '1000.00' }, 'fr').minimum).toBe('1.000,00');
    expect(formatErrorParams({ low: '12.3456', high: '15.1' }, 'de')).toEqual({
      low: '12,3456',
      high: '15,10',
    });
  });

  it('formats times as dates and leaves counts and words alone', () => {
    expect(
      formatErrorParams({ until: '2026-01-02T03:04:05Z', days: 3, limit: '50', symbol: 'ABI' }, 'de', 'UTC'),
    ).toEqual({
      until: '2026.01.02 03:04:05 Uhr',
      days: '3',
      limit: '50',
      symbol: 'ABI',
    });
  });

  it('formats any other decimal number as money', () => {
    expect(formatErrorParams({ somethingNew: '2500.5' }, 'nl').somethingNew).toBe('2.500,50');
  });
});
