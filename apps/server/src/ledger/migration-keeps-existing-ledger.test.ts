import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../db/database';
import { GENESIS_HASH, sealHash } from './ledger-hashing';
import { selectEntries } from './ledger-journal.repository';
import { verifyLedger } from './ledger-verify';
import { queryRows } from './ledger.repository';

// A ledger written before assets (migration 0013, `currency` columns, entries without a source,
// seals whose hash covers no source) migrates: columns become `asset`, every entry and hold gets a
// source, the old seals still verify, and new entries after it are sealed with their source.

const LAST_BEFORE_ASSETS = 13;
const workDir = mkdtempSync(join(tmpdir(), 'beurs-migration-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A copy of the migrations folder that stops at migration `last`. */
function migrationsUpTo(last: number): string {
  const folder = join(workDir, `upto-${last}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

it('moves an existing EUR/USD ledger to assets and sources, keeping its chain', async () => {
  const client = new PGlite();
  const db = drizzle({ client, casing: 'snake_case' });
  try {
    await migrate(db, { migrationsFolder: migrationsUpTo(LAST_BEFORE_ASSETS) });
    const executor = db as unknown as Database;
    // The old shape, written as the old code wrote it: a user with EUR accounts, a deposit entry and
    // a hold (no deposit or withdrawal rows point at them: they take the fallback sources).
    await db.execute(sql`insert into users (account, password_hash, invited_by_code, created_at)
      values ('32470000001', 'x', 'CODE', now())`);
    await db.execute(sql`insert into ledger_accounts (owner_user_id, currency, kind, balance_minor, created_at)
      values (1, 'EUR', 'available', 70_00, now()), (1, 'EUR', 'frozen', 30_00, now())`);
    await db.execute(
      sql`insert into ledger_accounts (currency, kind, created_at) values ('EUR', 'bank_cash', now())`,
    );
    await db.execute(
      sql`insert into ledger_entries (kind, memo, created_at) values ('deposit', 'old deposit', now())`,
    );
    await db.execute(sql`insert into ledger_postings (entry_id, account_id, currency, amount_minor)
      values (1, 3, 'EUR', -100_00), (1, 1, 'EUR', 100_00)`);
    await db.execute(sql`insert into ledger_holds (owner_user_id, currency, available_account_id, frozen_account_id, amount_minor, memo, created_at)
      values (1, 'EUR', 1, 2, 30_00, 'old hold', now())`);
    await db.execute(sql`insert into ledger_entries (kind, memo, hold_id, idempotency_key, created_at)
      values ('hold_reserve', 'old hold', 1, 'old-hold-key', now())`);
    await db.execute(sql`insert into ledger_postings (entry_id, account_id, currency, amount_minor)
      values (2, 1, 'EUR', -30_00), (2, 2, 'EUR', 30_00)`);
    // Seal both as the old sealer did (format 1: the body without a source).
    const entries = await queryRows<{
      id: string;
      kind: string;
      memo: string;
      hold_id: string | null;
      idempotency_key: string | null;
      created_at: string;
    }>(
      executor,
      sql`select id::text, kind, memo, hold_id::text, idempotency_key,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at from ledger_entries order by id`,
    );
    const postings = await queryRows<{
      entry_id: string;
      account_id: string;
      currency: string;
      amount_minor: string;
    }>(
      executor,
      sql`select entry_id::text, account_id::text, currency, amount_minor::text from ledger_postings order by id`,
    );
    let previous = GENESIS_HASH;
    for (const [index, entry] of entries.entries()) {
      const hash = sealHash(
        previous,
        {
          id: BigInt(entry.id),
          kind: entry.kind,
          memo: entry.memo,
          holdId: entry.hold_id === null ? null : BigInt(entry.hold_id),
          idempotencyKey: entry.idempotency_key,
          sourceType: 'ignored by format 1',
          sourceId: 'ignored by format 1',
          createdAt: entry.created_at,
          postings: postings
            .filter((posting) => posting.entry_id === entry.id)
            .map((posting) => ({
              accountId: BigInt(posting.account_id),
              asset: posting.currency,
              amountMinor: BigInt(posting.amount_minor),
            })),
        },
        1,
      );
      await db.execute(sql`insert into ledger_seals (sequence, entry_id, previous_hash, hash, sealed_at)
        values (${index + 1}, ${entry.id}::bigint, ${previous}, ${hash}, now())`);
      previous = hash;
    }

    await migrate(db, { migrationsFolder });

    expect(
      await queryRows(executor, sql`select id::text, source_type, source_id from ledger_entries order by id`),
    ).toEqual([
      { id: '1', source_type: 'deposit', source_id: 'entry:1' },
      { id: '2', source_type: 'withdrawal', source_id: 'hold:1' },
    ]);
    expect(await queryRows(executor, sql`select asset, source_type, source_id from ledger_holds`)).toEqual([
      { asset: 'EUR', source_type: 'withdrawal', source_id: 'hold:1' },
    ]);
    expect((await selectEntries(executor, [1n]))[0]?.postings.map((posting) => posting.asset)).toEqual([
      'EUR',
      'EUR',
    ]);
    const verification = await verifyLedger(executor);
    expect(verification.breaches).toEqual([]);
    expect(verification.sealedCount).toBe(2n);
    // From now on an entry without an idempotency key is refused by the database too.
    await expect(
      db.execute(sql`insert into ledger_entries (kind, memo, source_type, source_id, created_at)
        values ('correction', 'no key', 'correction', '1', now())`),
    ).rejects.toThrow();
  } finally {
    await client.close();
  }
});
