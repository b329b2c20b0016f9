import { describe, expect, it } from 'vitest';
import {
  assetClass,
  assetScale,
  cryptoAsset,
  entryKinds,
  parseAsset,
  securityAsset,
  sourceTypes,
} from './assets';

describe('assets', () => {
  it.each([
    ['EUR', 'cash', 2],
    ['USD', 'cash', 2],
    ['crypto:BTC', 'crypto', 8],
    ['sec:ABI.BR', 'security', 0],
    ['sec:AAPL', 'security', 0],
    ['sec:BRK-B', 'security', 0],
  ] as const)('%s is %s at scale %i', (text, kind, scale) => {
    const asset = parseAsset(text);
    expect(asset).toBe(text);
    expect(assetClass(asset!)).toBe(kind);
    expect(assetScale(asset!)).toBe(scale);
  });

  it.each([
    '',
    'GBP',
    'eur',
    'crypto:',
    'crypto:btc',
    'crypto:B',
    'sec:',
    'sec:abi.br',
    'sec:.BR',
    'sec:ABI BR',
    'sec:A;DROP',
    `sec:${'A'.repeat(25)}`,
    'share:ABI',
    ' EUR',
  ])('refuses %j', (text) => {
    expect(parseAsset(text)).toBeNull();
  });

  it('builds asset names from symbols and codes, refusing malformed ones', () => {
    expect(securityAsset('ABI.BR')).toBe('sec:ABI.BR');
    expect(cryptoAsset('ETH')).toBe('crypto:ETH');
    expect(() => securityAsset('abi')).toThrow(RangeError);
    expect(() => cryptoAsset('')).toThrow(RangeError);
  });

  it('entry kinds and source types are closed snake_case lists without repeats', () => {
    for (const list of [entryKinds, sourceTypes]) {
      expect(new Set(list).size).toBe(list.length);
      for (const value of list) expect(value).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});
