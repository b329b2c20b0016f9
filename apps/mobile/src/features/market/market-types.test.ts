import { describe, expect, it } from 'vitest';
import { isRangeAllowed, rangeForPeriod } from './market-types';

describe('chart ranges', () => {
  it('keeps a range only when the period allows it', () => {
    expect(isRangeAllowed('time_share', '1d')).toBe(true);
    expect(isRangeAllowed('time_share', '1m')).toBe(false);
    expect(rangeForPeriod('5m', '1y')).toBe('1m');
    expect(rangeForPeriod('day', '1y')).toBe('1y');
    expect(rangeForPeriod('time_share', '3m')).toBe('1w');
  });
});
