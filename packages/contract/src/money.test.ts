import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_MINOR,
  applyRate,
  cashAmountInput,
  cashFromWire,
  decimalString,
  divideRounded,
  formatCash,
  formatDecimal,
  parseCash,
  parseDecimal,
  parseTypedCash,
  parseTypedDecimal,
  type Rounding,
} from './money';

describe('parseDecimal', () => {
  it.each([
    ['1234.56', 2, 123456n],
    ['0.05', 2, 5n],
    ['-0.05', 2, -5n],
    ['7', 2, 700n],
    ['7.5', 2, 750n],
    ['007.50', 2, 750n],
    [' 12.3 ', 2, 1230n],
    ['42', 0, 42n],
    ['0.00000001', 8, 1n],
  ])('parses %s at scale %i', (text, scale, minor) => {
    expect(parseDecimal(text, scale)).toBe(minor);
  });

  it.each(['1.234', '1e3', '1,5', '', '-', '.5', '1.', '+1', 'NaN', '１２', '0x10', '1.2.3'])(
    'refuses %j at scale 2',
    (text) => {
      expect(parseDecimal(text, 2)).toBeNull();
    },
  );

  it('refuses more decimals than the scale instead of rounding', () => {
    expect(parseDecimal('5.0', 0)).toBeNull();
    expect(parseCash('10.001')).toBeNull();
  });
});

describe('parseTypedDecimal (what a person types into an amount field)', () => {
  it.each([
    ['100', 100_00n],
    [' 100,5 ', 100_50n],
    ['0100.25', 100_25n],
    ['0.1', 10n],
    ['12.', 12_00n],
    ['12,', 12_00n],
    ['999999999999.99', 999_999_999_999_99n],
  ])('reads %j as %s cents', (text, minor) => {
    expect(parseTypedCash(text)).toBe(minor);
  });

  it.each([
    '',
    '-5',
    '+5',
    '1e3',
    '1.234',
    '1,234.56',
    '1.234,56',
    'abc',
    '.5',
    ',5',
    '1 000',
    '1234567890123',
  ])('refuses %j rather than guess', (text) => {
    expect(parseTypedCash(text)).toBeNull();
  });

  it('takes the scale it is given', () => {
    expect(parseTypedDecimal('0,00000001', 8)).toBe(1n);
    expect(parseTypedDecimal('5.5', 0)).toBeNull();
  });
});

describe('formatDecimal', () => {
  it.each([
    [123456n, 2, '1234.56'],
    [5n, 2, '0.05'],
    [-5n, 2, '-0.05'],
    [0n, 2, '0.00'],
    [-123456n, 2, '-1234.56'],
    [42n, 0, '42'],
    [1n, 8, '0.00000001'],
  ])('formats %s at scale %i as %s', (minor, scale, text) => {
    expect(formatDecimal(minor, scale)).toBe(text);
  });

  it('round-trips every bigint at every scale (seeded: FC_SEED)', () => {
    const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_MINOR, max: MAX_MINOR }),
        fc.integer({ min: 0, max: 8 }),
        (minor, scale) => {
          const text = formatDecimal(minor, scale);
          expect(text).toMatch(scale === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${scale}}$`));
          expect(parseDecimal(text, scale)).toBe(minor);
        },
      ),
      { seed, numRuns: 500 },
    );
  });

  it('formats cash with exactly two decimals', () => {
    expect(formatCash(100_00n)).toBe('100.00');
  });

  it('reads cash from an answer, and throws on anything that is not cash', () => {
    expect(cashFromWire('9007199254740993.01') - cashFromWire('0.01')).toBe(900719925474099300n);
    expect(() => cashFromWire('1.5.0')).toThrow(RangeError);
    expect(() => cashFromWire('')).toThrow(RangeError);
  });
});

describe('divideRounded', () => {
  const cases: Array<[bigint, bigint, Rounding, bigint]> = [
    [25n, 10n, 'half_up', 3n],
    [-25n, 10n, 'half_up', -3n],
    [24n, 10n, 'half_up', 2n],
    [25n, 10n, 'half_even', 2n],
    [35n, 10n, 'half_even', 4n],
    [-35n, 10n, 'half_even', -4n],
    [26n, 10n, 'half_even', 3n],
    [21n, 10n, 'up', 3n],
    [-21n, 10n, 'up', -3n],
    [29n, 10n, 'down', 2n],
    [-29n, 10n, 'down', -2n],
    [30n, 10n, 'up', 3n],
    [0n, 7n, 'half_up', 0n],
  ];
  it.each(cases)('%s / %s rounded %s is %s', (numerator, denominator, rounding, result) => {
    expect(divideRounded(numerator, denominator, rounding)).toBe(result);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => divideRounded(1n, 0n, 'half_up')).toThrow(RangeError);
    expect(() => divideRounded(1n, -2n, 'half_up')).toThrow(RangeError);
  });

  it('is never more than half a unit from the exact quotient (half_up, half_even)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.constantFrom<Rounding>('half_up', 'half_even'),
        (numerator, denominator, rounding) => {
          const result = divideRounded(numerator, denominator, rounding);
          const error = result * denominator - numerator;
          expect(2n * (error < 0n ? -error : error) <= denominator).toBe(true);
        },
      ),
    );
  });
});

describe('applyRate', () => {
  it('converts 100.00 EUR at 1.085432 to 108.54 USD, half-up', () => {
    expect(applyRate(100_00n, 1_085_432n, 6, 'half_up')).toBe(108_54n);
  });
  it('rounds a 0.25% fee of 10.02 half-up to 0.03', () => {
    expect(applyRate(10_02n, 2_500n, 6, 'half_up')).toBe(3n);
  });
});

describe('wire schemas', () => {
  it('turns "1234.56" into 123456n', () => {
    expect(cashAmountInput.parse('1234.56')).toBe(123456n);
  });

  it.each(['0', '0.00', '-1.00', '1.001', '1e2', 12])('refuses %j as a cash amount', (value) => {
    expect(cashAmountInput.safeParse(value).success).toBe(false);
  });

  it('refuses amounts that do not fit a bigint column instead of failing in the database', () => {
    expect(decimalString(2).safeParse('999999999999999999.99').success).toBe(false);
    expect(decimalString(2).safeParse('92233720368547758.07').success).toBe(true);
    expect(decimalString(2).safeParse('92233720368547758.08').success).toBe(false);
  });
});
