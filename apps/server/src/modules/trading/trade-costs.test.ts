import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { computeTradeCosts, quantityForAmount, type TradeCostInput } from './trade-costs';

// One case per TOB class, per cap and per fee minimum, with the defaults of the configuration
// (the published schedule): fee 0.10 % min 2.50, crypto 0.50 % min 1.00 USD; TOB 0.35 % cap 1,600
// EUR, 0.12 % cap 1,300 EUR, 1.32 % cap 4,000 EUR. Expected figures are worked out by hand below.

const { trading } = testConfig();
const eurUsd = { rateMinor: 1_100_000n, source: 'test rate', timestamp: new Date('2026-11-20T15:00:00Z') };

const shares = (overrides: Partial<TradeCostInput> = {}): TradeCostInput => ({
  side: 'buy',
  quantityMinor: 10n,
  quantityScale: 0,
  priceMinor: 55_0000n,
  tradeCurrency: 'EUR',
  payCurrency: 'EUR',
  fee: { basisPoints: trading.securityFee.basisPoints, minimumMinor: trading.securityFee.minimumMinor.EUR },
  tob: { class: 'shares', ...trading.tob.shares },
  eurUsd,
  fxSpreadBasisPoints: 50,
  ...overrides,
});
const tobOf = (tobClass: 'fund_reduced' | 'fund_accumulating') => ({
  class: tobClass,
  ...trading.tob[tobClass],
});

describe('the configured defaults are the published schedule', () => {
  it('fees and TOB rates and caps', () => {
    expect(trading.securityFee).toEqual({ basisPoints: 10, minimumMinor: { EUR: 250n, USD: 250n } });
    expect(trading.cryptoFee.basisPoints).toBe(50);
    expect(trading.cryptoFee.minimumMinor.USD).toBe(100n);
    expect(trading.tob).toEqual({
      shares: { basisPoints: 35, capEurMinor: 1_600_00n },
      fund_reduced: { basisPoints: 12, capEurMinor: 1_300_00n },
      fund_accumulating: { basisPoints: 132, capEurMinor: 4_000_00n },
      none: { basisPoints: 0, capEurMinor: 0n },
    });
  });
});

describe('fee', () => {
  it('below the minimum: 10 × 55.00 = 550.00, 0.10 % = 0.55 → the minimum 2.50', () => {
    const costs = computeTradeCosts(shares());
    expect(costs.grossMinor).toBe(550_00n);
    expect(costs.fee).toEqual({ basisPoints: 10, minimumMinor: 250n, amountMinor: 250n, isMinimum: true });
  });

  it('above the minimum: 100 × 55.00 = 5,500.00 → 5.50', () => {
    const costs = computeTradeCosts(shares({ quantityMinor: 100n }));
    expect(costs.fee.amountMinor).toBe(5_50n);
    expect(costs.fee.isMinimum).toBe(false);
  });

  it('exactly at the minimum: 2,500.00 → 2.50 is the rate, not the minimum', () => {
    const costs = computeTradeCosts(shares({ quantityMinor: 50n, priceMinor: 50_0000n }));
    expect(costs.fee).toMatchObject({ amountMinor: 250n, isMinimum: false });
  });

  it('crypto below its minimum: 0.0001 BTC × 42,300 = 4.23, 0.50 % = 0.02 → 1.00 USD', () => {
    const costs = computeTradeCosts(
      shares({
        quantityMinor: 10_000n,
        quantityScale: 8,
        priceMinor: 42_300_0000n,
        tradeCurrency: 'USD',
        payCurrency: 'USD',
        fee: { basisPoints: trading.cryptoFee.basisPoints, minimumMinor: trading.cryptoFee.minimumMinor.USD },
        tob: { class: 'none', ...trading.tob.none },
      }),
    );
    expect(costs.grossMinor).toBe(4_23n);
    expect(costs.fee).toMatchObject({ amountMinor: 1_00n, isMinimum: true });
  });

  it('crypto above its minimum: 0.5 BTC × 42,300 = 21,150.00 → 105.75, and no TOB', () => {
    const costs = computeTradeCosts(
      shares({
        quantityMinor: 50_000_000n,
        quantityScale: 8,
        priceMinor: 42_300_0000n,
        tradeCurrency: 'USD',
        payCurrency: 'USD',
        fee: { basisPoints: trading.cryptoFee.basisPoints, minimumMinor: trading.cryptoFee.minimumMinor.USD },
        tob: { class: 'none', ...trading.tob.none },
      }),
    );
    expect(costs.grossMinor).toBe(21_150_00n);
    expect(costs.fee.amountMinor).toBe(105_75n);
    expect(costs.tob).toMatchObject({ class: 'none', amountMinor: 0n, basisPoints: 0, isCapped: false });
    expect(costs.totalTradeMinor).toBe(21_255_75n);
  });
});

