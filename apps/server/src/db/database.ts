import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromServerRoot } from '../server-root';
import { trackCommits } from './after-commit';
import { lockDataDir } from './data-dir-lock';

// One database API over two engines: PGlite (embedded, in DATA_DIR or in memory) and PostgreSQL
// (DATABASE_URL). Same schema, same migrations, same SQL. Every transaction knows when it commits
// (after-commit.ts), so writes inside a caller's transaction can publish after that commit.

/** A Drizzle database on either engine. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction on either engine. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either: every repository function takes `(db | tx)` first. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  readonly db: Database;
  readonly engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, for `loadDataDir`. */
  dumpDataDir?(): Promise<Blob>;
};

export const migrationsFolder = fromServerRoot('drizzle');
const MIGRATION_LOCK_ID = 7_311_001;

export type DatabaseOptions =
  | {
      engine: 'pglite';
      dataDir: string | null;
      /** An in-memory database starts from this data directory (a `dumpDataDir` tarball), then migrates. */
      loadDataDir?: Blob;
    }
  | { engine: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'pglite') {
    // PGlite runs without fsync: demo and single-user use only (see README).
    const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
    const client = options.dataDir
      ? new PGlite(options.dataDir)
      : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    await client.waitReady;
    const db = drizzlePglite({ client, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return {
      db: trackCommits(db as unknown as Database),
      engine: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight still fail loudly.
  });
  const db = drizzleNodePostgres({ client: pool, casing: 'snake_case' });
  await migrateWithLock(pool, db);
  return { db: trackCommits(db as unknown as Database), engine: 'postgres', close: () => pool.end() };
}

/** Several API nodes may start at once: one migrates while the others wait on an advisory lock. */
async function migrateWithLock(pool: pg.Pool, db: Parameters<typeof migrateNodePostgres>[0]) {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePostgres(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
}

/** True when the error is PostgreSQL's, with the given SQLSTATE (e.g. '23505' unique violation). */
export function isPgError(error: unknown, sqlState: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === sqlState) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function ping(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
