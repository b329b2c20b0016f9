import { currencies, type Asset, type EntrySource } from '@beurs/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/database';
import { bigintArray, textArray } from '../db/sql-arrays';
import { isHouseRef, type AccountRef, type HouseAccountRef, type UserAccountRef } from './ledger-accounts';
import { houseAccountKinds, type HoldState, type UserAccountKind } from './ledger.tables';
import { lockedUserRowsNamed } from './ledger-user-rows';

// SQL of the ledger's write path. Every function takes (db | tx) first. Numbers cross the driver
// boundary as text (`::text` out, `::bigint` in): the two drivers disagree on how they return int8.
// ORDER BY always names a qualified input column: `order by id` after `select id::text` sorts text.

type Row = Record<string, unknown>;

export async function queryRows<T extends Row>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const text = (value: bigint | null): string | null => (value === null ? null : value.toString());
const toBigint = (value: unknown): bigint => BigInt(String(value));

export async function insertUserAccounts(
  executor: Executor,
  userId: bigint,
  kinds: readonly UserAccountKind[],
  createdAt: Date,
): Promise<void> {
  const values = currencies.flatMap((currency) =>
    kinds.map(
      (kind) =>
        sql`(${text(userId)}::bigint, ${currency}, ${kind}, 0, ${createdAt.toISOString()}::timestamptz)`,
    ),
  );
  await executor.execute(sql`
    insert into ledger_accounts (owner_user_id, asset, kind, balance_minor, created_at)
    values ${sql.join(values, sql`, `)}
    on conflict (owner_user_id, asset, kind) where owner_user_id is not null do nothing`);
}

/** The house accounts in cash (every kind but inventory, which is for crypto and securities). */
export async function insertHouseAccounts(executor: Executor, createdAt: Date): Promise<void> {
  const values = currencies.flatMap((currency) =>
    houseAccountKinds
      .filter((kind) => kind !== 'inventory')
      .map((kind) => sql`(${currency}, ${kind}, ${createdAt.toISOString()}::timestamptz)`),
  );
  await executor.execute(sql`
    insert into ledger_accounts (asset, kind, created_at)
    values ${sql.join(values, sql`, `)}
    on conflict (asset, kind) where owner_user_id is null do nothing`);
}

/**
 * Opens the named accounts that do not exist yet, and with each asset the house's inventory account
 * of it and (for a user) the available and frozen accounts (crypto and securities, opened on first
 * use). Reads first and inserts only what is missing, so the common case takes no write lock.
 */
export async function openAccounts(
  executor: Executor,
  refs: readonly AccountRef[],
  createdAt: Date,
): Promise<void> {
  const wanted = new Map<string, { owner: bigint | null; asset: Asset; kind: string }>();
  const add = (owner: bigint | null, asset: Asset, kind: string) =>
    wanted.set(`${owner ?? 'house'}:${asset}:${kind}`, { owner, asset, kind });
  for (const ref of refs) {
    add(null, ref.asset, 'inventory');
    if (isHouseRef(ref)) add(null, ref.asset, ref.house);
    else for (const kind of ['available', 'frozen', ref.kind]) add(ref.userId, ref.asset, kind);
  }
  const all = [...wanted.values()];
  const houseNames = all
    .filter((name) => name.owner === null)
    .map((name) => sql`(${name.asset}::text, ${name.kind}::text)`);
  const userNames = all.filter((name) => name.owner !== null);
  const lookups = [
    sql`select null::text as owner_user_id, asset, kind from ledger_accounts
      where owner_user_id is null and (asset, kind) in (${sql.join(houseNames, sql`, `)})`,
  ];
  if (userNames.length > 0) {
    // Users' names as three array parameters joined on the unique key: one statement of the same
    // size for three accounts or fifteen thousand (a batch of fills for five thousand users).
    lookups.push(sql`select account.owner_user_id::text, account.asset, account.kind
      from ledger_accounts account
      join unnest(${bigintArray(userNames.map((name) => name.owner))},
        ${textArray(userNames.map((name) => name.asset))}, ${textArray(userNames.map((name) => name.kind))})
        as wanted (owner_user_id, asset, kind)
        on account.owner_user_id = wanted.owner_user_id and account.asset = wanted.asset
          and account.kind = wanted.kind`);
  }
  const existing = await queryRows<{ owner_user_id: string | null; asset: string; kind: string }>(
    executor,
    sql.join(lookups, sql` union all `),
  );
  for (const row of existing) wanted.delete(`${row.owner_user_id ?? 'house'}:${row.asset}:${row.kind}`);
  const missing = [...wanted.values()];
  if (missing.length === 0) return;
  const when = createdAt.toISOString();
  const houses = missing.filter((name) => name.owner === null);
  const users = missing.filter((name) => name.owner !== null);
  if (houses.length > 0) {
    await executor.execute(sql`insert into ledger_accounts (asset, kind, created_at)
      values ${sql.join(
        houses.map((name) => sql`(${name.asset}, ${name.kind}, ${when}::timestamptz)`),
        sql`, `,
      )}
      on conflict (asset, kind) where owner_user_id is null do nothing`);
  }
  if (users.length > 0) {
    await executor.execute(sql`insert into ledger_accounts (owner_user_id, asset, kind, balance_minor, created_at)
      select owner_user_id, asset, kind, 0, ${when}::timestamptz
      from unnest(${bigintArray(users.map((name) => name.owner))}, ${textArray(users.map((name) => name.asset))},
        ${textArray(users.map((name) => name.kind))}) as wanted (owner_user_id, asset, kind)
      on conflict (owner_user_id, asset, kind) where owner_user_id is not null do nothing`);
  }
}