describe('TOB per class', () => {
  it('shares 0.35 %: 550.00 → 1.925, half-up 1.93; total 550.00 + 2.50 + 1.93', () => {
    const costs = computeTradeCosts(shares());
    expect(costs.tob).toEqual({
      class: 'shares',
      basisPoints: 35,
      baseMinor: 550_00n,
      amountMinor: 1_93n,
      capMinor: 1_600_00n,
      capEurMinor: 1_600_00n,
      isCapped: false,
    });
    expect(costs.totalTradeMinor).toBe(554_43n);
    expect(costs.totalPayMinor).toBe(554_43n);
    expect(costs.fx).toBeNull();
  });

  it('distributing / EEA funds 0.12 %: 100 × 82.00 = 8,200.00 → 9.84', () => {
    const costs = computeTradeCosts(
      shares({ quantityMinor: 100n, priceMinor: 82_0000n, tob: tobOf('fund_reduced') }),
    );
    expect(costs.tob).toMatchObject({ amountMinor: 9_84n, basisPoints: 12, isCapped: false });
  });

  it('accumulating funds 1.32 %: 1,000 × 100.00 = 100,000.00 → 1,320.00', () => {
    const costs = computeTradeCosts(
      shares({ quantityMinor: 1000n, priceMinor: 100_0000n, tob: tobOf('fund_accumulating') }),
    );
    expect(costs.tob).toMatchObject({ amountMinor: 1_320_00n, basisPoints: 132, isCapped: false });
  });

  it('a sale pays it too, and receives gross − fee − TOB', () => {
    const costs = computeTradeCosts(shares({ side: 'sell', quantityMinor: 100n }));
    expect(costs.tob.amountMinor).toBe(19_25n);
    expect(costs.totalTradeMinor).toBe(5_500_00n - 5_50n - 19_25n);
  });
});

describe('TOB caps', () => {
  it('shares: 500,000.00 × 0.35 % = 1,750.00 → capped at 1,600.00', () => {
    const costs = computeTradeCosts(shares({ quantityMinor: 10_000n, priceMinor: 50_0000n }));
    expect(costs.tob).toMatchObject({ amountMinor: 1_600_00n, isCapped: true });
  });

  it('just under the shares cap is not capped: 457,000.00 → 1,599.50', () => {
    const costs = computeTradeCosts(shares({ quantityMinor: 4570n, priceMinor: 100_0000n }));
    expect(costs.tob).toMatchObject({ amountMinor: 1_599_50n, isCapped: false });
  });

  it('distributing funds: 1,100,000.00 × 0.12 % = 1,320.00 → capped at 1,300.00', () => {
    const costs = computeTradeCosts(
      shares({ quantityMinor: 11_000n, priceMinor: 100_0000n, tob: tobOf('fund_reduced') }),
    );
    expect(costs.tob).toMatchObject({ amountMinor: 1_300_00n, isCapped: true });
  });

  it('accumulating funds: 400,000.00 × 1.32 % = 5,280.00 → capped at 4,000.00', () => {
    const costs = computeTradeCosts(
      shares({ quantityMinor: 4000n, priceMinor: 100_0000n, tob: tobOf('fund_accumulating') }),
    );
    expect(costs.tob).toMatchObject({ amountMinor: 4_000_00n, isCapped: true });
  });

  it('a USD trade: the EUR cap converted at the mid rate, 1,600.00 × 1.10 = 1,760.00 USD', () => {
    const usd = { tradeCurrency: 'USD' as const, payCurrency: 'USD' as const };
    const capped = computeTradeCosts(shares({ ...usd, quantityMinor: 6000n, priceMinor: 100_0000n }));
    expect(capped.tob).toMatchObject({
      amountMinor: 1_760_00n,
      capMinor: 1_760_00n,
      capEurMinor: 1_600_00n,
      isCapped: true,
    });
    // 1,750.00 USD would have been capped in EUR terms, not in USD terms.
    const under = computeTradeCosts(shares({ ...usd, quantityMinor: 5000n, priceMinor: 100_0000n }));
    expect(under.tob).toMatchObject({ amountMinor: 1_750_00n, isCapped: false });
  });

  it('configured rates and caps are used, not constants', () => {
    const costs = computeTradeCosts(
      shares({
        quantityMinor: 10_000n,
        priceMinor: 50_0000n,
        tob: { class: 'shares', basisPoints: 20, capEurMinor: 500_00n },
      }),
    );
    expect(costs.tob).toMatchObject({ amountMinor: 500_00n, basisPoints: 20, isCapped: true });
  });
});

