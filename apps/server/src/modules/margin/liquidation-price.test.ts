import { describe, expect, it } from 'vitest';
import { liquidationPriceMinor } from './liquidation-price';

// The liquidation price (docs/margin-account.md): at that price the margin level is the
// liquidation level, every other price held constant.

const levelAt = (input: { equity: bigint; maintenance: bigint }) =>
  (input.equity * 10_000n) / input.maintenance;

describe('liquidationPriceMinor', () => {
  it('is the price at which a 2.00x large-cap buy reaches 80 % (about 34 % below the buy)', () => {
    // 100 shares at 80.0000 EUR: value 8,000.00, paid 4,000.00, owed 4,000.00; maintenance 30 %.
    const price = liquidationPriceMinor({
      equityEurMinor: 400_000n,
      maintenanceEurMinor: 240_000n,
      liquidationBasisPoints: 8_000,
      maintenanceBasisPoints: 3_000,
      lastMinor: 800_000n,
      quantityMinor: 100n,
      quantityScale: 0,
      usdPerEur: null,
    });
    // Exactly 52.631578…: rounded up to 52.6316.
    expect(price).toBe(526_316n);
    // At that price: value 5,263.16, equity 1,263.16, requirement 1,578.95: level 80.00 %.
    const value = (100n * 526_316n) / 100n;
    expect(levelAt({ equity: value - 400_000n, maintenance: (value * 3_000n) / 10_000n })).toBe(8_000n);
  });

  it('converts a USD holding at the rate and counts a holding that is not marginable in full', () => {
    // Equity 900.00 EUR, requirement 1,000.00 EUR; 10 shares at 100.0000 USD, 1.25 USD per EUR.
    const price = liquidationPriceMinor({
      equityEurMinor: 90_000n,
      maintenanceEurMinor: 100_000n,
      liquidationBasisPoints: 8_000,
      maintenanceBasisPoints: null,
      lastMinor: 1_000_000n,
      quantityMinor: 10n,
      quantityScale: 0,
      usdPerEur: 1_250_000n,
    });
    // ΔV = (0.8 × 1,000 − 900) / (1 − 0.8) = −500 EUR = −625 USD: −62.50 USD a share. Then equity
    // 400.00 and requirement 500.00 EUR: 80 %.
    expect(price).toBe(375_000n);
  });

  it('is null without a requirement, and when no price above 0 reaches the level', () => {
    const base = {
      liquidationBasisPoints: 8_000,
      maintenanceBasisPoints: 3_000,
      lastMinor: 800_000n,
      quantityMinor: 100n,
      quantityScale: 0,
      usdPerEur: null,
    };
    expect(liquidationPriceMinor({ ...base, equityEurMinor: 100n, maintenanceEurMinor: 0n })).toBeNull();
    // Equity well above the requirement with little at stake: the level stays above 80 % down to 0.
    expect(
      liquidationPriceMinor({ ...base, equityEurMinor: 800_000n, maintenanceEurMinor: 240_000n }),
    ).toBeNull();
  });

  it('is above the last price for an account already below the liquidation level', () => {
    const price = liquidationPriceMinor({
      equityEurMinor: 150_000n,
      maintenanceEurMinor: 240_000n,
      liquidationBasisPoints: 8_000,
      maintenanceBasisPoints: 3_000,
      lastMinor: 800_000n,
      quantityMinor: 100n,
      quantityScale: 0,
      usdPerEur: null,
    });
    expect(price).not.toBeNull();
    expect(price! > 800_000n).toBe(true);
  });

  it('is above the last price for a short: the price at which its rise brings the level to 80 %', () => {
    // Short 100 shares sold at 80.0000 EUR (large cap: initial 50 %, maintenance 30 %): margin cash
    // 4,000.00 initial margin + 8,000.00 proceeds; the shares owed are worth 8,000.00 at 80.0000.
    // Equity 4,000.00, requirement 2,400.00. ΔV = (4,000 − 1,920) / 1.24 = 1,677.42 EUR: 16.7742 a share.
    const price = liquidationPriceMinor({
      equityEurMinor: 400_000n,
      maintenanceEurMinor: 240_000n,
      liquidationBasisPoints: 8_000,
      maintenanceBasisPoints: 3_000,
      lastMinor: 800_000n,
      quantityMinor: 100n,
      quantityScale: 0,
      usdPerEur: null,
      direction: 'short',
    });
    // Exactly 96.774193…: rounded down to 96.7741.
    expect(price).toBe(967_741n);
    // At that price: owed 9,677.41, equity 12,000.00 − 9,677.41 = 2,322.59, requirement 2,903.23
    // (rounded up): level 80.00 %; one tick higher the level is below 80 %.
    const levelAtPrice = (priceMinor: bigint) => {
      const owed = (100n * priceMinor) / 100n;
      const requirement = (owed * 3_000n + 9_999n) / 10_000n;
      return ((1_200_000n - owed) * 10_000n) / requirement;
    };
    expect(levelAtPrice(967_741n)).toBeGreaterThanOrEqual(7_999n);
    expect(levelAtPrice(967_800n)).toBeLessThan(8_000n);
  });
});
