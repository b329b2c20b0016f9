import type { Asset, EntrySource } from '@beurs/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { bigintArray, intArray, textArray, timestamptzArray } from '../db/sql-arrays';
import { queryRows } from './ledger.repository';
import { lockedUserRowsNamed } from './ledger-user-rows';

// Many holds in ONE statement (order placement under load, bench/README.md): the same rules as one
// hold (ledger-holds.ts `createHold`) applied to each input on its own — its user's available and
// frozen rows locked in ascending id order (the order every entry statement locks in), its key not
// used before, its available balance covering it — and, for each input that passes, the hold row,
// its `hold_reserve` entry (available → frozen), the two postings, the two balance changes and its
// idempotency record. An input that does not pass writes nothing and is answered with why; the
// others are written. Inputs must name distinct (user, asset) pairs: two holds on one balance in one
// statement would be checked against the same starting balance.
//
// The balance changes are one grouped row per account, joined to the locked rows, as in the entry
// statement. Do not feed the UPDATE from a UNION ALL of the moves: when a concurrent transaction
// changed the row meanwhile, PostgreSQL's re-check of the updated row (EvalPlanQual) then drops the
// update of the second branch's rows — the frozen balance kept its old value while the postings
// moved (seen in parallel-orders-never-overdraw-or-oversell.test.ts on PostgreSQL).

export type BatchHold = {
  userId: bigint;
  asset: Asset;
  amountMinor: bigint;
  source: EntrySource;
  memo: string;
  expiresAt: Date | null;
  idempotencyKey: string;
  requestHash: string;
};

export type BatchHoldOutcome =
  | { outcome: 'held'; holdId: bigint; entryId: bigint }
  | { outcome: 'overdrawn'; availableMinor: bigint }
  | { outcome: 'key_used' }
  | { outcome: 'unknown_account' };

type OutcomeRow = {
  ordinal: number;
  hold_id: string | null;
  entry_id: string | null;
  available_minor: string | null;
  is_key_used: boolean;
};

/**
 * A caller's data-modifying CTE run in the same statement (so all or nothing with the holds, and
 * no transaction needed): given the relation of the holds this statement made — one row per input
 * held, with columns `ordinal` (the input's index) and `hold_id` — it answers the CTE's body, e.g.
 * an `insert … select … join held` of the caller's own rows. If it fails, nothing is written.
 */
export type HoldsAlongside = (held: SQL) => SQL;

