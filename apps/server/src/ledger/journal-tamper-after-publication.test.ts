import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app';
import { testConfig } from '../config';
import type { Transaction } from '../db/database';
import { adminLogin, createStaff, type StaffHeaders } from '../modules/staff-auth/admin-test-support';
import { createChannel, depositAndApprove, readyDepositor } from '../modules/deposits/deposit-test-support';
import { recordChecks } from '../record-checks';
import { GENESIS_HASH, sealHash, CURRENT_HASH_FORMAT } from './ledger-hashing';
import * as journal from './ledger-journal.repository';
import type { SignedHead } from './ledger-publication';
import { verifyRecords } from './ledger-record-checks';
import { signerFromText, verifierFromText, newSigningKeyText } from './ledger-signing';
import { verifyLedger } from './ledger-verify';
import { queryRows } from './ledger.repository';

// Issue 12, item 1: someone with the database's superuser rights edits the journal directly, the
// way the audit found it done; what `ledger:verify` runs (the chain with the published key, the
// sealer's deadline, the published heads, every entry against its business record) reports each.
// Runs on PGlite and, under test:pg, on PostgreSQL.

const DEADLINE_MS = 60_000;
let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;

/** Each scenario on its own server and database (each leaves its breach behind). */
async function withApp(scenario: () => Promise<void>) {
  const config = testConfig();
  testApp = await buildTestApp({ config: { ledger: { ...config.ledger, sealDeadlineMs: DEADLINE_MS } } });
  try {
    admin = await adminLogin(testApp);
    finance = await createStaff(testApp, admin, 'finance');
    channelId = await createChannel(testApp, finance);
    await scenario();
  } finally {
    await testApp.close();
  }
}

const db = () => testApp.database.db;
const ledger = () => testApp.app.services.ledger;
const publicKey = () => verifierFromText(ledger().publicKeyText ?? '');

/** Everything `ledger:verify` checks, as it checks it, with the test's clock as now. */
async function verifyAll(checkpoints: SignedHead[] = []) {
  const verification = await verifyLedger(db(), {
    verifier: publicKey(),
    now: testApp.clock.now(),
    deadlineMs: DEADLINE_MS,
    checkpoints,
  });
  const records = await verifyRecords(db(), recordChecks);
  return [...verification.breaches, ...records];
}
const checksOf = (breaches: Array<{ check: string }>) =>
  [...new Set(breaches.map((breach) => breach.check))].sort();

/** As a superuser: triggers (append-only, foreign keys) off for this transaction only. */
const asSuperuser = (work: (tx: Transaction) => Promise<void>) =>
  db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });

async function depositOf(amount: string) {
  const user = await readyDepositor(testApp, admin);
  const depositId = await depositAndApprove(testApp, user, finance, channelId, amount);
  await ledger().seal(db());
  const rows = await queryRows<{ entry_id: string; user_id: string }>(
    db(),
    sql`select entry_id::text, user_id::text from deposits where id = ${depositId}::bigint`,
  );
  return { depositId, entryId: rows[0]?.entry_id ?? '', userId: rows[0]?.user_id ?? '' };
}

const userAccountId = async (userId: string) =>
  (
    await queryRows<{ id: string }>(
      db(),
      sql`select id::text from ledger_accounts where owner_user_id = ${userId}::bigint and asset = 'EUR' and kind = 'available'`,
    )
  )[0]?.id ?? '';
const bankCashId = async () =>
  (
    await queryRows<{ id: string }>(
      db(),
      sql`select id::text from ledger_accounts where owner_user_id is null and asset = 'EUR' and kind = 'bank_cash'`,
    )
  )[0]?.id ?? '';

