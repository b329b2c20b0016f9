import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';

// Each test file gets its own database: in-memory PGlite by default, or (npm run test:pg) a fresh
// PostgreSQL database created for the file and dropped after it, so files never see each other.

export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? null;
export const isPostgres = testDatabaseUrl !== null;

export type TestDatabase = DatabaseHandle & { readonly url: string | null };

export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const handle = await openDatabase({ engine: 'pglite', dataDir: null });
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