describe('paying from another currency', () => {
  it('a USD buy paid in EUR: the USD total covered in full, the EUR rounded up', () => {
    // 10 × 185.00 = 1,850.00; fee 2.50 (minimum); TOB 6.475 → 6.48; total 1,858.98 USD.
    // EUR → USD applied: 1.100000 × (1 − 0.5 %) = 1.094500; 1,858.98 / 1.0945 = 1,698.474… → 1,698.48 EUR.
    const costs = computeTradeCosts(
      shares({
        priceMinor: 185_0000n,
        tradeCurrency: 'USD',
        payCurrency: 'EUR',
        fee: { basisPoints: 10, minimumMinor: 250n },
      }),
    );
    expect(costs.totalTradeMinor).toBe(1_858_98n);
    expect(costs.fx).toMatchObject({
      from: 'EUR',
      to: 'USD',
      marketRateMinor: 1_100_000n,
      appliedRateMinor: 1_094_500n,
      amountMinor: 1_698_48n,
      convertedMinor: 1_858_98n,
      source: 'test rate',
    });
    expect(costs.totalPayMinor).toBe(1_698_48n);
  });

  it('a USD sale paid into EUR: the proceeds converted and rounded down', () => {
    // 1,850.00 − 2.50 − 6.48 = 1,841.02 USD; USD → EUR applied 1 / 1.1 × 0.995 = 0.904545;
    // 1,841.02 × 0.904545 = 1,665.287… → 1,665.28 EUR.
    const costs = computeTradeCosts(
      shares({ side: 'sell', priceMinor: 185_0000n, tradeCurrency: 'USD', payCurrency: 'EUR' }),
    );
    expect(costs.fx).toMatchObject({
      from: 'USD',
      to: 'EUR',
      appliedRateMinor: 904_545n,
      amountMinor: 1_841_02n,
    });
    expect(costs.totalPayMinor).toBe(1_665_28n);
  });
});

describe('buying for an amount', () => {
  it('rounds down to whole lots: 500.00 EUR of a 55.00 share buys 9 (499.23 with costs)', () => {
    const found = quantityForAmount(shares(), 500_00n, 1n);
    expect(found?.quantityMinor).toBe(9n);
    expect(found?.costs.totalPayMinor).toBe(499_23n);
    expect(computeTradeCosts(shares({ quantityMinor: 10n })).totalPayMinor).toBeGreaterThan(500_00n);
  });

  it('an amount that is exactly the cost of 10 buys 10', () => {
    expect(quantityForAmount(shares(), 554_43n, 1n)?.quantityMinor).toBe(10n);
    expect(quantityForAmount(shares(), 554_42n, 1n)?.quantityMinor).toBe(9n);
  });

  it('not even one lot: null', () => {
    expect(quantityForAmount(shares(), 50_00n, 1n)).toBeNull();
  });

  it('crypto to 8 decimals, paid from EUR', () => {
    const input = shares({
      quantityScale: 8,
      priceMinor: 42_300_0000n,
      tradeCurrency: 'USD',
      payCurrency: 'EUR',
      fee: { basisPoints: 50, minimumMinor: 100n },
      tob: { class: 'none', basisPoints: 0, capEurMinor: 0n },
    });
    const found = quantityForAmount(input, 1_000_00n, 1n);
    expect(found).not.toBeNull();
    expect(found!.costs.totalPayMinor).toBeLessThanOrEqual(1_000_00n);
    const oneMore = computeTradeCosts({ ...input, quantityMinor: found!.quantityMinor + 1n });
    expect(oneMore.totalPayMinor).toBeGreaterThan(1_000_00n);
  });
});