describe('the journal against someone who can write the database', () => {
  it('is sound after real deposits, sealed and signed by the server', () =>
    withApp(async () => {
      await depositOf('120.00');
      expect(await verifyAll([await ledger().signedHead(db())])).toEqual([]);
    }));

  it('finds a balanced entry inserted by hand, even once the sealer has signed it', () =>
    withApp(async () => {
      const { depositId, userId } = await depositOf('50.00');
      const [user, bank] = [await userAccountId(userId), await bankCashId()];
      await asSuperuser(async (tx) => {
        const [entry] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_entries (kind, memo, idempotency_key, source_type, source_id, created_at)
          values ('deposit', 'Deposit', ${`deposit:${depositId}:again`}, 'deposit', ${depositId}, ${testApp.clock.now().toISOString()}::timestamptz) returning id::text`,
        );
        await tx.execute(sql`insert into ledger_postings (entry_id, account_id, asset, amount_minor) values
        (${entry?.id}::bigint, ${bank}::bigint, 'EUR', -1000000), (${entry?.id}::bigint, ${user}::bigint, 'EUR', 1000000)`);
        await tx.execute(
          sql`update ledger_accounts set balance_minor = balance_minor + 1000000 where id = ${user}::bigint`,
        );
      });
      await ledger().seal(db()); // fresh: the server's sealer takes it like any other entry

      const breaches = await verifyAll();
      expect(checksOf(breaches)).toEqual(['business record']);
      expect(breaches[0]?.detail).toMatch(
        new RegExp(`no approved deposit ${depositId} of this user and amount`),
      );
    }));
});

describe('a journal cut short or rewritten after a head was published', () => {
  it('finds the newest entries deleted (with their seals, postings and balances)', () =>
    withApp(async () => {
      const { database } = testApp;
      const { entryId, userId, depositId } = await depositOf('75.00');
      const published = await ledger().signedHead(database.db);
      const user = await userAccountId(userId);
      await asSuperuser(async (tx) => {
        await tx.execute(
          sql`update deposits set state = 'rejected', entry_id = null where id = ${depositId}::bigint`,
        );
        await tx.execute(sql`delete from ledger_seals where entry_id >= ${entryId}::bigint`);
        await tx.execute(sql`delete from ledger_postings where entry_id >= ${entryId}::bigint`);
        await tx.execute(sql`delete from ledger_entries where id >= ${entryId}::bigint`);
        await tx.execute(
          sql`update ledger_accounts set balance_minor = balance_minor - 7500 where id = ${user}::bigint`,
        );
      });
      // Without the published head the rest is consistent: a shorter chain, a rejected deposit.
      expect(checksOf(await verifyAll())).toEqual([]);
      const breaches = await verifyAll([published]);
      expect(checksOf(breaches)).toEqual(['published head']);
      expect(breaches[0]?.detail).toMatch(/sealed entries were removed/);
    }));
});

describe('seals deleted after amounts were edited', () => {
  it('are not written again by the sealer, and the entries left unsealed are a breach', () =>
    withApp(async () => {
      const { entryId, userId } = await depositOf('40.00');
      const [user, bank] = [await userAccountId(userId), await bankCashId()];
      testApp.clock.advance(10 * 60_000);
      await asSuperuser(async (tx) => {
        await tx.execute(
          sql`update ledger_postings set amount_minor = 400000 where entry_id = ${entryId}::bigint and account_id = ${user}::bigint`,
        );
        await tx.execute(
          sql`update ledger_postings set amount_minor = -400000 where entry_id = ${entryId}::bigint and account_id = ${bank}::bigint`,
        );
        await tx.execute(
          sql`update ledger_accounts set balance_minor = balance_minor + 396000 where id = ${user}::bigint`,
        );
        await tx.execute(sql`delete from ledger_seals`);
      });
      expect((await ledger().seal(db())).sealedCount).toBe(0);

      const breaches = await verifyAll();
      expect(checksOf(breaches)).toContain('unsealed past the deadline');
    }));

  it('cannot be forged without the key: seals rewritten with correct hashes fail their signatures', () =>
    withApp(async () => {
      const { entryId } = await depositOf('30.00');
      const forger = signerFromText(newSigningKeyText());
      await asSuperuser(async (tx) => {
        const [seal] = await queryRows<{ sequence: string; previous_hash: string }>(
          tx,
          sql`select sequence::text, previous_hash from ledger_seals where entry_id = ${entryId}::bigint`,
        );
        await tx.execute(
          sql`update ledger_entries set memo = 'Deposit (edited)' where id = ${entryId}::bigint`,
        );
        const [entry] = await journal.selectEntries(tx, [BigInt(entryId)]);
        const hash = sealHash(seal?.previous_hash ?? GENESIS_HASH, entry!, CURRENT_HASH_FORMAT);
        const sequence = BigInt(seal?.sequence ?? '0');
        const later = await queryRows<{ sequence: string }>(
          tx,
          sql`select sequence::text from ledger_seals where sequence > ${sequence.toString()}::bigint`,
        );
        expect(later).toEqual([]); // the newest seal: no later link to mend
        await tx.execute(
          sql`update ledger_seals set hash = ${hash}, signature = ${forger.sign(`beurs-ledger-seal-v1\n${sequence}\n${hash}`)} where sequence = ${sequence.toString()}::bigint`,
        );
      });
      const breaches = await verifyAll();
      expect(checksOf(breaches)).toEqual(['hash chain']);
      expect(breaches[0]?.detail).toMatch(/is not signed by the ledger key/);
    }));
});
