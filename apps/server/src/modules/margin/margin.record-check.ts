import { sql, type SQL } from 'drizzle-orm';
import { onlyUserTouched, userPostedSum, type RecordCheck } from '../../ledger/ledger-record-checks';
import { lendingRecordChecks } from './securities-lending.record-check';

// The journal against the margin loan (ADR 0007, issue 16). Each movement row must match its entry:
// a `borrow` the fill entry of that user's order, lending exactly its amount out of `loan_book`; a
// `repay` a loan_repayment entry moving exactly its amount from the user's cash to `loan_book`; an
// `interest` an interest entry adding exactly its amount to `loan_book` (no user account touched);
// a capital transfer a margin_transfer entry moving exactly its amount into (`to_margin`) or out of
// (`to_cash`) the user's margin account. Each margin entry, and each order entry that lends out of
// `loan_book`, is named by exactly one row. So an amount edited, a row added or deleted in SQL is a
// breach: what a user owes is never taken from a row the journal does not back.

const loanBookSum = (entryId: SQL, currency: SQL): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id is null and account.kind = 'loan_book'
      and account.asset = ${currency})`;

const marginAccountSum = (entryId: SQL, userId: SQL, currency: SQL): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id = ${userId} and account.kind = 'margin'
      and account.asset = ${currency})`;

const namedOnce = (entryId: SQL): SQL =>
  sql`(select count(*) from margin_loan_movements named where named.entry_id = ${entryId}) = 1`;

export const marginRecordChecks: readonly RecordCheck[] = [
  {
    sourceType: 'margin_loan',
    query: sql`select 'margin movement ' || movement.id || ' (' || movement.kind || '): its entry ' || movement.entry_id || ' does not move that amount for that user' as detail
      from margin_loan_movements movement
      left join ledger_entries entry on entry.id = movement.entry_id
      where entry.id is null or not ${namedOnce(sql`entry.id`)} or not (
        (movement.kind = 'borrow' and entry.source_type = 'order' and entry.kind = 'trade_fill'
          and exists (select 1 from orders record where record.id::text = entry.source_id
            and record.id = movement.order_id and record.user_id = movement.user_id and record.side = 'buy')
          and ${loanBookSum(sql`entry.id`, sql`movement.currency`)} = -movement.amount_minor)
        or (movement.kind = 'repay' and entry.source_type = 'margin_loan' and entry.kind = 'loan_repayment'
          and entry.source_id = movement.user_id::text
          and ${loanBookSum(sql`entry.id`, sql`movement.currency`)} = movement.amount_minor
          and ${userPostedSum(sql`entry.id`, sql`movement.user_id`, sql`movement.currency`)} = -movement.amount_minor
          and ${onlyUserTouched(sql`entry.id`, sql`movement.user_id`)})
        or (movement.kind = 'interest' and entry.source_type = 'margin_loan' and entry.kind = 'interest'
          and entry.source_id = movement.user_id::text
          and ${loanBookSum(sql`entry.id`, sql`movement.currency`)} = -movement.amount_minor
          and not exists (select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
            where posting.entry_id = entry.id and account.owner_user_id is not null))
        or (movement.kind in ('to_margin', 'to_cash') and entry.source_type = 'margin_loan'
          and entry.kind = 'margin_transfer' and entry.source_id = movement.user_id::text
          and ${marginAccountSum(sql`entry.id`, sql`movement.user_id`, sql`movement.currency`)}
            = case movement.kind when 'to_margin' then movement.amount_minor else -movement.amount_minor end
          and ${userPostedSum(sql`entry.id`, sql`movement.user_id`, sql`movement.currency`)} = 0
          and ${onlyUserTouched(sql`entry.id`, sql`movement.user_id`)}))`,
  },
  {
    sourceType: 'margin_loan',
    query: sql`select 'entry ' || entry.id || ': a margin entry no margin movement of this user names once' as detail
      from ledger_entries entry
      where entry.source_type = 'margin_loan' and not exists (
        select 1 from margin_loan_movements movement
        where movement.entry_id = entry.id and movement.user_id::text = entry.source_id and ${namedOnce(sql`entry.id`)})`,
  },
  {
    sourceType: 'order',
    query: sql`select 'entry ' || entry.id || ': lends out of loan_book with no margin borrow naming it' as detail
      from ledger_entries entry
      where entry.source_type = 'order' and exists (
          select 1 from ledger_postings posting join ledger_accounts account on account.id = posting.account_id
          where posting.entry_id = entry.id and account.owner_user_id is null and account.kind = 'loan_book')
        and not exists (select 1 from margin_loan_movements movement
          where movement.entry_id = entry.id and movement.kind = 'borrow')`,
  },
  // Securities lending (issue 16 item 3): collateral returns, borrow fees, manufactured dividends.
  ...lendingRecordChecks,
];
