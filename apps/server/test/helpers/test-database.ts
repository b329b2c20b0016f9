import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../../src/db/database';

// Each test file gets its own database: in-memory PGlite by default, or (npm run test:pg) a fresh
// PostgreSQL database created for the file and dropped after it, so files never see each other.
//
// A new PGlite runs initdb (1–2 s of WebAssembly) and then every migration. Test databases start
// instead from a migrated data directory kept in the system's temp folder, named by a hash of the
// migrations and of the PGlite release, so it is rebuilt whenever either changes; opening still runs the migrator, which
// finds nothing to apply. Loading it takes about a quarter of the time.

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? null;
export const isPostgres = testDatabaseUrl !== null;

export type TestDatabase = DatabaseHandle & { readonly url: string | null };

export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const handle = await openDatabase({
      engine: 'pglite',
      dataDir: null,
      loadDataDir: await migratedPgliteDataDir(),
    });
    return { ...handle, url: null };
  }
  const name = `beurs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    poolSize: options.poolSize ?? 20,
  });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: testDatabaseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function migratedPgliteDataDir(): Promise<Blob> {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const hash = createHash('sha256').update(await readFile(join(dirname(pgliteEntry), '..', 'package.json')));
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files.filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))) {
    hash.update(file).update(await readFile(join(migrationsFolder, file)));
  }
  const path = join(tmpdir(), `beurs-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not built yet: build it once. Parallel workers may race; each writes its own file and renames.
    const fresh = await openDatabase({ engine: 'pglite', dataDir: null });
    const dump = await fresh.dumpDataDir!();
    await fresh.close();
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  }
}
