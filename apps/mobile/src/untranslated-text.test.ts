import { ESLint, type Linter } from 'eslint';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every user-visible string goes through t() (CONVENTIONS.md "Front end"): JSX text with a letter
// in it is refused in the app's components. Symbols, numbers and punctuation may stay literal.

/** The monorepo root: the nearest folder up from here whose package.json declares workspaces. */
function findRepositoryRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8')))
      return `${folder}/`;
    if (dirname(folder) === folder) throw new Error('no workspace root above ' + start);
  }
}
const repositoryRoot = findRepositoryRoot(process.cwd());
const rules: Linter.RulesRecord = {
  'no-restricted-syntax': [
    'error',
    { selector: 'JSXText[value=/\\p{L}/u]', message: 'User-visible text goes through t().' },
  ],
};

function linter() {
  return new ESLint({ cwd: repositoryRoot, overrideConfig: { rules } });
}

const untranslated = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'no-restricted-syntax')
      .map((message) => `${result.filePath.replace(repositoryRoot, '')}:${message.line}`),
  );

describe('untranslated JSX text', () => {
  it('is caught by the check', async () => {
    const results = await linter().lintText('export const X = () => <p>Hello · {1}</p>;\n', {
      filePath: `${repositoryRoot}apps/mobile/src/probe.tsx`,
    });
    expect(untranslated(results)).toHaveLength(1);
  });

  it('appears nowhere in the app', async () => {
    const results = await linter().lintFiles(['apps/mobile/src/**/*.tsx']);
    expect(untranslated(results)).toEqual([]);
  }, 60_000);
});
