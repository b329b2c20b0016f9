import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The client runs in the apps' bundles, which must not load zod: it may load the contract's
// zod-free entry points, and take everything else from the main entry as types only.

const sourceDir = dirname(fileURLToPath(import.meta.url));
const zodFreeEntries = [
  '@beurs/contract/decimal',
  '@beurs/contract/paths',
  '@beurs/contract/enums',
  '@beurs/contract/rules',
];

/** The modules a source loads at run time (type-only imports and re-exports are erased). */
function runtimeImports(source: string): string[] {
  const loaded: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s*'([^']+)'/gms)) {
    const names = (match[1] ?? '').trim();
    const inside = /^\{([^}]*)\}$/s.exec(names)?.[1];
    const isTypesOnly =
      inside !== undefined && inside.split(',').every((name) => /^\s*type\s/.test(name) || !name.trim());
    if (!isTypesOnly) loaded.push(match[2] ?? '');
  }
  return loaded;
}

describe('@beurs/api-client', () => {
  const sources = readdirSync(sourceDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

  it.each(sources)('%s loads only zod-free modules', (name) => {
    const loaded = runtimeImports(readFileSync(join(sourceDir, name), 'utf8'));
    const outside = loaded.filter(
      (specifier) => !specifier.startsWith('./') && !zodFreeEntries.includes(specifier),
    );
    expect(outside).toEqual([]);
  });

  it('the check sees a value import of the main entry or of zod', () => {
    expect(runtimeImports("import { userApi } from '@beurs/contract';\nimport { z } from 'zod';")).toEqual([
      '@beurs/contract',
      'zod',
    ]);
    expect(runtimeImports("import type { UserApi } from '@beurs/contract';")).toEqual([]);
    expect(runtimeImports("import { type UserApi, type AdminApi } from '@beurs/contract';")).toEqual([]);
    expect(runtimeImports("export type { AdminApi } from '@beurs/contract';")).toEqual([]);
  });
});
