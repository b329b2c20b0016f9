import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintArray, textArray } from '../db/sql-arrays';
import { queryRows } from './ledger.repository';
import { createLedgerFixture, createUser, type LedgerFixture } from './ledger-test-support';
import { lockedUserRowsNamed } from './ledger-user-rows';

// The user balance rows of an entry or a batch are found by name (owner, asset, kind). With 20,000
// accounts and a batch's 56 names, each name must be looked up through the accounts' unique key,
// not by a scan of every account: a fill batch once spent 3 of its 7 ms in that scan, and the scan
// grows with the number of accounts while the batch does not.

let fixture: LedgerFixture;
const SHARES = 4_000;
let owners: bigint[];

beforeAll(async () => {
  fixture = await createLedgerFixture();
  const { db } = fixture.database;
  owners = [];
  for (let index = 0; index < 5; index += 1) owners.push(await createUser(db, fixture.ledger));
  // 5 users × 4,000 share assets: 20,000 available accounts beside the users' cash accounts.
  await db.execute(sql`insert into ledger_accounts (owner_user_id, asset, kind, balance_minor, created_at)
    select owner, 'sec:T' || share || '.BR', 'available', 0, now()
    from unnest(${bigintArray(owners)}) as owner, generate_series(1, ${SHARES}) as share`);
  await db.execute(sql`analyze ledger_accounts`);
}, 120_000);
afterAll(() => fixture.database.close());

/** The statement: the named rows locked, as an entry statement's `user_rows`. */
const lockedRows = (names: readonly { owner: bigint; asset: string; kind: string }[]) => sql`with
    input as (select * from unnest(${bigintArray(names.map((name) => name.owner))},
      ${textArray(names.map((name) => name.asset))}, ${textArray(names.map((name) => name.kind))})
      as input (owner_user_id, asset, kind)),
    user_rows as (${lockedUserRowsNamed(sql`select distinct owner_user_id, asset, kind from input`)})
  select id::text, owner_user_id::text, asset, kind from user_rows`;

/** Every plan node of an EXPLAIN (FORMAT JSON) answer. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe('the user rows of an entry, found by name', () => {
  // A batch's names: 56 accounts of five users, each posting named three times (as a fill's
  // postings name the same cash accounts), and one name with no account.
  const names = () => {
    const named = Array.from({ length: 56 }, (_, index) => ({
      owner: owners[index % owners.length]!,
      asset: `sec:T${((index * 61) % SHARES) + 1}.BR`,
      kind: 'available',
    }));
    return [...named, ...named, ...named, { owner: owners[0]!, asset: 'sec:NOPE.BR', kind: 'available' }];
  };

  it('are the named rows that exist, each once, in ascending id order', async () => {
    const { db } = fixture.database;
    const wanted = names();
    const rows = await db.transaction((tx) =>
      queryRows<{ id: string; owner_user_id: string; asset: string; kind: string }>(tx, lockedRows(wanted)),
    );
    const expected = new Set(wanted.slice(0, 56).map((name) => `${name.owner}:${name.asset}:${name.kind}`));
    expect(rows.map((row) => `${row.owner_user_id}:${row.asset}:${row.kind}`).sort()).toEqual(
      [...expected].sort(),
    );
    const ids = rows.map((row) => BigInt(row.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('are looked up through the unique key, never by scanning the accounts', async () => {
    const { db } = fixture.database;
    const [explained] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`explain (format json) ${lockedRows(names())}`,
    );
    const raw = explained!['QUERY PLAN'];
    const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    const nodes = planNodes(document[0]!.Plan);
    const onAccounts = nodes.filter((node) => node['Relation Name'] === 'ledger_accounts');
    expect(onAccounts.length).toBeGreaterThan(0);
    expect(onAccounts.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(onAccounts.map((node) => node['Index Name'])).toContain('ledger_accounts_user_key');
  });
});
