import { sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../db/database';
import { isPgError } from '../db/database';
import { houseAccount, move, userAccount } from './ledger-accounts';
import { signHead, writeCheckpointFile } from './ledger-publication';
import { newSigningKeyText, signerFromText } from './ledger-signing';
import {
  createFundedUser,
  createLedgerFixture,
  createUser,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';
import { createLedgerService } from './ledger.service';
import { verifyLedger } from './ledger-verify';
import { ManualClock } from '../core/clock';

// The database refuses to edit the journal; and when someone with the power to bypass that (a
// superuser disabling the trigger) edits a sealed entry anyway, verification finds it.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: unknown) => (isPgError(error, '55000') ? 'refused' : error),
  );

describe('journal', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries, postings and seals', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    await createFundedUser(db, ledger, { EUR: 5_00n });
    await ledger.seal(db);
    for (const table of ['ledger_entries', 'ledger_postings', 'ledger_seals']) {
      const name = sql.raw(table);
      const column = sql.raw(
        table === 'ledger_seals' ? 'hash' : table === 'ledger_entries' ? 'memo' : 'asset',
      );
      expect(await refusal(db.execute(sql`update ${name} set ${column} = ${column}`))).toBe('refused');
      expect(await refusal(db.execute(sql`delete from ${name}`))).toBe('refused');
      expect(await refusal(db.execute(sql`truncate ${name} cascade`))).toBe('refused');
    }
  });

  it('finds an edited sealed entry even when its postings still balance', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 50_00n });
    const { entryId } = await ledger.transfer(db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'withdrawal',
      memo: 'to own card',
      postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), 10_00n),
    });
    await ledger.seal(db);
    expect((await verifyLedger(db)).isOk).toBe(true);

    await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
    await db.execute(
      sql`update ledger_entries set memo = 'to a stranger' where id = ${entryId.toString()}::bigint`,
    );
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);

    const verification = await verifyLedger(db);
    expect(verification.isOk).toBe(false);
    expect(verification.breaches).toEqual([
      {
        check: 'hash chain',
        detail: `entry ${entryId} (seal ${verification.sealedCount}) changed after it was sealed`,
      },
    ]);
  });
});

describe('verifyLedger', () => {
  it('finds a posting slipped into a sealed entry by hand (INSERT is not refused)', async () => {
    // Its own database: the test above left a breach behind on purpose.
    const { ledger, database } = await createLedgerFixture();
    onTestFinished(() => database.close());
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { USD: 20_00n });
    const { entryId } = await ledger.transfer(db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'withdrawal',
      memo: 'to own card',
      postings: move(userAccount(userId, 'USD'), houseAccount('bank_cash', 'USD'), 5_00n),
    });
    await ledger.seal(db);
    expect((await verifyLedger(db)).isOk).toBe(true);

    await db.execute(sql`insert into ledger_postings (entry_id, account_id, asset, amount_minor)
      select ${entryId.toString()}::bigint, id, asset, 7 from ledger_accounts
      where owner_user_id is null and kind = 'fees' and asset = 'USD'`);

    const checks = new Set((await verifyLedger(db)).breaches.map((breach) => breach.check));
    expect([...checks].sort()).toEqual(['hash chain', 'unbalanced entry', 'zero sum']);
  });
});

describe('npm run ledger:verify', () => {
  const command = fileURLToPath(new URL('./verify.command.ts', import.meta.url));
  const signingKey = newSigningKeyText();
  const run = (dataDir: string, environment: Record<string, string> = { LEDGER_SIGNING_KEY: signingKey }) =>
    spawnSync(process.execPath, ['--import', 'tsx', command], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LEDGER_SIGNING_KEY: '', ...environment },
      encoding: 'utf8',
    });

  it('exits 0 on a sound ledger, 1 with a report on a breach, 2 without a key; it never seals', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'beurs-verify-'));
    try {
      const handle = await openDatabase({ engine: 'pglite', dataDir });
      const ledger = createLedgerService({ clock: new ManualClock('2026-11-21T12:00:00Z') });
      await ledger.ensureHouseAccounts(handle.db);
      const userId = await createUser(handle.db, ledger);
      await handle.close();

      const sound = run(dataDir);
      expect(sound.stdout).toContain('OK: chain intact and signed');
      expect(sound.stdout).toContain(`ledger key: ${signerFromText(signingKey).publicKeyText}`);
      expect(sound.status).toBe(0);
      const keyless = run(dataDir, {});
      expect(keyless.stderr).toContain('no ledger signing key');
      expect(keyless.status).toBe(2);

      const reopened = await openDatabase({ engine: 'pglite', dataDir });
      await reopened.db.execute(
        sql`update ledger_accounts set balance_minor = balance_minor + 1 where owner_user_id = ${userId.toString()}::bigint and asset = 'USD' and kind = 'available'`,
      );
      await reopened.db
        .execute(sql`insert into ledger_entries (kind, memo, idempotency_key, source_type, source_id, created_at)
        values ('deposit', 'by hand', 'by-hand', 'deposit', '1', '2026-11-21T12:00:00Z')`);
      await reopened.close();
      const broken = run(dataDir);
      expect(broken.stdout).toMatch(
        /\[balance row differs from postings\] account \d+: balance row 1, postings sum 0/,
      );
      // Not sealed by the verifier: older than the sealer's deadline, it is a breach.
      expect(broken.stdout).toMatch(
        /\[unsealed past the deadline\] entry \d+ of 2026-11-21T12:00:00Z is not sealed/,
      );
      expect(broken.stdout).toMatch(/\[business record\] entry \d+: no approved deposit 1/);
      expect(broken.stdout).toContain('not sealed yet: 1');
      expect(broken.status).toBe(1);

      // A daily checkpoint in DATA_DIR/ledger-checkpoints naming a longer chain than the journal
      // holds (entries removed since) is checked on every run, without being named.
      const signer = signerFromText(signingKey);
      writeCheckpointFile(
        join(dataDir, 'ledger-checkpoints'),
        signHead(signer, { sequence: '5', hash: 'a'.repeat(64), merkleRoot: 'b'.repeat(64) }, new Date()),
      );
      const truncated = run(dataDir);
      expect(truncated.stdout).toContain('published heads checked: 1');
      expect(truncated.stdout).toMatch(/\[published head\] head #5 of .*: the journal has only 0 seals/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // three child processes and three openings of a PGlite data directory
});
