import { marketEndpoints } from '@beurs/contract';
import { describe, expect, it } from 'vitest';
import { marketPaths } from './paths';

describe('market paths', () => {
  it('match the contract for every market endpoint', () => {
    expect(marketPaths).toEqual(
      Object.fromEntries(Object.entries(marketEndpoints).map(([name, e]) => [name, e.path])),
    );
  });
});
