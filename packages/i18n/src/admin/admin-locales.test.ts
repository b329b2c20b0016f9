import { describe, expect, it } from 'vitest';
import { languages } from '../languages';
import { loadAdminMessages } from './index';

// Every back-office language has exactly the English keys, non-empty, with the same placeholders.

type Tree = { [key: string]: unknown };
const leaves = (tree: unknown, prefix = ''): [string, string][] =>
  typeof tree === 'string'
    ? [[prefix, tree]]
    : Object.entries(tree as Tree).flatMap(([key, value]) =>
        leaves(value, prefix ? `${prefix}.${key}` : key),
      );
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join();

describe('back-office locales', async () => {
  const english = new Map(leaves(await loadAdminMessages('en')));
  it.each(languages)('%s has the English keys, filled, with the same placeholders', async (language) => {
    const mine = new Map(leaves(await loadAdminMessages(language)));
    expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, text] of mine) {
      expect(text.trim(), path).not.toBe('');
      expect(placeholders(text), path).toBe(placeholders(english.get(path) ?? ''));
    }
  });

  it('zh is Traditional Chinese: none of the common Simplified-only characters', async () => {
    const text = leaves(await loadAdminMessages('zh'))
      .map(([, value]) => value)
      .join('');
    expect(text.match(/[这为说对时员单审账户确认认证删过开关录号码发码设证变复]/g) ?? []).toEqual([]);
  });
});
