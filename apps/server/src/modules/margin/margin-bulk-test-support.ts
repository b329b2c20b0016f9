import { randomBytes } from 'node:crypto';
import { formatCash, securityAsset } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bigintArray } from '../../db/sql-arrays';
import type { Database } from '../../db/database';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import { queryRows } from '../../ledger/ledger.repository';
import { PASSING_ANSWERS } from './margin-test-support';
import { scoreMarginAnswers } from './margin-scoring';

// Thousands of margin accounts for the shock test and the margin benchmark (issue 16), without
// thousands of HTTP round trips. Each step writes what the API path writes, set-based where it can
// and otherwise through the modules' own services, so that `ledger:verify` (journal and business
// records) and `audit:verify` hold afterwards:
//
// 1. users: one INSERT for all (as registration's row; no password to hash), their ledger accounts
//    opened by the ledger service;
// 2. cash: one approved deposit each (an upload row as its proof, one INSERT each for all), its
//    ledger credit posted by the ledger service as the deposits service's `review` posts it, and its
//    `deposit.approve` audit entry through the audit service (all in one transaction: the chain's
//    lock is taken once per entry, not once per commit). No message is posted;
// 3. the margin account: a passed appropriateness test and the acceptance of the current risk
//    disclosure (one INSERT each for all). Their audit entries are not written (one audit write
//    costs several milliseconds on the chain head's lock), so `margin.isOpen` answers no for these
//    accounts: nothing on the quote stream, the margin level or the liquidation asks it;
// 4. the margin buys: resting limit buys with their leverage above the ask (one INSERT for all),
//    each with its ledger hold (the ledger service), then trading's resting-order evaluation fills
//    them through its batched fill path — the same ledger entry, `loan_book` lending the rest,
//    `borrow` row, fill, holding and lots as any margin buy. One round per holding of an account.
//
// Nothing here is reachable from a running server.

export type BulkHolding = { symbol: string; quantity: bigint; leverageHundredths: number };

type App = Pick<FastifyInstance, 'services'>;

const CONCURRENCY = 8;

async function inParallel(count: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      for (let index = next++; index < count; index = next++) await task(index);
    }),
  );
}

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

/**
 * Creates one funded user with an open margin account per element of `accounts`, and fills each
 * one's margin buys at the current ask (limits `limitFactorPercent` above it). Answers the user ids
 * in the order of `accounts`.
 */
