import { sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { ManualClock } from '../../core/clock';
import { isPgError, openDatabase, type Database } from '../../db/database';
import { verifyAuditLog } from './audit-chain';
import { createAuditService } from './audit.service';

// The audit log as a hostile operator with direct SQL sees it (DESIGN.md §1.10, ADR 0006): the
// database refuses edits of rows, seals and the chain head; a superuser who switches the triggers
// off (ALTER TABLE … DISABLE TRIGGER ALL) and edits, deletes or inserts rows anyway is caught by
// the verifier. Each scenario has its own database, since it leaves a breach behind on purpose.

async function fixture() {
  const database = await createTestDatabase();
  onTestFinished(() => database.close());
  const db = database.db;
  const clock = new ManualClock('2026-03-02T10:00:00Z');
  const audit = createAuditService({ db, clock, staffUsernames: async () => new Map() });
  const staffRows = (await db.execute(sql`insert into staff_users (username, password_hash, role, created_at)
    values ('auditor', 'x', 'admin', now()) returning id::text`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const staffId = BigInt(staffRows.rows[0]?.id ?? '0');
  const actor = { staffId, username: 'auditor' };
  const write = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      clock.advance(1_000);
      await audit.record(db, actor, {
        action: 'user.restrict',
        targetType: 'user',
        targetId: BigInt(index + 1),
        reason: `reason ${index + 1}`,
        before: { kinds: [] },
        after: { kinds: ['frozen'], amount: 12.5, note: 'Ünïcode "quoted"' },
      });
    }
  };
  return { db, write, staffId };
}

/** Runs `change` with every trigger of `table` off, as a superuser could. */
async function withTriggersOff(db: Database, table: string, change: () => Promise<unknown>) {
  const name = sql.raw(table);
  await db.execute(sql`alter table ${name} disable trigger all`);
  await change();
  await db.execute(sql`alter table ${name} enable trigger all`);
}

const auditIds = async (db: Database) =>
  (
    (await db.execute(sql`select id::text from audit_log order by id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows.map((row) => row.id);

const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: unknown) => (isPgError(error, '55000') ? 'refused' : error),
  );

describe('audit chain', () => {
  it('seals every row as it is written, and the verifier finds the chain sound', async () => {
    const { db, write } = await fixture();
    await write(5);
    const verification = await verifyAuditLog(db);
    expect(verification).toMatchObject({ isOk: true, breaches: [], rowCount: 5n, sealedCount: 5n });
    expect(verification.head?.sequence).toBe(5n);
  });

  it('keeps one unbroken chain when audited actions commit in parallel (a pool on PostgreSQL)', async () => {
    const { db, staffId } = await fixture();
    const clock = new ManualClock('2026-03-02T10:00:00Z');
    const audit = createAuditService({ db, clock, staffUsernames: async () => new Map() });
    const actor = { staffId, username: 'auditor' };
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.01)`);
          await audit.record(tx, actor, {
            action: 'user.restrict',
            targetType: 'user',
            targetId: BigInt(index + 1),
            reason: `parallel ${index}`,
            before: null,
            after: null,
          });
        }),
      ),
    );
    expect(await verifyAuditLog(db)).toMatchObject({ isOk: true, rowCount: 30n, sealedCount: 30n });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of rows and seals, and moving the head back', async () => {
    const { db, write } = await fixture();
    await write(2);
    for (const table of ['audit_log', 'audit_seals']) {
      const name = sql.raw(table);
      const column = sql.raw(table === 'audit_seals' ? 'hash' : 'reason');
      expect(await refusal(db.execute(sql`update ${name} set ${column} = 'x'`))).toBe('refused');
      expect(await refusal(db.execute(sql`delete from ${name}`))).toBe('refused');
      expect(await refusal(db.execute(sql`truncate ${name} cascade`))).toBe('refused');
    }
    expect(await refusal(db.execute(sql`update audit_chain_head set sequence = 1`))).toBe('refused');
    expect(await refusal(db.execute(sql`delete from audit_chain_head`))).toBe('refused');
    expect(await refusal(db.execute(sql`truncate audit_chain_head`))).toBe('refused');
  });

  it('finds an edited row', async () => {
    const { db, write } = await fixture();
    await write(3);
    const [, middle] = await auditIds(db);
    await withTriggersOff(db, 'audit_log', () =>
      db.execute(sql`update audit_log set reason = 'nothing happened' where id = ${middle}::bigint`),
    );
    expect((await verifyAuditLog(db)).breaches).toEqual([
      { check: 'hash chain', detail: `audit row ${middle} (seal 2) changed after it was sealed` },
    ]);
  });

  it('finds an edited before/after value and a moved time', async () => {
    const { db, write } = await fixture();
    await write(3);
    const [first, , last] = await auditIds(db);
    await withTriggersOff(db, 'audit_log', async () => {
      await db.execute(
        sql`update audit_log set after = jsonb_set(after, '{kinds}', '[]') where id = ${first}::bigint`,
      );
      await db.execute(
        sql`update audit_log set created_at = created_at + interval '1 microsecond' where id = ${last}::bigint`,
      );
    });
    expect((await verifyAuditLog(db)).breaches).toEqual([
      { check: 'hash chain', detail: `audit row ${first} (seal 1) changed after it was sealed` },
      { check: 'hash chain', detail: `audit row ${last} (seal 3) changed after it was sealed` },
    ]);
  });

  it('finds a row deleted in the middle, with or without its seal', async () => {
    const { db, write } = await fixture();
    await write(5);
    const [, second, , fourth] = await auditIds(db);
    await withTriggersOff(db, 'audit_log', () =>
      db.execute(sql`delete from audit_log where id = ${second}::bigint`),
    );
    await withTriggersOff(db, 'audit_seals', () =>
      db.execute(sql`delete from audit_seals where audit_id = ${fourth}::bigint`),
    );
    await withTriggersOff(db, 'audit_log', () =>
      db.execute(sql`delete from audit_log where id = ${fourth}::bigint`),
    );
    expect((await verifyAuditLog(db)).breaches).toEqual([
      { check: 'hash chain', detail: `seal 2 covers audit row ${second}, which is gone` },
      { check: 'hash chain', detail: 'seal 5 found where 4 was due' },
      { check: 'hash chain', detail: 'seal 5 does not link to seal 4' },
    ]);
  });

  it('finds a row inserted by SQL, without a seal or with a made-up one', async () => {
    const { db, write, staffId } = await fixture();
    await write(2);
    const inserted =
      (await db.execute(sql`insert into audit_log (staff_id, action, target_type, target_id, reason, created_at)
      values (${staffId.toString()}::bigint, 'user.lift_restriction', 'user', '1', 'backdated', now()) returning id::text`)) as unknown as {
        rows: Array<{ id: string }>;
      };
    const id = inserted.rows[0]?.id;
    expect((await verifyAuditLog(db)).breaches).toEqual([
      { check: 'unsealed row', detail: `audit row ${id} has no seal (not written by the audit service)` },
    ]);
    await write(1); // the next genuine write does not adopt it
    expect((await verifyAuditLog(db)).breaches).toEqual([
      { check: 'unsealed row', detail: `audit row ${id} has no seal (not written by the audit service)` },
    ]);
    await db.execute(sql`insert into audit_seals (sequence, audit_id, previous_hash, hash, sealed_at)
      select max(sequence) + 1, ${id}::bigint, max(hash), repeat('f', 64), now() from audit_seals`);
    const checks = (await verifyAuditLog(db)).breaches.map((breach) => breach.detail);
    expect(checks).toContain(`audit row ${id} (seal 4) changed after it was sealed`);
  });

  it('finds the newest rows removed, against the head; and against a head noted elsewhere when that moved too', async () => {
    const { db, write } = await fixture();
    await write(4);
    const noted = (await verifyAuditLog(db)).head;
    const ids = await auditIds(db);
    const tail = ids.slice(2);
    const list = sql.join(
      tail.map((id) => sql`${id}::bigint`),
      sql`, `,
    );
    await withTriggersOff(db, 'audit_seals', () =>
      db.execute(sql`delete from audit_seals where audit_id in (${list})`),
    );
    await withTriggersOff(db, 'audit_log', () =>
      db.execute(sql`delete from audit_log where id in (${list})`),
    );
    expect((await verifyAuditLog(db)).breaches).toEqual([
      {
        check: 'chain head',
        detail: 'the chain ends at seal 2, the head records seal 4 (the newest rows were removed)',
      },
    ]);

    // Moving the head back as well hides it from the database alone, not from a head kept elsewhere.
    await withTriggersOff(db, 'audit_chain_head', () =>
      db.execute(
        sql`update audit_chain_head set sequence = 2, hash = (select hash from audit_seals where sequence = 2)`,
      ),
    );
    expect((await verifyAuditLog(db)).isOk).toBe(true);
    expect(noted).not.toBeNull();
    expect((await verifyAuditLog(db, { knownHead: noted ?? undefined })).breaches).toEqual([
      { check: 'known head', detail: 'the chain ends at seal 2, before the head noted at seal 4' },
    ]);
  });
});

