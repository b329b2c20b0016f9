import { errorCodes } from '@beurs/contract';
import { describe, expect, it } from 'vitest';
import { genericErrorWord, languages, type Language } from './languages';
import { loadMessages } from './index';

type Tree = { [key: string]: unknown };

/** Every leaf path of a message tree, e.g. `login.submit` or `docs.privacy.1`. */
function leafPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree === 'string') return [prefix];
  if (tree === null || typeof tree !== 'object') return [`${prefix} (not a string: ${typeof tree})`];
  return Object.entries(tree as Tree).flatMap(([key, value]) =>
    leafPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}

function lookup(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locales', async () => {
  const english = await loadMessages('en');
  const englishPaths = leafPaths(english);
  const all = Object.fromEntries(
    await Promise.all(languages.map(async (language) => [language, await loadMessages(language)] as const)),
  ) as Record<Language, unknown>;

  it('English has a message for every error code of the contract', () => {
    const missing = errorCodes.filter((code) => typeof lookup(english, `errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(languages)('%s has every key English has, and no other', (language) => {
    const paths = leafPaths(all[language]);
    expect(englishPaths.filter((path) => !paths.includes(path))).toEqual([]);
    expect(paths.filter((path) => !englishPaths.includes(path))).toEqual([]);
  });

  it.each(languages)('%s has a non-empty message for every error code', (language) => {
    const missing = errorCodes.filter((code) => {
      const message = lookup(all[language], `errors.${code}`);
      return typeof message !== 'string' || message.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it.each(languages)('%s uses the same placeholders as English', (language) => {
    const differing = englishPaths.filter((path) => {
      const mine = lookup(all[language], path);
      return (
        typeof mine === 'string' &&
        placeholders(mine).join() !== placeholders(lookup(english, path) as string).join()
      );
    });
    expect(differing).toEqual([]);
  });

  it.each(languages)('%s names every error parameter of the contract in its message', async (language) => {
    const { errorCatalogue } = await import('@beurs/contract');
    const lacking = errorCodes.filter((code) => {
      const message = lookup(all[language], `errors.${code}`) as string;
      // `issues` is a list for developers, `currency` is shown inside the formatted amount.
      const shown = errorCatalogue[code].params.filter((name) => name !== 'issues' && name !== 'currency');
      return shown.some((name) => !message.includes(`{{${name}}}`));
    });
    expect(lacking).toEqual([]);
  });

  it.each(languages)('%s uses its generic error word', (language) => {
    expect(lookup(all[language], 'common.error')).toBe(genericErrorWord[language]);
  });
});