export type ResolvedAccount = {
  id: bigint;
  ownerUserId: bigint | null;
  asset: Asset;
  kind: string;
  /** Null for house accounts, whose balance is derived from postings. */
  balanceMinor: bigint | null;
};

/**
 * Resolves account names to rows and locks the user balance rows among them, always in ascending
 * id order so that two transfers over the same accounts can never deadlock. House rows are read,
 * never locked: they have no balance row to protect. `for no key update` does not conflict with
 * the key-share locks that foreign-key checks of concurrent postings take.
 */
export async function lockAccounts(tx: Transaction, refs: readonly AccountRef[]): Promise<ResolvedAccount[]> {
  const userRefs = refs.filter((ref): ref is UserAccountRef => !isHouseRef(ref));
  const houseRefs = refs.filter(isHouseRef);
  const parts: SQL[] = [];
  const sources: string[] = [];
  if (userRefs.length > 0) {
    parts.push(lockedUserAccounts(userRefs));
    sources.push('user_rows');
  }
  if (houseRefs.length > 0) {
    parts.push(houseAccounts(houseRefs));
    sources.push('house_rows');
  }
  if (parts.length === 0) return [];
  const rows = await queryRows<Row>(tx, sql`with ${sql.join(parts, sql`, `)} ${selectResolved(sources)}`);
  return rows.map((row) => ({
    id: toBigint(row.id),
    ownerUserId: row.owner_user_id === null ? null : toBigint(row.owner_user_id),
    asset: row.asset as Asset,
    kind: String(row.kind),
    balanceMinor: row.balance_minor === null ? null : toBigint(row.balance_minor),
  }));
}

const resolvedColumns = 'id::text, owner_user_id::text, asset, kind, balance_minor::text';

function lockedUserAccounts(refs: readonly UserAccountRef[]): SQL {
  const names = refs.map((ref) => sql`(${text(ref.userId)}::bigint, ${ref.asset}, ${ref.kind})`);
  return sql`user_rows as (${lockedUserRowsNamed(
    sql`select distinct * from (values ${sql.join(names, sql`, `)}) as names (owner_user_id, asset, kind)`,
  )})`;
}

function houseAccounts(refs: readonly HouseAccountRef[]): SQL {
  const names = refs.map((ref) => sql`(${ref.asset}, ${ref.house})`);
  return sql`house_rows as (
    select id, owner_user_id, asset, kind, balance_minor from ledger_accounts
    where owner_user_id is null and (asset, kind) in (${sql.join(names, sql`, `)}))`;
}

function selectResolved(sources: readonly string[]): SQL {
  return sql.raw(sources.map((source) => `select ${resolvedColumns} from ${source}`).join(' union all '));
}

/**
 * Claims an idempotency key for this transaction. Returns null when claimed; otherwise the row an
 * earlier (committed) call stored. A concurrent claim of the same key waits for the first to
 * commit or roll back, so the answer is never a half-done call.
 */

