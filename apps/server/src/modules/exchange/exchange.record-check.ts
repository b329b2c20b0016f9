import { sql } from 'drizzle-orm';
import { onlyUserTouched, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against currency exchanges (ADR 0007): an exchange entry stands on the user's
// exchange that names it; an exchange has its entry.
export const exchangeRecordCheck: RecordCheck = {
  sourceType: 'exchange',
  query: sql`select 'entry ' || entry.id || ': no exchange ' || entry.source_id || ' of this user naming it' as detail
      from ledger_entries entry
      where entry.source_type = 'exchange' and not exists (
        select 1 from exchanges record
        where record.id::text = entry.source_id and record.entry_id = entry.id
          and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)})
    union all
    select 'exchange ' || record.id || ' has no entry in the journal' as detail
      from exchanges record
      where not exists (select 1 from ledger_entries entry
        where entry.id = record.entry_id and entry.source_type = 'exchange' and entry.source_id = record.id::text)`,
};
