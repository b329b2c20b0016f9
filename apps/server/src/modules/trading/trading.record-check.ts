import { sql } from 'drizzle-orm';
import { onlyUserTouched, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against trading (ADR 0007): an order's entries (its hold, fills, release) stand on
// the user's order; a fill's on the user's fill that names it; a dividend's and a split's on the
// user's corporate-action payment of that kind that names it.
const paymentCheck = (
  sourceType: 'dividend' | 'corporate_action',
  kind: 'dividend' | 'split',
): RecordCheck => ({
  sourceType,
  query: sql`select 'entry ' || entry.id || ': no ' || ${kind} || ' payment ' || entry.source_id || ' of this user naming it' as detail
      from ledger_entries entry
      where entry.source_type = ${sourceType} and not exists (
        select 1 from corporate_action_payments record
        where record.id::text = entry.source_id and record.kind = ${kind} and record.entry_id = entry.id
          and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)})`,
});

export const tradingRecordChecks: readonly RecordCheck[] = [
  {
    sourceType: 'order',
    query: sql`select 'entry ' || entry.id || ': no order ' || entry.source_id || ' of this user' as detail
      from ledger_entries entry
      where entry.source_type = 'order' and not exists (
        select 1 from orders record
        where record.id::text = entry.source_id and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)})`,
  },
  {
    sourceType: 'fill',
    query: sql`select 'entry ' || entry.id || ': no fill ' || entry.source_id || ' of this user naming it' as detail
      from ledger_entries entry
      where entry.source_type = 'fill' and not exists (
        select 1 from fills record
        where record.id::text = entry.source_id and record.entry_id = entry.id
          and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)})`,
  },
  paymentCheck('dividend', 'dividend'),
  paymentCheck('corporate_action', 'split'),
];
