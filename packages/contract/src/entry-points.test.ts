import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints, type DataOf, type RequestOf } from './endpoint';
import * as contract from './index';
import * as paths from './paths';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const exportsMap = (
  JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  }
).exports;

/** The modules a file loads at run time: its value imports and re-exports (type-only ones are erased). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s*'([^']+)'/gm)) {
    const names = match[1] ?? '';
    // `import { type A, type B } from` loads nothing either.
    const inside = /^\{([^}]*)\}$/.exec(names.trim())?.[1];
    if (inside !== undefined && inside.split(',').every((name) => /^\s*type\s/.test(name) || !name.trim())) {
      continue;
    }
    specifiers.push(match[2] ?? '');
  }
  for (const match of source.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(match[1] ?? '');
  return specifiers;
}

/** Every module loaded from `entry`, following relative imports. */
function runtimeClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), `${specifier}.ts`));
      else seen.add(specifier);
    }
  }
  return seen;
}

describe('entry points', () => {
  const zodFree = ['./decimal', './assets', './paths', './enums', './rules', './admin-roles'];

  it.each(zodFree)('%s loads no zod, directly or through another module', (entry) => {
    const target = exportsMap[entry];
    expect(target).toBeDefined();
    const closure = [...runtimeClosure(join(packageDir, target!))];
    expect(closure.filter((module) => module === 'zod' || module.startsWith('zod/'))).toEqual([]);
  });

  it('the check sees zod where it is loaded (the main entry)', () => {
    expect(runtimeClosure(join(packageDir, exportsMap['.']!)).has('zod')).toBe(true);
  });

  it('the main entry re-exports every zod-free entry point', async () => {
    for (const entry of zodFree) {
      const module = (await import(join(packageDir, exportsMap[entry]!))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        expect((contract as Record<string, unknown>)[name], name).toBe(value);
      }
    }
  });
});

describe('endpoints take their paths from the path tables', () => {
  const groups = {
    userEndpoints: paths.userPaths,
    commonEndpoints: paths.commonPaths,
    identityEndpoints: paths.identityPaths,
    fundsEndpoints: paths.fundsPaths,
    marketEndpoints: paths.marketPaths,
    tradeEndpoints: paths.tradePaths,
    adminEndpoints: paths.adminPaths,
    inboxEndpoints: paths.inboxPaths,
    newsEndpoints: paths.newsPaths,
    adminSupportEndpoints: paths.adminSupportPaths,
  } as const;

  it.each(Object.entries(groups))('%s: one endpoint per path name, at that path', (group, table) => {
    const endpoints = (contract as unknown as Record<string, Record<string, { path: string }>>)[group]!;
    expect(
      Object.fromEntries(Object.entries(endpoints).map(([name, endpoint]) => [name, endpoint.path])),
    ).toEqual(table);
  });

  it('no two user calls share a path', () => {
    const all = [
      ...Object.values(paths.userPaths),
      ...Object.values(paths.commonPaths),
      ...Object.values(paths.identityPaths),
      ...Object.values(paths.fundsPaths),
      ...Object.values(paths.marketPaths),
      ...Object.values(paths.tradePaths),
      ...Object.values(paths.inboxPaths),
      ...Object.values(paths.newsPaths),
      paths.UPLOAD_PATH,
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('refuses a table name without a definition, and a definition without a path', () => {
    const definition = { auth: 'public', summary: 's', request: z.null(), data: z.null() } as const;
    expect(() =>
      // @ts-expect-error -- `b` has a path but no definition.
      defineEndpoints({ a: '/a', b: '/b' }, { a: definition }),
    ).toThrow('endpoint b has no definition');
    // @ts-expect-error -- `c` has a definition but no path.
    defineEndpoints({ a: '/a' }, { a: definition, c: definition });
  });

  it('keeps each schema type and the path literal', () => {
    const { login } = defineEndpoints(
      { login: '/x/login' },
      {
        login: {
          auth: 'public',
          summary: 's',
          request: z.strictObject({ account: z.string(), remember: z.boolean().default(false) }),
          data: z.object({ token: z.string() }),
        },
      },
    );
    const path: '/x/login' = login.path;
    const auth: 'public' = login.auth;
    const request: RequestOf<typeof login> = { account: '1' };
    const data: DataOf<typeof login> = { token: 't' };
    // @ts-expect-error -- the answer has no `account`.
    const wrong: DataOf<typeof login> = { account: 'x' };
    expect([path, auth, request, data, wrong]).toHaveLength(5);
  });
});
