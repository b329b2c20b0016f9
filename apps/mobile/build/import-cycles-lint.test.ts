import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run lint` refuses import cycles (import-x/no-cycle in eslint.config.js). Each case lints a
// real file with one planted line, as if it were on disk, and expects the cycle refused; the files
// as they are pass. Dynamic imports count: the lazy screen table once lived in the route table that
// the screens import, and that made a cycle through every screen.

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repositoryRoot });

async function cycleErrors(file: string, planted = ''): Promise<string[]> {
  const filePath = `${repositoryRoot}${file}`;
  const source = readFileSync(filePath, 'utf8');
  const [result] = await eslint.lintText(`${source}\n${planted}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-cycle')
    .map((message) => message.message);
}

describe('the import-cycle check', () => {
  it('refuses a lazy screen loader in the route table that the screens link through', async () => {
    const errors = await cycleErrors(
      'apps/mobile/src/routes/paths.ts',
      "export const plantedLoader = () => import('../screens/login/LoginScreen');",
    );
    expect(errors).toEqual(['Dependency cycle detected']);
  });

  it('refuses a static cycle inside a package', async () => {
    const errors = await cycleErrors(
      'packages/api-client/src/errors.ts',
      "export { createApiClient as planted } from './client';",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses a cycle through several server modules', async () => {
    // The app registers every module; a module's service importing the app back closes a cycle.
    const errors = await cycleErrors(
      'apps/server/src/modules/decisions/decisions.service.ts',
      "export { buildApp as planted } from '../../app';",
    );
    expect(errors).toHaveLength(1);
  });

  it.each([
    'apps/mobile/src/routes/paths.ts',
    'apps/mobile/src/routes/screens.ts',
    'apps/mobile/src/screens/login/LoginScreen.tsx',
    'packages/api-client/src/errors.ts',
  ])('passes %s as it is', async (file) => {
    expect(await cycleErrors(file)).toEqual([]);
  });
});
