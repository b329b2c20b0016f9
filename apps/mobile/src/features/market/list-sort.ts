import type { ListSort, SortOrder } from '@beurs/contract/enums';

// Sorting of the market lists: the server sorts; the screen only decides what to ask for. A tap on
// the column already sorted flips the order; a tap on another column sorts it descending first
// (biggest gainers, most volume, most turnover).

export type SortState = { sort: ListSort; order: SortOrder };

export const DEFAULT_SORT: SortState = { sort: 'change', order: 'desc' };

export function nextSort(current: SortState, column: ListSort): SortState {
  if (current.sort === column) return { sort: column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { sort: column, order: 'desc' };
}

/** The aria-sort value of a column header. */
export function ariaSort(current: SortState, column: ListSort): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}
