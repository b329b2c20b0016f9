import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock';
import { migrationsFolder, type Database } from '../../db/database';
import { verifyAuditLog } from './audit-chain';
import { createAuditService } from './audit.service';

// An audit log written before the chain (migration 0019) migrates: its rows are pending (not a
// breach) until the first audit write, which seals them in id order before its own row.

const LAST_BEFORE_CHAIN = 19;
const workDir = mkdtempSync(join(tmpdir(), 'beurs-audit-migration-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function migrationsUpTo(last: number): string {
  const folder = join(workDir, `upto-${last}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

it('chains the rows written before the chain at the first audit write', async () => {
  const client = new PGlite();
  const db = drizzle({ client, casing: 'snake_case' });
  try {
    await migrate(db, { migrationsFolder: migrationsUpTo(LAST_BEFORE_CHAIN) });
    await db.execute(sql`insert into staff_users (username, password_hash, role, created_at)
      values ('admin', 'x', 'admin', now())`);
    await db.execute(sql`insert into users (account, password_hash, invited_by_code, created_at)
      values ('32470000001', 'x', 'CODE', now())`);
    await db.execute(sql`insert into audit_log (staff_id, action, target_type, target_id, reason, before, after, created_at)
      values (1, 'user.restrict', 'user', '1', 'old decision', '[]', '["frozen"]', now())`);
    await db.execute(sql`insert into audit_log (user_id, action, target_type, target_id, reason, created_at)
      values (1, 'deposit.cancel', 'deposit', '7', 'cancelled by the user', now())`);
    await migrate(db, { migrationsFolder });
    const executor = db as unknown as Database;

    expect(await verifyAuditLog(executor)).toMatchObject({
      isOk: true,
      rowCount: 2n,
      sealedCount: 0n,
      legacyPendingCount: 2n,
    });

    const audit = createAuditService({
      db: executor,
      clock: new ManualClock('2026-11-25T10:00:00Z'),
      staffUsernames: async () => new Map(),
    });
    await audit.record(
      executor,
      { staffId: 1n, username: 'admin' },
      {
        action: 'user.lift_restriction',
        targetType: 'user',
        targetId: 1n,
        reason: 'new decision',
        before: ['frozen'],
        after: [],
      },
    );
    const sealed = await verifyAuditLog(executor);
    expect(sealed).toMatchObject({ isOk: true, rowCount: 3n, sealedCount: 3n, legacyPendingCount: 0n });
    const order = (await db.execute(
      sql`select audit_id::text from audit_seals order by sequence`,
    )) as unknown as { rows: Array<{ audit_id: string }> };
    expect(order.rows.map((row) => row.audit_id)).toEqual(['1', '2', '3']);

    // Once sealed, an old row edited by hand is found like any other.
    await db.execute(sql`alter table audit_log disable trigger all`);
    await db.execute(sql`update audit_log set reason = 'rewritten' where id = 1`);
    await db.execute(sql`alter table audit_log enable trigger all`);
    expect((await verifyAuditLog(executor)).breaches).toEqual([
      { check: 'hash chain', detail: 'audit row 1 (seal 1) changed after it was sealed' },
    ]);
  } finally {
    await client.close();
  }
});
