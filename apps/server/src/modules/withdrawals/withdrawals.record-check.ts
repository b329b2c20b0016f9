import { sql } from 'drizzle-orm';
import { onlyUserTouched, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against withdrawals (ADR 0007): every entry of a withdrawal (its hold, fee, payout,
// release) stands on a withdrawal of the user whose money it moved.
export const withdrawalRecordCheck: RecordCheck = {
  sourceType: 'withdrawal',
  query: sql`select 'entry ' || entry.id || ': no withdrawal ' || entry.source_id || ' of this user' as detail
      from ledger_entries entry
      where entry.source_type = 'withdrawal' and not exists (
        select 1 from withdrawals record
        where record.id::text = entry.source_id and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)})`,
};
