import { sql } from 'drizzle-orm';
import { onlyUserTouched, userPostedSum, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against the credit line (ADR 0007): a draw or a repayment stands on the loan
// movement that names its entry, of the loan's user, for exactly the amount the user's EUR moved
// (in for a draw, out for a repayment); a day's interest stands on an existing loan and touches no
// user's account (it moves loan_book against interest only).
export const creditRecordCheck: RecordCheck = {
  sourceType: 'loan',
  query: sql`select 'entry ' || entry.id || ': no loan ' || entry.source_id || ' movement or interest day of this user naming it' as detail
      from ledger_entries entry
      where entry.source_type = 'loan' and not (
        (entry.kind in ('loan', 'loan_repayment') and exists (
          select 1 from loan_movements movement join loans loan on loan.id = movement.loan_id
          where movement.entry_id = entry.id and loan.id::text = entry.source_id
            and movement.kind = case entry.kind when 'loan' then 'draw' else 'repayment' end
            and ${userPostedSum(sql`entry.id`, sql`loan.user_id`, sql`'EUR'`)}
              = case entry.kind when 'loan' then movement.amount_minor else -movement.amount_minor end
            and ${onlyUserTouched(sql`entry.id`, sql`loan.user_id`)}))
        or (entry.kind = 'interest' and exists (select 1 from loans loan where loan.id::text = entry.source_id)
          and not exists (select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
            where posting.entry_id = entry.id and account.owner_user_id is not null)))`,
};