/** What an idempotency key recorded: the request's hash and the entry or hold it produced. */
export type StoredKey = { requestHash: string; entryId: bigint | null; holdId: bigint | null };
export async function claimIdempotencyKey(
  tx: Transaction,
  claim: { key: string; operation: string; requestHash: string; createdAt: Date },
): Promise<StoredKey | null> {
  const inserted = await queryRows(
    tx,
    sql`insert into ledger_idempotency_keys (key, operation, request_hash, created_at)
      values (${claim.key}, ${claim.operation}, ${claim.requestHash}, ${claim.createdAt.toISOString()}::timestamptz)
      on conflict (key) do nothing returning key`,
  );
  if (inserted.length === 1) return null;
  const rows = await queryRows<Row>(
    tx,
    sql`select request_hash, entry_id::text, hold_id::text from ledger_idempotency_keys where key = ${claim.key}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`ledger: idempotency key ${claim.key} conflicted but cannot be read`);
  return {
    requestHash: String(row.request_hash),
    entryId: row.entry_id === null ? null : toBigint(row.entry_id),
    holdId: row.hold_id === null ? null : toBigint(row.hold_id),
  };
}

/** Records the result of a claimed key (holds), in the claiming transaction. */
export async function recordIdempotentResult(
  tx: Transaction,
  key: string,
  result: { entryId: bigint; holdId: bigint },
): Promise<void> {
  await tx.execute(sql`update ledger_idempotency_keys
    set entry_id = ${text(result.entryId)}::bigint, hold_id = ${text(result.holdId)}::bigint where key = ${key}`);
}

export type HoldRow = {
  id: bigint;
  ownerUserId: bigint;
  asset: Asset;
  amountMinor: bigint;
  postedMinor: bigint;
  releasedMinor: bigint;
  state: HoldState;
  source: EntrySource;
};

export const remainingOf = (hold: HoldRow): bigint =>
  hold.amountMinor - hold.postedMinor - hold.releasedMinor;

export async function insertHold(
  tx: Transaction,
  hold: {
    ownerUserId: bigint;
    asset: Asset;
    availableAccountId: bigint;
    frozenAccountId: bigint;
    amountMinor: bigint;
    source: EntrySource;
    memo: string;
    expiresAt: Date | null;
    createdAt: Date;
  },
): Promise<bigint> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into ledger_holds (owner_user_id, asset, available_account_id, frozen_account_id, amount_minor,
        source_type, source_id, memo, expires_at, created_at)
      values (${text(hold.ownerUserId)}::bigint, ${hold.asset}, ${text(hold.availableAccountId)}::bigint,
        ${text(hold.frozenAccountId)}::bigint, ${text(hold.amountMinor)}::bigint, ${hold.source.type}, ${hold.source.id},
        ${hold.memo}, ${hold.expiresAt?.toISOString() ?? null}::timestamptz, ${hold.createdAt.toISOString()}::timestamptz)
      returning id::text`,
  );
  const row = rows[0];
  if (!row) throw new Error('ledger: insert into ledger_holds returned no row');
  return BigInt(row.id);
}

/** Locks a hold row; callers lock the hold before any account (a fixed order: holds, then accounts). */
export async function lockHold(tx: Transaction, holdId: bigint): Promise<HoldRow | null> {
  const rows = await queryRows<Row>(
    tx,
    sql`select id::text, owner_user_id::text, asset, amount_minor::text, posted_minor::text, released_minor::text, state,
        source_type, source_id
      from ledger_holds where id = ${text(holdId)}::bigint for no key update`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: toBigint(row.id),
    ownerUserId: toBigint(row.owner_user_id),
    asset: row.asset as Asset,
    amountMinor: toBigint(row.amount_minor),
    postedMinor: toBigint(row.posted_minor),
    releasedMinor: toBigint(row.released_minor),
    state: row.state as HoldState,
    source: { type: row.source_type as EntrySource['type'], id: String(row.source_id) },
  };
}

/** Several holds locked at once, in ascending id order (the order two batches lock them in). */
export async function lockHolds(tx: Transaction, holdIds: readonly bigint[]): Promise<HoldRow[]> {
  if (holdIds.length === 0) return [];
  // One array parameter however many holds (an IPO draw locks thousands at once).
  const rows = await queryRows<Row>(
    tx,
    sql`select id::text, owner_user_id::text, asset, amount_minor::text, posted_minor::text, released_minor::text, state,
        source_type, source_id
      from ledger_holds where id = any(${bigintArray(holdIds)}) order by id for no key update`,
  );
  return rows.map((row) => ({
    id: toBigint(row.id),
    ownerUserId: toBigint(row.owner_user_id),
    asset: row.asset as Asset,
    amountMinor: toBigint(row.amount_minor),
    postedMinor: toBigint(row.posted_minor),
    releasedMinor: toBigint(row.released_minor),
    state: row.state as HoldState,
    source: { type: row.source_type as EntrySource['type'], id: String(row.source_id) },
  }));
}

