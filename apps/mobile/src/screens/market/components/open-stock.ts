import type { NavigateFunction } from 'react-router';
import { saveStockDetail, type SelectedStock } from '../../../features/market/stock-detail';
import type { Quote } from '../../../features/market/market-types';
import { pathOf } from '../../../routes/paths';

/** Keeps the stock under `stockDetail` (spec section 2), then opens the stock detail screen. */
export function openStock(navigate: NavigateFunction, stock: SelectedStock | Quote): void {
  saveStockDetail(stock);
  void navigate(pathOf('stockDetail'));
}
