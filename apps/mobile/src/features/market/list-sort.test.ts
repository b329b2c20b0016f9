import { describe, expect, it } from 'vitest';
import { ariaSort, DEFAULT_SORT, nextSort } from './list-sort';

describe('list sorting', () => {
  it('flips the order on the sorted column and starts another column descending', () => {
    const flipped = nextSort(DEFAULT_SORT, 'change');
    expect(flipped).toEqual({ sort: 'change', order: 'asc' });
    expect(nextSort(flipped, 'change')).toEqual({ sort: 'change', order: 'desc' });
    expect(nextSort(flipped, 'volume')).toEqual({ sort: 'volume', order: 'desc' });
  });

  it('tells assistive technology which column is sorted', () => {
    expect(ariaSort({ sort: 'turnover', order: 'asc' }, 'turnover')).toBe('ascending');
    expect(ariaSort({ sort: 'turnover', order: 'asc' }, 'change')).toBe('none');
  });
});
