import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from '../../session/storage';
import { stockTypes, type StockType } from '@beurs/contract/enums';
import { DEFAULT_STOCK_TYPE } from './market-types';

// The market switcher's choice under `stockType` in local storage (spec sections 2 and 9).

const CHANGED = 'beurs:stock-type';

export function isStockType(value: unknown): value is StockType {
  return typeof value === 'string' && (stockTypes as readonly string[]).includes(value);
}

export function readStockType(storage: Pick<Storage, 'getItem'> = localStorage): StockType {
  const stored = storage.getItem(storageKeys.stockType);
  return isStockType(stored) ? stored : DEFAULT_STOCK_TYPE;
}

export function saveStockType(stockType: StockType): void {
  localStorage.setItem(storageKeys.stockType, stockType);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useStockType(): [StockType, (stockType: StockType) => void] {
  const stockType = useSyncExternalStore(subscribe, () => readStockType());
  return [stockType, useCallback((next: StockType) => saveStockType(next), [])];
}
