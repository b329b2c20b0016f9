import { sql, type SQL } from 'drizzle-orm';
import { onlyUserTouched, type RecordCheck } from '../../ledger/ledger-record-checks';

// The journal against securities lending (issue 16 item 3, ADR 0007). A `short_collateral` entry is
// named by that user's buy-to-cover order and moves one amount from their margin account to their
// cash, touching no one else. A `borrow_fee` or `manufactured_dividend` entry is named by exactly one
// charge row of its borrow: the borrower's margin account pays the row's amount, other users
// (the lenders) receive the row's lenders' part, and the rest goes to the house: a fee's share to
// `fees`, a manufactured dividend's withholding to `taxes_payable`. The lending rows hold together: each borrow's shares not returned are
// the lenders' allocations not returned, and a user's open short position is their borrows not
// returned. So a charge edited, added or deleted, or a borrow or allocation edited in SQL, is a breach.

const kindSum = (entryId: SQL, userId: SQL, kind: string): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id = ${userId} and account.kind = ${kind})`;

const othersSum = (entryId: SQL, userId: SQL): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id is not null and account.owner_user_id <> ${userId})`;

/** The house's part: a fee's share to `fees`, a manufactured dividend's withholding to `taxes_payable`. */
const houseShare = (entryId: SQL, entryKind: SQL): SQL =>
  sql`(select coalesce(sum(posting.amount_minor), 0) from ledger_postings posting
    join ledger_accounts account on account.id = posting.account_id
    where posting.entry_id = ${entryId} and account.owner_user_id is null
      and account.kind = case ${entryKind} when 'borrow_fee' then 'fees' else 'taxes_payable' end)`;

export const lendingRecordChecks: readonly RecordCheck[] = [
  {
    sourceType: 'securities_loan',
    query: sql`select 'entry ' || entry.id || ' (' || entry.kind || '): no lending record moves it' as detail
      from ledger_entries entry
      where entry.source_type = 'securities_loan' and not (
        (entry.kind = 'short_collateral' and exists (
          select 1 from orders record where record.id::text = entry.source_id and record.side = 'buy'
            and record.direction = 'short'
            and ${kindSum(sql`entry.id`, sql`record.user_id`, 'margin')} < 0
            and ${kindSum(sql`entry.id`, sql`record.user_id`, 'margin')} = -${kindSum(sql`entry.id`, sql`record.user_id`, 'available')}
            and ${onlyUserTouched(sql`entry.id`, sql`record.user_id`)}))
        or (entry.kind in ('borrow_fee', 'manufactured_dividend') and exists (
          select 1 from securities_lending_charges charge
          join securities_borrows borrow on borrow.id = charge.borrow_id
          where charge.entry_id = entry.id and borrow.id::text = entry.source_id and charge.kind = entry.kind
            and (select count(*) from securities_lending_charges named where named.entry_id = entry.id) = 1
            and ${kindSum(sql`entry.id`, sql`borrow.user_id`, 'margin')} = -charge.amount_minor
            and ${othersSum(sql`entry.id`, sql`borrow.user_id`)} = charge.lenders_minor
            and ${houseShare(sql`entry.id`, sql`entry.kind`)} = charge.amount_minor - charge.lenders_minor)))`,
  },
  {
    sourceType: 'securities_loan',
    query: sql`select 'lending charge ' || charge.id || ': its entry ' || charge.entry_id || ' is not its own' as detail
      from securities_lending_charges charge
      left join ledger_entries entry on entry.id = charge.entry_id
      where entry.id is null or entry.source_type <> 'securities_loan' or entry.kind <> charge.kind
        or entry.source_id <> charge.borrow_id::text`,
  },
  {
    sourceType: 'securities_loan',
    query: sql`select 'borrow ' || borrow.id || ': ' || (borrow.quantity_minor - borrow.returned_minor)
        || ' shares borrowed but ' || coalesce(lent.active, 0) || ' lent' as detail
      from securities_borrows borrow
      left join (select borrow_id, sum(quantity_minor - returned_minor) as active
        from securities_loan_allocations group by borrow_id) lent on lent.borrow_id = borrow.id
      where borrow.quantity_minor - borrow.returned_minor <> coalesce(lent.active, 0)
        or not exists (select 1 from orders record where record.id = borrow.order_id
          and record.user_id = borrow.user_id and record.side = 'sell' and record.direction = 'short')`,
  },
  {
    sourceType: 'securities_loan',
    query: sql`select 'user ' || coalesce(position.user_id, borrowed.user_id) || ' ' || coalesce(position.symbol, borrowed.symbol)
        || ': short ' || coalesce(position.quantity_minor, 0) || ' but borrowed ' || coalesce(borrowed.active, 0) as detail
      from (select user_id, symbol, quantity_minor from positions
        where direction = 'short' and state = 'holding') position
      full join (select user_id, symbol, sum(quantity_minor - returned_minor) as active
        from securities_borrows group by user_id, symbol having sum(quantity_minor - returned_minor) > 0) borrowed
        on borrowed.user_id = position.user_id and borrowed.symbol = position.symbol
      where coalesce(position.quantity_minor, 0) <> coalesce(borrowed.active, 0)`,
  },
];
