import type { Asset, EntryKind, EntrySource } from '@beurs/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Executor } from '../db/database';
import { isHouseRef, type Posting } from './ledger-accounts';
import { queryRows, type StoredKey } from './ledger.repository';
import { lockedUserRowsNamed } from './ledger-user-rows';

// One entry is ONE SQL statement (ADR 0002): resolve the account names, lock the user balance rows
// in ascending id order, check that none would go negative, and only then insert the entry, its
// postings, the balance changes and the idempotency record. A single statement is atomic on its own,
// so a transfer outside a transaction costs one round trip and one commit; a refusal writes nothing.

export type EntryStatement = {
  kind: EntryKind;
  memo: string;
  source: EntrySource;
  holdId: bigint | null;
  /** Stored on the entry (part of the sealed record). Required since ADR 0004. */
  entryKey: string;
  /** When set, the statement checks the key and records it with the entry (transfers). */
  idempotency: { key: string; operation: string; requestHash: string } | null;
  createdAt: Date;
  postings: readonly Posting[];
};

export type EntryOutcome =
  | { outcome: 'written'; entryId: bigint }
  | { outcome: 'key_used'; stored: StoredKey }
  | { outcome: 'overdrawn'; asset: Asset; balanceMinor: bigint }
  | { outcome: 'unknown_account' };

type OutcomeRow = {
  entry_id: string | null;
  is_complete: boolean;
  short_asset: string | null;
  short_balance: string | null;
  stored_hash: string | null;
  stored_entry_id: string | null;
  stored_hold_id: string | null;
};

const optionalBigint = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

export async function postEntry(executor: Executor, entry: EntryStatement): Promise<EntryOutcome> {
  const rows = await runStatement(executor, entryStatement(entry));
  const row = rows[0];
  if (!row) throw new Error('ledger: the entry statement returned no row');
  if (row.stored_hash !== null) {
    return {
      outcome: 'key_used',
      stored: {
        requestHash: row.stored_hash,
        entryId: optionalBigint(row.stored_entry_id),
        holdId: optionalBigint(row.stored_hold_id),
      },
    };
  }
  if (!row.is_complete) return { outcome: 'unknown_account' };
  if (row.short_asset !== null && row.short_balance !== null) {
    return {
      outcome: 'overdrawn',
      asset: row.short_asset as Asset,
      balanceMinor: BigInt(row.short_balance),
    };
  }
  if (row.entry_id === null) throw new Error('ledger: the entry statement wrote no entry and gave no reason');
  return { outcome: 'written', entryId: BigInt(row.entry_id) };
}

const dialect = new PgDialect({ casing: 'snake_case' });
const statementNames = new Map<string, string>();

/**
 * On a PostgreSQL pool (the hot path: a transfer outside a caller's transaction) the statement runs
 * as a named prepared statement, planned once per connection; its text depends only on the number
 * of postings and on whether it is keyed. Elsewhere (PGlite, inside a transaction) through Drizzle.
 */
async function runStatement(executor: Executor, query: SQL): Promise<OutcomeRow[]> {
  const client = (executor as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<OutcomeRow>(executor, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ledger_entry_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  const result = await client.query<OutcomeRow>({ name, text, values: params });
  return result.rows;
}

function entryStatement(entry: EntryStatement): SQL {
  const idempotency = entry.idempotency;
  const parts = [
    inputRows(entry.postings),
    sql`user_rows as (${lockedUserRowsNamed(
      sql`select distinct owner_user_id, asset, kind from input where owner_user_id is not null`,
    )})`,
    sql`house_rows as (
      select account.id, account.owner_user_id, account.asset, account.kind, account.balance_minor
      from ledger_accounts account
      where account.owner_user_id is null
        and (account.asset, account.kind) in (select asset, kind from input where owner_user_id is null))`,
    sql`resolved as (
      select input.ordinal, input.amount_minor, account.id, account.owner_user_id, account.asset, account.balance_minor
      from input join (select * from user_rows union all select * from house_rows) account
        on account.owner_user_id is not distinct from input.owner_user_id
        and account.asset = input.asset and account.kind = input.kind)`,
    sql`changes as (
      select id, asset, balance_minor, sum(amount_minor)::bigint as delta_minor
      from resolved where owner_user_id is not null group by id, asset, balance_minor)`,
    sql`stored as (
      select request_hash, entry_id, hold_id from ledger_idempotency_keys where key = ${idempotency?.key ?? null})`,
    sql`verdict as (
      select (select count(*) from resolved) = ${entry.postings.length} as is_complete,
        not exists (select 1 from changes where balance_minor + delta_minor < 0) as is_covered,
        not exists (select 1 from stored) as is_key_free)`,
    sql`entry as (
      insert into ledger_entries (kind, memo, hold_id, idempotency_key, source_type, source_id, created_at)
      select ${entry.kind}, ${entry.memo}, ${entry.holdId?.toString() ?? null}::bigint, ${entry.entryKey},
        ${entry.source.type}, ${entry.source.id},
        ${entry.createdAt.toISOString()}::timestamptz
      from verdict where is_complete and is_covered and is_key_free
      returning id)`,
    sql`postings as (
      insert into ledger_postings (entry_id, account_id, asset, amount_minor)
      select entry.id, resolved.id, resolved.asset, resolved.amount_minor
      from entry, resolved order by resolved.ordinal)`,
    sql`balances as (
      update ledger_accounts account set balance_minor = account.balance_minor + changes.delta_minor
      from changes, entry where account.id = changes.id and changes.delta_minor <> 0)`,
  ];
  if (idempotency) {
    parts.push(sql`key_record as (
      insert into ledger_idempotency_keys (key, operation, request_hash, entry_id, created_at)
      select ${idempotency.key}, ${idempotency.operation}, ${idempotency.requestHash}, entry.id,
        ${entry.createdAt.toISOString()}::timestamptz
      from entry)`);
  }
  return sql`with ${sql.join(parts, sql`, `)}
    select (select id::text from entry) as entry_id, verdict.is_complete,
      short.asset as short_asset, short.balance_minor::text as short_balance,
      stored.request_hash as stored_hash, stored.entry_id::text as stored_entry_id, stored.hold_id::text as stored_hold_id
    from verdict
      left join stored on true
      left join lateral (select changes.asset, changes.balance_minor from changes
        where changes.balance_minor + changes.delta_minor < 0 order by changes.id limit 1) short on true`;
}

function inputRows(postings: readonly Posting[]): SQL {
  const rows = postings.map((posting, ordinal) => {
    const account = posting.account;
    const owner = isHouseRef(account) ? null : account.userId.toString();
    const kind = isHouseRef(account) ? account.house : account.kind;
    return sql`(${ordinal}::int, ${owner}::bigint, ${account.asset}::text, ${kind}::text, ${posting.amountMinor.toString()}::bigint)`;
  });
  return sql`input (ordinal, owner_user_id, asset, kind, amount_minor) as (values ${sql.join(rows, sql`, `)})`;
}
