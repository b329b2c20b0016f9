import { sql } from 'drizzle-orm';
import { onlyUserTouched, userPostedSum, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against deposits (ADR 0007): a deposit entry stands on an approved deposit of the
// same user and amount that names it, approved in the audit log; an approved deposit has its entry.
export const depositRecordCheck: RecordCheck = {
  sourceType: 'deposit',
  query: sql`select 'entry ' || entry.id || ': no approved deposit ' || entry.source_id || ' of this user and amount, approved in the audit log' as detail
      from ledger_entries entry
      where entry.source_type = 'deposit' and not exists (
        select 1 from deposits record
        where record.id::text = entry.source_id and record.state = 'approved' and record.entry_id = entry.id
          and ${userPostedSum(sql`entry.id`, sql`record.user_id`, sql`record.currency`)} = record.amount_minor
          and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)}
          and exists (select 1 from audit_log audit where audit.action = 'deposit.approve'
            and audit.target_type = 'deposit' and audit.target_id = record.id::text))
    union all
    select 'deposit ' || record.id || ' is approved but the journal holds no entry for it' as detail
      from deposits record
      where record.state = 'approved' and not exists (select 1 from ledger_entries entry
        where entry.id = record.entry_id and entry.source_type = 'deposit' and entry.source_id = record.id::text)`,
};