export async function seedMarginAccounts(
  app: App,
  db: Database,
  input: {
    accounts: readonly (readonly BulkHolding[])[];
    /** EUR cents deposited to each user. */
    depositMinor: bigint;
    staffId: bigint;
    now: Date;
    limitFactorPercent?: bigint;
  },
): Promise<bigint[]> {
  const { ledger, audit, margin, market, trading } = app.services;
  const count = input.accounts.length;
  const tag = randomBytes(4).toString('hex');
  const now = input.now;

  // 1. Users and their ledger accounts.
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into users (account, password_hash, invited_by_code, created_at)
        select '3249' || lpad(((${Number.parseInt(tag, 16) % 100_000}::bigint * 100000 + n) % 10000000000)::text, 10, '0'),
               'bulk-seeded: no password', 'BULKSEED', ${now}
        from generate_series(1, ${count}) n
        returning id::text as id`,
  );
  const userIds = users.map((row) => BigInt(row.id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await inParallel(count, (index) => ledger.openUserAccounts(db, userIds[index]!));

  // 2. One deposit each, approved by staff through the deposits service.
  const channel = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from deposit_channels where currency = 'EUR' and is_enabled order by id limit 1`,
  );
  const channelId =
    channel[0]?.id ??
    (
      await queryRows<{ id: string }>(
        db,
        sql`insert into deposit_channels (kind, name, currency, collection_account, beneficiary_name, bic,
              minimum_minor, maximum_minor, is_enabled, created_at)
            values ('bank_transfer', 'SEPA transfer', 'EUR', 'BE71 0961 2345 6769', 'Beurs Demo NV', 'GKCCBEBB',
              1000, null, true, ${now})
            returning id::text as id`,
      )
    )[0]!.id;
  const ids = bigintArray(userIds);
  const approved = await queryRows<{ id: string; user_id: string; reference: string }>(
    db,
    sql`with proofs as (
          insert into uploads (owner_user_id, purpose, storage_key, content_type, size_bytes, width, height, created_at)
          select user_id, 'deposit_proof', 'bulk-' || ${tag} || '-' || user_id, 'image/png', 1, 1, 1, ${now}
          from unnest(${ids}) as u (user_id)
          returning id, owner_user_id)
        insert into deposits (user_id, channel_id, currency, amount_minor, reference, proof_upload_id, state,
          idempotency_key, request_hash, decided_by_staff_id, decided_at, decide_by, created_at)
        select owner_user_id, ${channelId}::bigint, 'EUR', ${input.depositMinor},
          'BULK-' || ${tag} || '-' || owner_user_id, id, 'approved', 'bulk-' || ${tag}, 'bulk',
          ${input.staffId}, ${now}, ${new Date(now.getTime() + 86_400_000)}, ${now}
        from proofs
        returning id::text as id, user_id::text as user_id, reference`,
  );
  const entryIds: bigint[] = [];
  await inParallel(approved.length, async (index) => {
    const row = approved[index]!;
    const result = await ledger.transfer(db, {
      idempotencyKey: `deposit:${row.id}`,
      kind: 'deposit',
      source: { type: 'deposit', id: row.id },
      memo: `Deposit ${row.reference}`,
      postings: move(
        houseAccount('bank_cash', 'EUR'),
        userAccount(BigInt(row.user_id), 'EUR'),
        input.depositMinor,
      ),
    });
    entryIds[index] = result.entryId;
  });
  await db.execute(
    sql`update deposits set entry_id = pairs.entry_id
        from unnest(${bigintArray(approved.map((row) => BigInt(row.id)))}, ${bigintArray(entryIds)})
          as pairs (id, entry_id)
        where deposits.id = pairs.id`,
  );
  const staff = await queryRows<{ username: string }>(
    db,
    sql`select username from staff_users where id = ${input.staffId}`,
  );
  const actor = { staffId: input.staffId, username: staff[0]!.username };
  await db.transaction(async (tx) => {
    for (const row of approved) {
      await audit.record(tx, actor, {
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: row.id,
        reason: 'bulk seed',
        before: { state: 'pending' },
        after: { state: 'approved', amount: formatCash(input.depositMinor) },
      });
    }
  });

  // 3. The margin account: a passed test and the current disclosure accepted (no audit entries:
  //    see above).
  const score = scoreMarginAnswers(PASSING_ANSWERS);
  const { disclosure } = await margin.status(userIds[0]!, 'en');
  const opened = await queryRows<{ user_id: string }>(
    db,
    sql`with tests as (
          insert into margin_tests (user_id, answers, knowledge_correct, is_experience_met, is_passed, taken_at)
          select user_id, ${JSON.stringify(PASSING_ANSWERS)}::jsonb, ${score.knowledgeCorrect},
            ${score.isExperienceMet}, ${score.isPassed}, ${now}
          from unnest(${ids}) as u (user_id)
          returning id, user_id)
        insert into margin_accounts (user_id, test_id, disclosure_version, disclosure_language, disclosure_hash, accepted_at)
        select user_id, id, ${disclosure.version}, 'en', ${disclosure.hash}, ${now} from tests
        returning user_id::text as user_id`,
  );
  if (opened.length !== count) throw new Error('margin accounts not opened');

  // 4. The margin buys: resting limit buys above the ask, held, then filled on the quote stream's path.
  const pendingCount = async () =>
    (
      await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from orders
            where idempotency_key like ${`bulk-${tag}-%`} and state = 'pending'`,
      )
    )[0]!.count;
  const limitFactor = input.limitFactorPercent ?? 105n;
  const buys = input.accounts.flatMap((holdings, index) =>
    holdings.map((holding, round) => ({ ...holding, userId: userIds[index]!, round })),
  );
  const symbols = [...new Set(buys.map((buy) => buy.symbol))];
  const limits = new Map<string, bigint>();
  for (const symbol of symbols) {
    const quote = await market.currentQuote(symbol);
    const ask = quote.askMinor ?? quote.lastMinor;
    // A limit in whole cents (prices at scale 4), above the ask: it crosses at once.
    limits.set(symbol, ((ask * limitFactor) / 100n / 100n + 1n) * 100n);
  }
  // One round per holding (each user's first buy, then each one's second, …): within a round a
  // user has one order, so no two fill batches wait on one user's rows.
  const rounds = Math.max(0, ...buys.map((buy) => buy.round + 1));
  for (let round = 0; round < rounds; round += 1) {
    const ofRound = buys.filter((buy) => buy.round === round);
    await insertHeld(ofRound);
    for (let tick = 0; tick < 10 && (await pendingCount()) > 0; tick += 1) {
      await trading.reloadRestingOrders();
      await trading.onQuotes([...new Set(ofRound.map((buy) => buy.symbol))]);
    }
  }
  const left = await queryRows<{ state: string; symbol: string; count: number }>(
    db,
    sql`select state, symbol, count(*)::int as count from orders
        where idempotency_key like ${`bulk-${tag}-%`} and state <> 'filled' group by state, symbol`,
  );
  if (left.length > 0) throw new Error(`seeded margin buys did not fill: ${JSON.stringify(left)}`);
  return userIds;

  /** The resting limit buys with their holds, 1,000 orders a statement. */
  async function insertHeld(all: typeof buys) {
    for (let offset = 0; offset < all.length; offset += 1_000) {
      const batch = all.slice(offset, offset + 1_000);
      const round = batch[0]!.round;
      const rows = batch.map((buy) => {
        const instrument = market.instrumentOf(buy.symbol);
        if (instrument.quantityScale !== 0 || instrument.currency !== 'EUR')
          throw new Error(`${buy.symbol}: whole EUR shares only`);
        const limit = limits.get(buy.symbol)!;
        // The total at the limit with room for the fee and TOB, whole: trading's resting fill
        // compares the fill's total (not its initial part) with the reserve. The fill posts the
        // initial part from the hold, loan_book lends the rest, and the hold's remainder is released.
        const reserved = (buy.quantity * limit * 102n) / 100n / 100n + 500n;
        return { ...buy, instrument, limit, reserved };
      });
      const inserted = await queryRows<{
        id: string;
        user_id: string;
        reserved_minor: string;
        symbol: string;
      }>(
        db,
        sql`insert into orders (user_id, symbol, asset, market, currency, pay_currency, side, type, time_in_force,
            quantity_minor, quantity_scale, limit_price_minor, is_queued_for_open, leverage_hundredths, state,
            reserved_minor, expires_at, idempotency_key, request_hash, created_at, updated_at)
          select user_id, symbol, asset, market, 'EUR', 'EUR', 'buy', 'limit', 'day', quantity, 0, limit_price,
            false, leverage, 'pending', reserved, ${new Date(now.getTime() + 3_600_000)},
            'bulk-' || ${tag} || '-' || ${round} || '-' || ${offset} + ordinality, 'bulk', ${now}, ${now}
          from unnest(${bigintArray(rows.map((row) => row.userId))}, ${textArray(rows.map((row) => row.symbol))},
            ${textArray(rows.map((row) => securityAsset(row.symbol)))},
            ${textArray(rows.map((row) => row.instrument.market))},
            ${bigintArray(rows.map((row) => row.quantity))}, ${bigintArray(rows.map((row) => row.limit))},
            ${bigintArray(rows.map((row) => BigInt(row.leverageHundredths)))},
            ${bigintArray(rows.map((row) => row.reserved))})
            with ordinality as b (user_id, symbol, asset, market, quantity, limit_price, leverage, reserved)
          order by ordinality
          returning id::text as id, user_id::text as user_id, reserved_minor::text as reserved_minor, symbol`,
      );
      const holdIds: bigint[] = [];
      await inParallel(inserted.length, async (index) => {
        const order = inserted[index]!;
        const { holdId } = await ledger.hold(db, {
          idempotencyKey: `order:${order.id}:hold`,
          userId: BigInt(order.user_id),
          asset: 'EUR',
          amountMinor: BigInt(order.reserved_minor),
          source: { type: 'order', id: order.id },
          memo: `Buy order ${order.id}: ${order.symbol} (limit)`,
        });
        holdIds[index] = holdId;
      });
      await db.execute(
        sql`update orders set hold_id = pairs.hold_id
          from unnest(${bigintArray(inserted.map((order) => BigInt(order.id)))}, ${bigintArray(holdIds)})
            as pairs (order_id, hold_id)
          where orders.id = pairs.order_id`,
      );
    }
  }
}
