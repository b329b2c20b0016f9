import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { noZod } from './no-zod';

// Builds a one-file app with the plugin: once importing the contract's zod-free entry points, once
// its main entry (which loads zod). The app's own build runs the same plugin (vite.config.ts).

const appDir = dirname(dirname(fileURLToPath(import.meta.url)));
const outDirs: string[] = [];

async function buildEntry(source: string) {
  // Inside the app folder, so the workspace packages resolve as they do for the app.
  const dir = await mkdtemp(join(appDir, 'build', '.no-zod-'));
  outDirs.push(dir);
  await writeFile(join(dir, 'entry.ts'), source);
  return build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [noZod()],
    build: {
      outDir: join(dir, 'dist'),
      write: false,
      lib: { entry: join(dir, 'entry.ts'), formats: ['es'] },
    },
  });
}

afterAll(async () => {
  await Promise.all(outDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the no-zod build check', () => {
  it('passes the zod-free entry points of the contract', async () => {
    await expect(
      buildEntry(
        [
          "import { parseTypedCash } from '@beurs/contract/decimal';",
          "import { recordTabs } from '@beurs/contract/enums';",
          "import { fundsPaths } from '@beurs/contract/paths';",
          "import { ACCOUNT_PATTERN } from '@beurs/contract/rules';",
          'console.log(parseTypedCash("1"), recordTabs, fundsPaths, ACCOUNT_PATTERN);',
        ].join('\n'),
      ),
    ).resolves.toBeDefined();
  });

  it('fails a build that loads zod through the contract, naming the importer', async () => {
    await expect(
      buildEntry("import { fundsEndpoints } from '@beurs/contract';\nconsole.log(fundsEndpoints);"),
    ).rejects.toThrow(/the app bundle contains zod .*packages\/contract\/src/);
  });
});
