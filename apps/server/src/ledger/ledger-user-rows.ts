import { sql, type SQL } from 'drizzle-orm';

/**
 * The body of a `user_rows` CTE: the user balance rows named by `names` (a query answering
 * `owner_user_id, asset, kind` rows), locked in ascending id order as every entry statement locks
 * them. Each name is looked up on its own through the accounts' unique key, then the rows are
 * locked by primary key: written as `(owner_user_id, asset, kind) in (names)`, PostgreSQL hashed
 * the names and scanned every account (3 ms of a 7 ms fill batch at 20,000 accounts, more as the
 * accounts grow). The `limit 1` (the key is unique) keeps the lookup a subquery run per name,
 * which the planner cannot turn into that hash join.
 */
export const lockedUserRowsNamed = (names: SQL): SQL => sql`select account.id, account.owner_user_id,
      account.asset, account.kind, account.balance_minor
    from ledger_accounts account
    where account.id = any(array(
      select found.id from (${names}) wanted
        cross join lateral (select candidate.id from ledger_accounts candidate
          where candidate.owner_user_id = wanted.owner_user_id and candidate.asset = wanted.asset
            and candidate.kind = wanted.kind
          limit 1) found))
    order by account.id
    for no key update`;
