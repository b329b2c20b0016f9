import { storageKeys } from '../../session/storage';
import type { Quote, SearchResult } from './market-types';

// The selected stock, kept under `stockDetail` in local storage before going to the stock detail
// screen (spec section 2). The screen reads the symbol from it and fetches everything else fresh.

export type SelectedStock = Pick<SearchResult, 'symbol' | 'code' | 'name' | 'market' | 'kind' | 'currency'>;

export function saveStockDetail(stock: SelectedStock | Quote): void {
  const { symbol, code, name, market, kind, currency } = stock;
  localStorage.setItem(
    storageKeys.stockDetail,
    JSON.stringify({ symbol, code, name, market, kind, currency }),
  );
}

export function readStockDetail(storage: Pick<Storage, 'getItem'> = localStorage): SelectedStock | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(storageKeys.stockDetail) ?? 'null');
    if (parsed && typeof parsed === 'object' && typeof (parsed as SelectedStock).symbol === 'string') {
      return parsed as SelectedStock;
    }
  } catch {
    // A damaged entry is treated as no selection.
  }
  return null;
}
