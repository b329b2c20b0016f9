import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { systemClock } from '../core/clock';
import { cryptoRandom } from '../core/random';
import { openDatabase } from '../db/database';

// `npm run openapi:write` regenerates apps/server/openapi.json from the contract;
// `npm run openapi:check` fails when the committed copy is stale.

const committedPath = fileURLToPath(new URL('../../openapi.json', import.meta.url));

async function generate(): Promise<string> {
  const database = await openDatabase({ engine: 'pglite', dataDir: null });
  const app = await buildApp({
    config: testConfig(),
    db: database.db,
    clock: systemClock,
    random: cryptoRandom,
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

const mode = process.argv[2];
const generated = await generate();
if (mode === 'write') {
  await writeFile(committedPath, generated);
  console.log(`wrote ${committedPath}`);
} else if (mode === 'check') {
  const committed = await readFile(committedPath, 'utf8').catch(() => '');
  if (committed !== generated) {
    console.error('apps/server/openapi.json is stale: run `npm run openapi:write` and commit it.');
    process.exit(1);
  }
  console.log('openapi.json is up to date');
} else {
  console.error('usage: openapi.command.ts write|check');
  process.exit(2);
}