describe('npm run audit:verify', () => {
  const command = fileURLToPath(new URL('./audit-verify.command.ts', import.meta.url));
  const run = (dataDir: string, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', command, ...args], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });

  it('exits 0 on a sound log and 1 with a report on a breach', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'beurs-audit-verify-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDatabase({ engine: 'pglite', dataDir });
    const clock = new ManualClock('2026-03-02T10:00:00Z');
    const audit = createAuditService({ db: handle.db, clock, staffUsernames: async () => new Map() });
    await handle.db.execute(
      sql`insert into users (account, password_hash, invited_by_code, created_at) values ('0470000001', 'x', '', now())`,
    );
    const user = (await handle.db.execute(sql`select id::text from users`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const userId = BigInt(user.rows[0]?.id ?? '0');
    await audit.record(
      handle.db,
      { userId },
      {
        action: 'deposit.cancel',
        targetType: 'deposit',
        targetId: 1n,
        reason: 'cancelled by the user',
        before: null,
        after: null,
      },
    );
    await handle.close();

    const sound = run(dataDir);
    expect(sound.stdout).toContain('OK: every audit row is sealed');
    expect(sound.status).toBe(0);
    const head = /head: (\d+:[0-9a-f]{64})/.exec(sound.stdout)?.[1];
    expect(head).toMatch(/^1:/);

    const again = await openDatabase({ engine: 'pglite', dataDir });
    await withTriggersOff(again.db, 'audit_log', () =>
      again.db.execute(sql`update audit_log set reason = 'edited'`),
    );
    await again.close();
    const breached = run(dataDir, '--head', head ?? '');
    expect(breached.stdout).toContain('[hash chain] audit row');
    expect(breached.status).toBe(1);
  }, 60_000);
});
