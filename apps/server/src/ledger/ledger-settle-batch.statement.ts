import type { EntryKind, EntrySource } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { isHouseRef, type Posting } from './ledger-accounts';
import { bigintArray, intArray, textArray, timestamptzArray } from '../db/sql-arrays';
import { queryRows } from './ledger.repository';
import { lockedUserRowsNamed } from './ledger-user-rows';
import type { HoldState } from './ledger.tables';

// Many hold settlements (a tick's fills) in ONE statement, in the caller's transaction, after the
// caller locked the holds and worked out each entry as one settlement would (ledger-holds.ts
// `settleHold`): the entries, their postings, the balance changes (one grouped row per account,
// joined to the locked rows — see ledger-hold-batch.statement.ts for why not a UNION ALL), the
// idempotency records and the holds' new amounts and states. The user balance rows are locked in
// ascending id order, as every entry statement locks them. All or nothing: when a key was used
// before, an account is missing or a balance would go negative, nothing is written and the answer
// says why (the caller then settles one by one, which replays or refuses each on its own).

export type BatchSettlement = {
  /** Null: a plain transfer (`transferMany`), an entry naming no hold. */
  holdId: bigint | null;
  kind: EntryKind;
  source: EntrySource;
  memo: string;
  idempotencyKey: string;
  /** The key's operation as the one-by-one call records it: `post_hold`, `void_hold` or `transfer`. */
  operation: 'post_hold' | 'void_hold' | 'transfer';
  requestHash: string;
  postings: readonly Posting[];
  /** The hold's new figures; null for a transfer. */
  hold: { postedMinor: bigint; releasedMinor: bigint; state: HoldState; closedAt: Date | null } | null;
};

export type BatchSettleOutcome =
  | { outcome: 'written'; entryIds: bigint[] }
  | { outcome: 'key_used' }
  | { outcome: 'unknown_account' }
  | { outcome: 'overdrawn'; asset: string; balanceMinor: bigint };

type OutcomeRow = {
  is_complete: boolean;
  is_key_free: boolean;
  short_asset: string | null;
  short_balance: string | null;
  entries: Array<{ ordinal: number; id: string | number }> | string | null;
};

