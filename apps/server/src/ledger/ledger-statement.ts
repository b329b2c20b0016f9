import type { Asset } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { queryRows } from './ledger.repository';

// One user's side of the ledger, read straight from accounts and postings (not through any
// service): `npm run ledger:verify -- --account <phone>` prints it, so what the app shows (the
// 'me' screen's balances, the fund records) can be compared with the ledger itself.

export type StatementBalance = {
  asset: Asset;
  kind: string;
  /** The locked balance row. */
  balanceMinor: bigint;
  /** The sum of the account's postings; equal to the row in a sound ledger. */
  postedMinor: bigint;
};

export type StatementEntry = {
  id: bigint;
  kind: string;
  memo: string;
  sourceType: string;
  sourceId: string;
  createdAt: Date;
  /** The entry's net movement on each of the user's accounts it touched. */
  changes: Array<{ asset: Asset; accountKind: string; amountMinor: bigint }>;
};

export type UserStatement = {
  userId: bigint;
  account: string;
  balances: StatementBalance[];
  /** Every entry that touched one of the user's accounts, oldest first. */
  entries: StatementEntry[];
};

/** The statement of the user with this phone number, or null when there is none. */
export async function userStatement(db: Database, account: string): Promise<UserStatement | null> {
  return db.transaction(
    async (tx) => {
      const users = await queryRows<{ id: string }>(
        tx,
        sql`select id::text from users where account = ${account}`,
      );
      const userId = users[0]?.id;
      if (userId === undefined) return null;
      const balances = await queryRows<{ asset: Asset; kind: string; balance: string; posted: string }>(
        tx,
        sql`select account.asset, account.kind, account.balance_minor::text as balance,
            coalesce(sum(posting.amount_minor), 0)::text as posted
          from ledger_accounts account left join ledger_postings posting on posting.account_id = account.id
          where account.owner_user_id = ${userId}::bigint
          group by account.id, account.asset, account.kind order by account.asset, account.id`,
      );
      const changes = await queryRows<{
        entry_id: string;
        kind: string;
        memo: string;
        source_type: string;
        source_id: string;
        created_at: string;
        asset: Asset;
        account_kind: string;
        amount: string;
      }>(
        tx,
        sql`select entry.id::text as entry_id, entry.kind, entry.memo, entry.source_type, entry.source_id, to_char(entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
            posting.asset, account.kind as account_kind, sum(posting.amount_minor)::text as amount
          from ledger_postings posting
          join ledger_accounts account on account.id = posting.account_id
          join ledger_entries entry on entry.id = posting.entry_id
          where account.owner_user_id = ${userId}::bigint
          group by entry.id, entry.kind, entry.memo, entry.source_type, entry.source_id, entry.created_at, posting.asset, account.kind
          order by entry.id, posting.asset, account.kind`,
      );
      const entries = new Map<string, StatementEntry>();
      for (const row of changes) {
        let entry = entries.get(row.entry_id);
        if (!entry) {
          entry = {
            id: BigInt(row.entry_id),
            kind: row.kind,
            memo: row.memo,
            sourceType: row.source_type,
            sourceId: row.source_id,
            createdAt: new Date(row.created_at),
            changes: [],
          };
          entries.set(row.entry_id, entry);
        }
        entry.changes.push({
          asset: row.asset,
          accountKind: row.account_kind,
          amountMinor: BigInt(row.amount),
        });
      }
      return {
        userId: BigInt(userId),
        account,
        balances: balances.map((row) => ({
          asset: row.asset,
          kind: row.kind,
          balanceMinor: BigInt(row.balance),
          postedMinor: BigInt(row.posted),
        })),
        entries: [...entries.values()],
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
