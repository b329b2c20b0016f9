import { describe, expect, it } from 'vitest';
import { cash, fxRate, price, quantity, type CashMinor, type PriceMinor } from './decimal';

// The branded amount types (ADR 0001): the compiler refuses a price, a quantity or a rate where cash
// is expected, and the other way round; the lines marked @ts-expect-error would not compile
// without the brand (npm run typecheck fails if one of them stops being an error).

const payCash = (amount: CashMinor): CashMinor => amount;
const quoteAt = (amount: PriceMinor): PriceMinor => amount;

describe('branded amounts', () => {
  it('keeps each kind of amount where it belongs', () => {
    const fee = cash(250n);
    const last = price(55_1200n);
    expect(payCash(fee)).toBe(250n);
    expect(quoteAt(last)).toBe(55_1200n);
    // @ts-expect-error -- a price is not cash.
    payCash(last);
    // @ts-expect-error -- a share quantity is not cash.
    payCash(quantity(3n));
    // @ts-expect-error -- an FX rate is not a price.
    quoteAt(fxRate(1_080_000n));
    // @ts-expect-error -- a bare bigint must be branded on purpose (cash(…)).
    payCash(250n);
    // Arithmetic gives a bare bigint: the result is branded again by whoever knows its kind.
    expect(payCash(cash(fee + 1n))).toBe(251n);
  });
});
