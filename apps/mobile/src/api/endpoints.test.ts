import { commonEndpoints, fundsEndpoints, identityEndpoints, userEndpoints } from '@beurs/contract';
import { describe, expect, it } from 'vitest';
import { commonPaths, fundsPaths, identityPaths, userPaths } from './endpoints';

describe('endpoint paths', () => {
  it('match the contract for every user and common endpoint', () => {
    expect(userPaths).toEqual(
      Object.fromEntries(Object.entries(userEndpoints).map(([name, e]) => [name, e.path])),
    );
    expect(commonPaths).toEqual(
      Object.fromEntries(Object.entries(commonEndpoints).map(([name, e]) => [name, e.path])),
    );
    expect(fundsPaths).toEqual(
      Object.fromEntries(Object.entries(fundsEndpoints).map(([name, e]) => [name, e.path])),
    );
    expect(identityPaths).toEqual(
      Object.fromEntries(Object.entries(identityEndpoints).map(([name, e]) => [name, e.path])),
    );
  });
});
