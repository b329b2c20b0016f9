import type { SearchResult } from './market-types';

// The search screen's local history: the stocks the user opened from a search, newest first,
// without duplicates, at most HISTORY_MAX, in local storage under SEARCH_HISTORY_KEY.

export const SEARCH_HISTORY_KEY = 'searchHistory';
export const HISTORY_MAX = 10;

export type HistoryEntry = Pick<SearchResult, 'symbol' | 'code' | 'name' | 'market' | 'kind' | 'currency'>;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readSearchHistory(storage: Store = localStorage): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (entry): entry is HistoryEntry =>
          !!entry &&
          typeof entry === 'object' &&
          typeof (entry as HistoryEntry).symbol === 'string' &&
          typeof (entry as HistoryEntry).name === 'string',
      )
      .slice(0, HISTORY_MAX);
  } catch {
    return [];
  }
}

/** Puts an entry first, drops an older copy of it and anything past the limit. */
export function addToSearchHistory(entry: HistoryEntry, storage: Store = localStorage): HistoryEntry[] {
  const { symbol, code, name, market, kind, currency } = entry;
  const next = [
    { symbol, code, name, market, kind, currency },
    ...readSearchHistory(storage).filter((old) => old.symbol !== symbol),
  ].slice(0, HISTORY_MAX);
  storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(storage: Store = localStorage): void {
  storage.removeItem(SEARCH_HISTORY_KEY);
}
