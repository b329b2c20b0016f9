import { describe, expect, it } from 'vitest';
import {
  addToSearchHistory,
  clearSearchHistory,
  HISTORY_MAX,
  readSearchHistory,
  SEARCH_HISTORY_KEY,
  type HistoryEntry,
} from './search-history';

const entry = (symbol: string): HistoryEntry => ({
  symbol,
  code: symbol,
  name: `Name of ${symbol}`,
  market: 'usd',
  kind: 'stock',
  currency: 'USD',
});

describe('search history', () => {
  it('keeps the newest first without duplicates', () => {
    addToSearchHistory(entry('AAPL'));
    addToSearchHistory(entry('MSFT'));
    addToSearchHistory(entry('AAPL'));
    expect(readSearchHistory().map((item) => item.symbol)).toEqual(['AAPL', 'MSFT']);
  });

  it(`keeps at most ${HISTORY_MAX} entries`, () => {
    for (let index = 0; index < HISTORY_MAX + 5; index += 1) addToSearchHistory(entry(`S${index}`));
    const history = readSearchHistory();
    expect(history).toHaveLength(HISTORY_MAX);
    expect(history[0]?.symbol).toBe(`S${HISTORY_MAX + 4}`);
    expect(history.at(-1)?.symbol).toBe('S5');
  });

  it('survives a damaged entry and can be cleared', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify([{ symbol: 1 }, entry('ABI.BR')]));
    expect(readSearchHistory().map((item) => item.symbol)).toEqual(['ABI.BR']);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });

  it('stores only the fields it needs', () => {
    addToSearchHistory({ ...entry('NVDA'), latest: '1.00' } as HistoryEntry);
    expect(Object.keys(readSearchHistory()[0] ?? {}).sort()).toEqual(
      ['code', 'currency', 'kind', 'market', 'name', 'symbol'].sort(),
    );
  });
});