export async function postHolds(
  executor: Executor,
  holds: readonly BatchHold[],
  createdAt: Date,
  alongside?: HoldsAlongside,
): Promise<BatchHoldOutcome[]> {
  if (holds.length === 0) return [];
  const pairs = new Set(holds.map((hold) => `${hold.userId}\0${hold.asset}`));
  if (pairs.size !== holds.length) throw new Error('ledger: a hold batch names one balance twice');
  const now = sql`${createdAt.toISOString()}::timestamptz`;
  // Every column travels as one array parameter (unnest), as in the settlement batch: the
  // statement has the same parameters for one hold or a batch, never ten per hold. (Measured on
  // placement, bench/README.md: no speed gain shown at the machine's spread.)
  const column = <T>(pick: (hold: BatchHold) => T) => holds.map(pick);
  const rows = await queryRows<OutcomeRow>(
    executor,
    sql`with input (ordinal, owner_user_id, asset, amount_minor, source_type, source_id, memo, expires_at, entry_key, request_hash)
        as (select * from unnest(${intArray(holds.map((_, ordinal) => ordinal))}, ${bigintArray(column((hold) => hold.userId))},
          ${textArray(column((hold) => hold.asset))}, ${bigintArray(column((hold) => hold.amountMinor))},
          ${textArray(column((hold) => hold.source.type))}, ${textArray(column((hold) => hold.source.id))},
          ${textArray(column((hold) => hold.memo))}, ${timestamptzArray(column((hold) => hold.expiresAt))},
          ${textArray(column((hold) => hold.idempotencyKey))}, ${textArray(column((hold) => hold.requestHash))})),
      account_rows as (${lockedUserRowsNamed(
        sql`select owner_user_id, asset, kind from input cross join (values ('available'), ('frozen')) as kinds (kind)`,
      )}),
      resolved as (
        select input.*, available.id as available_id, available.balance_minor as available_minor,
          frozen.id as frozen_id
        from input
          join account_rows available on available.owner_user_id = input.owner_user_id
            and available.asset = input.asset and available.kind = 'available'
          join account_rows frozen on frozen.owner_user_id = input.owner_user_id
            and frozen.asset = input.asset and frozen.kind = 'frozen'),
      used_keys as (
        select key from ledger_idempotency_keys where key in (select entry_key from input)
        union select idempotency_key from ledger_entries where idempotency_key in (select entry_key from input)),
      accepted as (
        select * from resolved
        where available_minor >= amount_minor and entry_key not in (select key from used_keys)),
      holds as (
        insert into ledger_holds (owner_user_id, asset, available_account_id, frozen_account_id, amount_minor,
            source_type, source_id, memo, expires_at, created_at)
        select owner_user_id, asset, available_id, frozen_id, amount_minor, source_type, source_id, memo, expires_at, ${now}
        from accepted order by ordinal
        returning id, owner_user_id, asset),
      held as (
        select accepted.*, holds.id as hold_id
        from accepted join holds on holds.owner_user_id = accepted.owner_user_id and holds.asset = accepted.asset),
      entries as (
        insert into ledger_entries (kind, memo, hold_id, idempotency_key, source_type, source_id, created_at)
        select 'hold_reserve', memo, hold_id, entry_key, source_type, source_id, ${now}
        from held order by ordinal
        returning id, hold_id),
      posted as (select held.*, entries.id as entry_id from held join entries on entries.hold_id = held.hold_id),
      postings as (
        insert into ledger_postings (entry_id, account_id, asset, amount_minor)
        select entry_id, account_id, asset, amount_minor from (
          select ordinal, 0 as side, entry_id, available_id as account_id, asset, -amount_minor as amount_minor from posted
          union all
          select ordinal, 1, entry_id, frozen_id, asset, amount_minor from posted) moves
        order by ordinal, side),
      changes as (
        select account_rows.id,
          sum(case account_rows.kind when 'available' then -posted.amount_minor else posted.amount_minor end)::bigint
            as delta_minor
        from posted join account_rows on account_rows.owner_user_id = posted.owner_user_id
          and account_rows.asset = posted.asset
        group by account_rows.id),
      balances as (
        update ledger_accounts account set balance_minor = account.balance_minor + changes.delta_minor
        from changes where account.id = changes.id),
      keys as (
        insert into ledger_idempotency_keys (key, operation, request_hash, entry_id, hold_id, created_at)
        select entry_key, 'hold', request_hash, entry_id, hold_id, ${now} from posted)${
          alongside
            ? sql`,
      alongside as (${alongside(sql.raw('posted'))})`
            : sql``
        }
    select input.ordinal, posted.hold_id::text, posted.entry_id::text,
      resolved.available_minor::text as available_minor,
      exists (select 1 from used_keys where used_keys.key = input.entry_key) as is_key_used
    from input
      left join resolved on resolved.ordinal = input.ordinal
      left join posted on posted.ordinal = input.ordinal
    order by input.ordinal`,
  );
  return holds.map((_, ordinal) => {
    const row = rows.find((candidate) => Number(candidate.ordinal) === ordinal);
    if (!row) throw new Error('ledger: the hold batch statement lost an input');
    if (row.hold_id !== null && row.entry_id !== null)
      return { outcome: 'held', holdId: BigInt(row.hold_id), entryId: BigInt(row.entry_id) };
    if (row.is_key_used) return { outcome: 'key_used' };
    if (row.available_minor === null) return { outcome: 'unknown_account' };
    return { outcome: 'overdrawn', availableMinor: BigInt(row.available_minor) };
  });
}