/** A pending hold past its `expires_at`, as read (unlocked) by the expiry pass. */
export type ExpiredHoldRow = {
  id: bigint;
  ownerUserId: bigint;
  source: EntrySource;
  memo: string;
  expiresAt: Date;
  /** The exact `expires_at` as the database prints it (the next batch's cursor). */
  cursor: string;
};

/**
 * Pending holds whose `expires_at` is at or before `now`, oldest expiry first, after `afterId` in
 * (expires_at, id) order (partial index `ledger_holds_pending_expiry_idx`). Not locked: the
 * release locks each hold and checks again.
 */
export async function selectExpiredHolds(
  executor: Executor,
  now: Date,
  limit: number,
  after: ExpiredHoldRow | null,
): Promise<ExpiredHoldRow[]> {
  const cursor = after
    ? sql`and (hold.expires_at, hold.id) > (${after.cursor}::timestamptz, ${text(after.id)}::bigint)`
    : sql``;
  const rows = await queryRows<Row>(
    executor,
    sql`select hold.id::text, hold.owner_user_id::text, hold.source_type, hold.source_id, hold.memo,
        hold.expires_at, hold.expires_at::text as cursor
      from ledger_holds hold
      where hold.state = 'pending' and hold.expires_at is not null
        and hold.expires_at <= ${now.toISOString()}::timestamptz ${cursor}
      order by hold.expires_at, hold.id
      limit ${limit}`,
  );
  return rows.map((row) => ({
    id: toBigint(row.id),
    ownerUserId: toBigint(row.owner_user_id),
    source: { type: row.source_type as EntrySource['type'], id: String(row.source_id) },
    memo: String(row.memo),
    expiresAt: new Date(row.expires_at as string | Date),
    cursor: String(row.cursor),
  }));
}

export async function updateHold(
  tx: Transaction,
  hold: { id: bigint; postedMinor: bigint; releasedMinor: bigint; state: HoldState; closedAt: Date | null },
): Promise<void> {
  await tx.execute(sql`update ledger_holds
    set posted_minor = ${text(hold.postedMinor)}::bigint, released_minor = ${text(hold.releasedMinor)}::bigint,
      state = ${hold.state}, closed_at = ${hold.closedAt?.toISOString() ?? null}::timestamptz
    where id = ${text(hold.id)}::bigint`);
}

export async function selectUserBalances(
  executor: Executor,
  userId: bigint,
): Promise<Array<{ asset: Asset; kind: string; balanceMinor: bigint }>> {
  const rows = await queryRows<Row>(
    executor,
    sql`select asset, kind, balance_minor::text from ledger_accounts where owner_user_id = ${text(userId)}::bigint order by asset`,
  );
  return rows.map((row) => ({
    asset: row.asset as Asset,
    kind: String(row.kind),
    balanceMinor: toBigint(row.balance_minor),
  }));
}

/** Balances of one account kind for many users (one statement; users without such an account answer no row). */
export async function selectUsersKindBalances(
  executor: Executor,
  userIds: readonly bigint[],
  kind: string,
): Promise<Array<{ userId: bigint; asset: Asset; balanceMinor: bigint }>> {
  if (userIds.length === 0) return [];
  const rows = await queryRows<Row>(
    executor,
    sql`select owner_user_id::text as user_id, asset, balance_minor::text from ledger_accounts
      where owner_user_id = any(${bigintArray(userIds)}) and kind = ${kind}`,
  );
  return rows.map((row) => ({
    userId: toBigint(row.user_id),
    asset: row.asset as Asset,
    balanceMinor: toBigint(row.balance_minor),
  }));
}

/** House balances, derived from postings (house accounts have no balance row by design). */
export async function selectHouseBalances(
  executor: Executor,
): Promise<Array<{ kind: string; asset: Asset; balanceMinor: bigint }>> {
  const rows = await queryRows<Row>(
    executor,
    sql`select account.kind, account.asset, coalesce(sum(posting.amount_minor), 0)::text as balance_minor
      from ledger_accounts account left join ledger_postings posting on posting.account_id = account.id
      where account.owner_user_id is null
      group by account.id, account.kind, account.asset order by account.id`,
  );
  return rows.map((row) => ({
    kind: String(row.kind),
    asset: row.asset as Asset,
    balanceMinor: toBigint(row.balance_minor),
  }));
}
