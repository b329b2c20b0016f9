import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The module-seam lint rule (apps/server/module-seams.eslint.js) fails on planted violations and
// passes what the seams allow. Each case lints one import line as if it were in the named file.

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repositoryRoot });

async function seamErrors(file: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const planted = used;\n`, {
    filePath: `${repositoryRoot}apps/server/${file}`,
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const refused: Array<[string, string, string]> = [
  [
    'another module’s repository',
    'src/modules/deposits/deposits.service.ts',
    "import { used } from '../users/users.repository';",
  ],
  [
    'another module’s tables',
    'src/modules/deposits/deposits.service.ts',
    "import { users as used } from '../users/users.tables';",
  ],
  [
    'another module’s tables from a repository',
    'src/modules/deposits/deposits.repository.ts',
    "import { users as used } from '../users/users.tables';",
  ],
  [
    'another module’s routes',
    'src/modules/withdrawals/withdrawals.routes.ts',
    "import { depositsRoutes as used } from '../deposits/deposits.routes';",
  ],
  [
    'another module’s helper file',
    'src/modules/exchange/exchange.service.ts',
    "import { requestHash as used } from '../fund-operations/request-hash';",
  ],
  [
    'a type from another module’s repository',
    'src/modules/deposits/deposits.service.ts',
    "import type { UserRow as used } from '../users/users.repository';",
  ],
  [
    'a re-export of another module’s tables',
    'src/modules/deposits/deposits.service.ts',
    "export { users as used } from '../users/users.tables';",
  ],
  [
    'its own tables outside its repository',
    'src/modules/deposits/deposits.service.ts',
    "import { deposits as used } from './deposits.tables';",
  ],
  [
    'the ledger’s tables in a module',
    'src/modules/deposits/deposits.repository.ts',
    "import { ledgerEntries as used } from '../../ledger/ledger.tables';",
  ],
  [
    'another module’s repository in a test',
    'src/modules/deposits/deposits.routes.test.ts',
    "import { used } from '../users/users.repository';",
  ],
  [
    'a module’s tables outside the modules',
    'src/ledger/ledger.service.ts',
    "import { users as used } from '../modules/users/users.tables';",
  ],
  [
    'the ledger’s tables outside the ledger',
    'src/first-start.ts',
    "import { ledgerEntries as used } from './ledger/ledger.tables';",
  ],
  [
    'another module’s tables from records (no longer allow-listed: modules describe their records)',
    'src/modules/records/records.repository.ts',
    "import { deposits as used } from '../deposits/deposits.tables';",
  ],
  [
    'other tables from staff-auth (allow-listed for staff_users only)',
    'src/modules/staff-auth/staff-auth.repository.ts',
    "import { users as used } from '../users/users.tables';",
  ],
];

const allowed: Array<[string, string, string]> = [
  [
    'another module’s service',
    'src/modules/deposits/deposits.service.ts',
    "import type { UsersService as used } from '../users/users.service';",
  ],
  [
    'a second service file of a module',
    'src/modules/restrictions/restrictions.service.ts',
    "import type { SessionsService as used } from '../users/sessions.service';",
  ],
  [
    'its own repository',
    'src/modules/deposits/deposits.service.ts',
    "import * as used from './deposits.repository';",
  ],
  [
    'its own tables from its repository',
    'src/modules/deposits/deposits.repository.ts',
    "import { deposits as used } from './deposits.tables';",
  ],
  [
    'another module’s tables for a foreign key',
    'src/modules/deposits/deposits.tables.ts',
    "import { users as used } from '../users/users.tables';",
  ],
  [
    'the cross-cutting cores',
    'src/modules/deposits/deposits.routes.ts',
    "import { registerEndpoint as used } from '../../http/endpoint-route';",
  ],
  [
    'test support and tables in a test',
    'src/modules/deposits/deposits.routes.test.ts',
    "import { users as used } from '../users/users.tables';\nimport { uploadSample } from '../uploads/upload-test-support';",
  ],
  [
    'the ledger’s tables inside the ledger',
    'src/ledger/ledger.repository.ts',
    "import { ledgerEntries as used } from './ledger.tables';",
  ],
];

describe('module seams lint rule', () => {
  it.each(refused)('refuses %s', async (_name, file, importLine) => {
    expect(await seamErrors(file, importLine)).toEqual([
      expect.stringContaining('A module reaches another only through its service'),
    ]);
  });

  it.each(allowed)('allows %s', async (_name, file, importLine) => {
    expect(await seamErrors(file, importLine)).toEqual([]);
  });
});
