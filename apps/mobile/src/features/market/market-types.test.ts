import * as contract from '@beurs/contract';
import { describe, expect, it } from 'vitest';
import {
  chartPeriods,
  chartRanges,
  isRangeAllowed,
  longestRangeByPeriod,
  priceAdjustments,
  rangeForPeriod,
  stockTypes,
} from './market-types';

describe('market values', () => {
  it('repeat the contract', () => {
    expect([...stockTypes]).toEqual([...contract.stockTypes]);
    expect([...chartPeriods]).toEqual([...contract.candlePeriods]);
    expect(contract.candleRanges).toEqual(expect.arrayContaining([...chartRanges]));
    expect([...priceAdjustments]).toEqual([...contract.priceAdjustments]);
    expect(longestRangeByPeriod).toEqual(contract.longestRangeByPeriod);
  });

  it('keeps a range only when the period allows it', () => {
    expect(isRangeAllowed('time_share', '1d')).toBe(true);
    expect(isRangeAllowed('time_share', '1m')).toBe(false);
    expect(rangeForPeriod('5m', '1y')).toBe('1m');
    expect(rangeForPeriod('day', '1y')).toBe('1y');
    expect(rangeForPeriod('time_share', '3m')).toBe('1w');
  });
});
