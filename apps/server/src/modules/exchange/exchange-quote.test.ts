import { describe, expect, it } from 'vitest';
import { quoteExchange } from './exchange-quote';

describe('exchange arithmetic', () => {
  it('EUR → USD at mid × (1 − spread), rounded down', () => {
    const quote = quoteExchange({
      from: 'EUR',
      to: 'USD',
      amountMinor: 10_000n, // 100.00 EUR
      eurUsdMinor: 1_085_000n, // 1.085000
      spreadBasisPoints: 50,
    });
    expect(quote.appliedRateMinor).toBe(1_079_575n); // 1.085 × 0.995 = 1.079575
    expect(quote.receivedMinor).toBe(10_795n); // 107.9575 → 107.95 USD
  });

  it('USD → EUR at (1 / mid) × (1 − spread), rounded down', () => {
    const quote = quoteExchange({
      from: 'USD',
      to: 'EUR',
      amountMinor: 10_000n,
      eurUsdMinor: 1_085_000n,
      spreadBasisPoints: 50,
    });
    // 1 / 1.085 = 0.921658986…, × 0.995 = 0.917050691… → 0.917050
    expect(quote.appliedRateMinor).toBe(917_050n);
    expect(quote.receivedMinor).toBe(9_170n);
  });

  it('a round trip never gains money', () => {
    for (const eurUsdMinor of [900_000n, 1_000_000n, 1_085_123n, 1_333_333n]) {
      for (const amountMinor of [1n, 99n, 10_000n, 123_456_789n]) {
        const there = quoteExchange({
          from: 'EUR',
          to: 'USD',
          amountMinor,
          eurUsdMinor,
          spreadBasisPoints: 0,
        });
        const back = quoteExchange({
          from: 'USD',
          to: 'EUR',
          amountMinor: there.receivedMinor,
          eurUsdMinor,
          spreadBasisPoints: 0,
        });
        expect(back.receivedMinor).toBeLessThanOrEqual(amountMinor);
      }
    }
  });
});
