import { sourceTypes, type SourceType } from '@beurs/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { LedgerBreach } from './ledger-verify';
import { queryRows } from './ledger.repository';

// Every journal entry stands on the business record that caused it (ADR 0007): the module that
// owns a source type says, in one query over its own tables, which entries of that type lack a
// valid record (none, another user's, another amount, not approved, no audit row) and which of its
// records claim an entry the journal does not hold. `ledger:verify` runs them all (src/record-checks.ts)
// in one read-only snapshot; an entry whose source type no module checks is a breach too.

export type RecordCheck = {
  sourceType: SourceType;
  /** Rows of `detail` (text): one per entry without its record, or record without its entry. */
  query: SQL;
};

const LIMIT = 20;

/** The sum an entry posted to one user's accounts of one asset (for amount checks). */
export const userPostedSum = (entryId: SQL, userId: SQL, asset: SQL): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id = ${userId} and account.asset = ${asset})`;

/** True when the entry touched no user's account other than `userId`'s. */
export const onlyUserTouched = (entryId: SQL, userId: SQL): SQL =>
  sql`not exists (select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id is not null and account.owner_user_id <> ${userId})`;

export async function verifyRecords(db: Database, checks: readonly RecordCheck[]): Promise<LedgerBreach[]> {
  return db.transaction(
    async (tx) => {
      const breaches: LedgerBreach[] = [];
      for (const check of checks) {
        const rows = await queryRows<{ detail: string }>(tx, sql`${check.query} limit ${LIMIT}`);
        for (const row of rows) breaches.push({ check: 'business record', detail: String(row.detail) });
      }
      const checked = new Set(checks.map((check) => check.sourceType));
      const unchecked = sourceTypes.filter((type) => !checked.has(type));
      if (unchecked.length > 0) {
        const list = sql.join(
          unchecked.map((type) => sql`${type}`),
          sql`, `,
        );
        const rows = await queryRows<{ id: string; source_type: string }>(
          tx,
          sql`select id::text, source_type from ledger_entries where source_type in (${list}) order by id limit ${LIMIT}`,
        );
        for (const row of rows)
          breaches.push({
            check: 'business record',
            detail: `entry ${row.id}: no record of type ${row.source_type} can cause an entry`,
          });
      }
      return breaches;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
