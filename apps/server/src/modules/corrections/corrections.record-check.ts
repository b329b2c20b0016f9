import { sql } from 'drizzle-orm';
import { onlyUserTouched, userPostedSum, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against balance corrections (ADR 0007): a correction entry stands on an applied
// correction of the same user and signed amount that names it, applied or approved in the audit
// log; an applied correction has its entry.
export const correctionRecordCheck: RecordCheck = {
  sourceType: 'correction',
  query: sql`select 'entry ' || entry.id || ': no applied correction ' || entry.source_id || ' of this user and amount, recorded in the audit log' as detail
      from ledger_entries entry
      where entry.source_type = 'correction' and not exists (
        select 1 from balance_corrections record
        where record.id::text = entry.source_id and record.state = 'applied' and record.entry_id = entry.id
          and ${userPostedSum(sql`entry.id`, sql`record.user_id`, sql`record.currency`)} = record.amount_minor
          and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)}
          and exists (select 1 from audit_log audit where
            (audit.action = 'correction.approve' and audit.target_type = 'correction' and audit.target_id = record.id::text)
            or (audit.action = 'correction.apply' and audit.after ->> 'correctionId' = record.id::text)))
    union all
    select 'correction ' || record.id || ' is applied but the journal holds no entry for it' as detail
      from balance_corrections record
      where record.state = 'applied' and not exists (select 1 from ledger_entries entry
        where entry.id = record.entry_id and entry.source_type = 'correction' and entry.source_id = record.id::text)`,
};
