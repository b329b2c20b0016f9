import { sql } from 'drizzle-orm';
import type { RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against the copy-following strategies (ADR 0007): an entry of source `strategy`
// names an existing strategy, and touches no user's account but that strategy's own account and
// the accounts of users who made a follow or a redemption request to it; a fee touches only the
// strategy's own account (the other side is the house fee account). The strategy's trades are
// orders and fills of its own account, checked by the trading module.
export const strategyRecordCheck: RecordCheck = {
  sourceType: 'strategy',
  query: sql`select 'entry ' || entry.id || ': no strategy ' || entry.source_id || ' request or account for the users it touched' as detail
      from ledger_entries entry
      left join strategies strategy on strategy.id::text = entry.source_id
      where entry.source_type = 'strategy' and (
        strategy.id is null
        or exists (
          select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
          where posting.entry_id = entry.id and account.owner_user_id is not null
            and account.owner_user_id <> strategy.account_user_id
            and (entry.kind = 'strategy_fee' or not exists (
              select 1 from strategy_requests request
              where request.strategy_id = strategy.id and request.user_id = account.owner_user_id))))`,
};
