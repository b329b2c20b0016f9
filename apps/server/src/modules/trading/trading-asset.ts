import { cryptoAsset, securityAsset, type Asset } from '@beurs/contract';
import type { Instrument } from '../../market/provider';

/**
 * The ledger asset an instrument's trades move: `sec:<symbol>` for shares and ETFs, `crypto:<code>`
 * for crypto (BTC/USD → `crypto:BTC`, the same asset a crypto wallet would hold).
 */
export function tradingAsset(instrument: Instrument): Asset {
  if (instrument.kind === 'crypto') return cryptoAsset(instrument.code.split('/')[0] ?? instrument.code);
  return securityAsset(instrument.symbol);
}