export async function settleHolds(
  tx: Transaction,
  settlements: readonly BatchSettlement[],
  createdAt: Date,
): Promise<BatchSettleOutcome> {
  if (settlements.length === 0) return { outcome: 'written', entryIds: [] };
  const holdIds = settlements.flatMap((settlement) =>
    settlement.holdId === null ? [] : [settlement.holdId],
  );
  if (new Set(holdIds).size !== holdIds.length)
    throw new Error('ledger: a settlement batch names one hold twice');
  const now = sql`${createdAt.toISOString()}::timestamptz`;
  // Every column travels as one array parameter (unnest), not a parameter per value: the statement
  // has the same 19 parameters for ten settlements or thousands (an IPO draw's batches), and
  // building it costs a string join per column.
  const column = <T>(pick: (settlement: BatchSettlement) => T) => settlements.map(pick);
  const entryOrdinals: number[] = [];
  const ordinals: number[] = [];
  const owners: (bigint | null)[] = [];
  const assets: string[] = [];
  const kinds: string[] = [];
  const amounts: bigint[] = [];
  settlements.forEach((settlement, entryOrdinal) =>
    settlement.postings.forEach((posting, ordinal) => {
      const account = posting.account;
      entryOrdinals.push(entryOrdinal);
      ordinals.push(ordinal);
      owners.push(isHouseRef(account) ? null : account.userId);
      assets.push(account.asset);
      kinds.push(isHouseRef(account) ? account.house : account.kind);
      amounts.push(posting.amountMinor);
    }),
  );
  const rows = await queryRows<OutcomeRow>(
    tx,
    sql`with meta as (
        select * from unnest(${intArray(settlements.map((_, ordinal) => ordinal))}, ${textArray(column((s) => s.kind))},
          ${textArray(column((s) => s.memo))}, ${bigintArray(column((s) => s.holdId))},
          ${textArray(column((s) => s.idempotencyKey))}, ${textArray(column((s) => s.requestHash))},
          ${textArray(column((s) => s.source.type))}, ${textArray(column((s) => s.source.id))},
          ${bigintArray(column((s) => s.hold?.postedMinor ?? null))}, ${bigintArray(column((s) => s.hold?.releasedMinor ?? null))},
          ${textArray(column((s) => s.hold?.state ?? null))}, ${timestamptzArray(column((s) => s.hold?.closedAt ?? null))},
          ${textArray(column((s) => s.operation))})
          as meta (entry_ordinal, kind, memo, hold_id, entry_key, request_hash, source_type, source_id,
            posted_minor, released_minor, state, closed_at, operation)),
      input as (
        select * from unnest(${intArray(entryOrdinals)}, ${intArray(ordinals)}, ${bigintArray(owners)},
          ${textArray(assets)}, ${textArray(kinds)}, ${bigintArray(amounts)})
          as input (entry_ordinal, ordinal, owner_user_id, asset, kind, amount_minor)),
      user_rows as (${lockedUserRowsNamed(
        sql`select distinct owner_user_id, asset, kind from input where owner_user_id is not null`,
      )}),
      house_rows as (
        select account.id, account.owner_user_id, account.asset, account.kind, account.balance_minor
        from ledger_accounts account
        where account.owner_user_id is null
          and (account.asset, account.kind) in (select asset, kind from input where owner_user_id is null)),
      -- Two equality joins, not one on IS NOT DISTINCT FROM: that one cannot hash, and a nested loop
      -- of every posting against every locked account grows with the square of the batch.
      resolved as (
        select input.entry_ordinal, input.ordinal, input.amount_minor, account.id, account.owner_user_id,
          account.asset, account.balance_minor
        from input join user_rows account
          on account.owner_user_id = input.owner_user_id
          and account.asset = input.asset and account.kind = input.kind
        union all
        select input.entry_ordinal, input.ordinal, input.amount_minor, account.id, account.owner_user_id,
          account.asset, account.balance_minor
        from input join house_rows account
          on input.owner_user_id is null
          and account.asset = input.asset and account.kind = input.kind),
      changes as (
        select id, asset, balance_minor, sum(amount_minor)::bigint as delta_minor
        from resolved where owner_user_id is not null group by id, asset, balance_minor),
      used_keys as (
        select key from ledger_idempotency_keys where key in (select entry_key from meta)
        union select idempotency_key from ledger_entries where idempotency_key in (select entry_key from meta)),
      verdict as (
        select (select count(*) from resolved) = (select count(*) from input) as is_complete,
          not exists (select 1 from changes where balance_minor + delta_minor < 0) as is_covered,
          not exists (select 1 from used_keys) as is_key_free),
      entries as (
        insert into ledger_entries (kind, memo, hold_id, idempotency_key, source_type, source_id, created_at)
        select meta.kind, meta.memo, meta.hold_id, meta.entry_key, meta.source_type, meta.source_id, ${now}
        from meta, verdict where verdict.is_complete and verdict.is_covered and verdict.is_key_free
        order by meta.entry_ordinal
        returning id, idempotency_key),
      written as (
        select meta.*, entries.id as entry_id from meta join entries on entries.idempotency_key = meta.entry_key),
      posted as (
        insert into ledger_postings (entry_id, account_id, asset, amount_minor)
        select written.entry_id, resolved.id, resolved.asset, resolved.amount_minor
        from written join resolved on resolved.entry_ordinal = written.entry_ordinal
        order by resolved.entry_ordinal, resolved.ordinal),
      balances as (
        update ledger_accounts account set balance_minor = account.balance_minor + changes.delta_minor
        from changes where account.id = changes.id and changes.delta_minor <> 0
          and exists (select 1 from written)),
      keys as (
        insert into ledger_idempotency_keys (key, operation, request_hash, entry_id, hold_id, created_at)
        select entry_key, operation, request_hash, entry_id, hold_id, ${now} from written),
      holds as (
        update ledger_holds hold set posted_minor = written.posted_minor, released_minor = written.released_minor,
          state = written.state, closed_at = written.closed_at
        from written where hold.id = written.hold_id)
    select verdict.is_complete, verdict.is_key_free,
      short.asset as short_asset, short.balance_minor::text as short_balance,
      (select json_agg(json_build_object('ordinal', entry_ordinal, 'id', entry_id::text)) from written) as entries
    from verdict
      left join lateral (select changes.asset, changes.balance_minor from changes
        where changes.balance_minor + changes.delta_minor < 0 order by changes.id limit 1) short on true`,
  );
  const row = rows[0];
  if (!row) throw new Error('ledger: the settlement batch statement returned no row');
  if (!row.is_key_free) return { outcome: 'key_used' };
  if (!row.is_complete) return { outcome: 'unknown_account' };
  if (row.short_asset !== null && row.short_balance !== null)
    return { outcome: 'overdrawn', asset: row.short_asset, balanceMinor: BigInt(row.short_balance) };
  const written = typeof row.entries === 'string' ? JSON.parse(row.entries) : row.entries;
  const byOrdinal = new Map<number, bigint>();
  for (const entry of (written ?? []) as Array<{ ordinal: number; id: string }>) {
    byOrdinal.set(Number(entry.ordinal), BigInt(entry.id));
  }
  const entryIds = settlements.map((_, ordinal) => {
    const id = byOrdinal.get(ordinal);
    if (id === undefined) throw new Error('ledger: the settlement batch statement lost an entry');
    return id;
  });
  return { outcome: 'written', entryIds };
}
