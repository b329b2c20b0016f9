import { formatCash, runDraw } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, deposit } from '../../ledger/ledger-test-support';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import * as repository from './offerings.repository';
import { ipoSubscriptions } from './offerings.tables';

// The draw settles its subscriptions in batches (issue 17: 100,000 in seconds): the losers' holds
// voided together, the winners' allotment orders inserted and filled together. Two fresh databases
// get the same users, offering, seed and subscriptions; one is drawn by `drawDue` (batched), the
// other one subscription at a time through `trading.allot` and `ledger.voidHold`, as the draw was
// written before. Both must write the same allocations, orders, holdings, lots, balances and ledger
// movements, and both ledgers verify.

const SEED = 'a1'.repeat(32);
const USERS = 8;
/** Lots each user asks for, one subscription each: several users subscribe more than once. */
const REQUESTS = [[1], [2, 1], [3], [1, 1, 1], [2], [4, 2], [1], [5]] as const;
const LOT = 100n;
const LOTS_OFFERED = 9n; // 12 subscriptions: 9 win a lot, 3 none

let batched: TestApp;
let oneByOne: TestApp;

async function prepare(testApp: TestApp) {
  const { ledger, offerings } = testApp.app.services;
  const db = testApp.database.db;
  testApp.clock.set('2026-11-20T10:00:00Z');
  const users: bigint[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const userId = await createUser(db, ledger);
    await deposit(db, ledger, userId, 'EUR', 10_000_00n);
    users.push(userId);
  }
  const offering = await offerings.create(
    { simulatorRound: 1 },
    {
      symbol: 'UCB.BR',
      name: 'UCB new shares',
      market: 'frank',
      issueMarket: 'Euronext Brussels',
      leadUnderwriter: 'KBC Securities',
      issuePrice: 12_3450n, // 12.3450 EUR: the fee rounds differently per quantity
      sharesOffered: (LOTS_OFFERED * LOT).toString(),
      minimumQuantity: LOT.toString(),
      lotSize: LOT.toString(),
      subscriptionsPerUser: 3,
      feeBasisPoints: 25,
      feeMinimum: 3_00n,
      prospectusUrl: 'https://example.org/prospectus.pdf',
      opensAt: '2026-11-21T09:00:00Z',
      closesAt: '2026-11-23T16:00:00Z',
      lotteryAt: '2026-11-24T09:00:00Z',
      distributionAt: '2026-11-25T09:00:00Z',
      listingAt: '2026-11-26T09:00:00Z',
      reason: 'batched draw test',
    },
  );
  const offeringId = BigInt(offering.id);
  await db.execute(sql`update ipo_offerings set seed = ${SEED} where id = ${offeringId.toString()}::bigint`);
  testApp.clock.set('2026-11-22T10:00:00Z');
  const offeringRow = (await repository.findOffering(db, offeringId))!;
  for (const [index, requests] of REQUESTS.entries()) {
    for (const [round, lots] of requests.entries()) {
      const quantity = BigInt(lots) * LOT;
      const costs = testApp.app.services.trading.primaryCosts({
        quantityMinor: quantity,
        quantityScale: 0,
        priceMinor: offeringRow.issuePriceMinor,
        currency: 'EUR',
        fee: { basisPoints: offeringRow.feeBasisPoints, minimumMinor: offeringRow.feeMinimumMinor },
      });
      const userId = users[index]!;
      const [row] = await db
        .insert(ipoSubscriptions)
        .values({
          offeringId,
          userId,
          quantity,
          grossMinor: costs.grossMinor,
          feeMinor: costs.fee.amountMinor,
          frozenMinor: costs.totalPayMinor,
          holdId: 0n,
          idempotencyKey: `test-${round}`,
          requestHash: 'test',
          createdAt: testApp.clock.now(),
        })
        .returning();
      const hold = await ledger.hold(db, {
        idempotencyKey: `ipo-subscription:${row!.id}:hold`,
        userId,
        asset: 'EUR',
        amountMinor: costs.totalPayMinor,
        source: { type: 'ipo', id: row!.id.toString() },
        memo: 'subscribed',
      });
      await repository.setSubscriptionHold(db, row!.id, hold.holdId);
    }
  }
  testApp.clock.set('2026-11-24T09:00:01Z');
  return offeringId;
}

/** The draw as it was written before the batches: one subscription after another. */
async function drawOneByOne(testApp: TestApp, offeringId: bigint) {
  const { ledger, trading } = testApp.app.services;
  const now = testApp.clock.now();
  await testApp.database.db.transaction(async (tx) => {
    const offering = (await repository.findOffering(tx, offeringId))!;
    const subscriptions = await repository.subscriptionsOf(tx, offeringId);
    const outcome = runDraw(
      offering.seed,
      Number(offering.sharesOffered / offering.lotSize),
      subscriptions.map((row) => ({ id: row.id.toString(), lots: Number(row.quantity / offering.lotSize) })),
    );
    for (const row of subscriptions) {
      const allocated = BigInt(outcome.lotsWon.get(row.id.toString()) ?? 0) * offering.lotSize;
      if (allocated === 0n) {
        await ledger.voidHold(tx, {
          idempotencyKey: `ipo-subscription:${row.id}:release`,
          holdId: row.holdId,
          source: { type: 'ipo', id: row.id.toString() },
          memo: `Not allocated in the draw of ${offering.symbol}: ${formatCash(row.frozenMinor)} ${offering.currency} released`,
        });
        await repository.setSubscriptionDrawn(tx, row.id, {
          allocatedQuantity: 0n,
          paidMinor: 0n,
          releasedMinor: row.frozenMinor,
          orderId: null,
          drawnAt: now,
        });
        continue;
      }
      const { order, paidMinor } = await trading.allot(tx, {
        userId: row.userId,
        subscriptionId: row.id,
        offeringId: offering.id,
        symbol: offering.symbol,
        quantityMinor: allocated,
        priceMinor: offering.issuePriceMinor,
        currency: offering.currency,
        fee: { basisPoints: offering.feeBasisPoints, minimumMinor: offering.feeMinimumMinor },
        holdId: row.holdId,
        frozenMinor: row.frozenMinor,
      });
      await repository.setSubscriptionDrawn(tx, row.id, {
        allocatedQuantity: allocated,
        paidMinor,
        releasedMinor: row.frozenMinor - paidMinor,
        orderId: order.id,
        drawnAt: now,
      });
    }
  });
}

/** What a draw wrote, without the ids and times that depend on the order of the writes. */
async function written(testApp: TestApp) {
  const db = testApp.database.db;
  const read = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    subscriptions: await read(sql`
      select s.id::text, s.user_id::text, s.allocated_quantity::text, s.paid_minor::text,
        s.released_minor::text, s.drawn_at is not null as drawn, o.quantity_minor::text as order_quantity,
        o.state as order_state, o.type as order_type, o.idempotency_key as order_key,
        o.hold_id::text as order_hold, o.reserved_minor::text as order_reserved
      from ipo_subscriptions s left join orders o on o.id = s.order_id order by s.id`),
    fills: await read(sql`
      select o.idempotency_key, f.quantity_minor::text, f.price_minor::text, f.price_basis, f.quote_source,
        f.fee_minor::text, f.tob_minor::text, f.total_pay_minor::text
      from fills f join orders o on o.id = f.order_id order by o.idempotency_key`),
    holdings: await read(sql`
      select user_id::text, symbol, state, quantity_minor::text, cost_minor::text
      from positions order by user_id, symbol`),
    lots: await read(sql`
      select p.user_id::text, o.idempotency_key, l.quantity_minor::text, l.remaining_minor::text,
        l.price_minor::text
      from position_lots l join positions p on p.id = l.position_id join fills f on f.id = l.fill_id
        join orders o on o.id = f.order_id order by o.idempotency_key`),
    balances: await read(sql`
      select owner_user_id::text, asset, kind, balance_minor::text from ledger_accounts
      order by owner_user_id nulls first, asset, kind`),
    holds: await read(sql`
      select id::text, state, posted_minor::text, released_minor::text from ledger_holds order by id`),
    entries: await read(sql`
      select e.idempotency_key, e.kind, e.memo, e.source_type, e.source_id, e.hold_id::text,
        k.operation, k.request_hash,
        (select json_agg(json_build_object('account', a.owner_user_id::text || '/' || a.asset || '/' || a.kind,
          'amount', p.amount_minor::text) order by a.owner_user_id, a.asset, a.kind, p.amount_minor)
          from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.entry_id = e.id)::text
          as postings
      from ledger_entries e left join ledger_idempotency_keys k on k.key = e.idempotency_key
      where e.idempotency_key not like 'deposit:%' order by e.idempotency_key`),
  };
}

beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([batched?.close(), oneByOne?.close()]);
});

it('the batched draw writes exactly what the one-by-one draw wrote', async () => {
  const [batchedOffering, oneByOneOffering] = [await prepare(batched), await prepare(oneByOne)];
  expect(batchedOffering).toBe(oneByOneOffering);
  expect(await batched.app.services.offerings.drawDue()).toBe(1);
  await drawOneByOne(oneByOne, oneByOneOffering);

  const [after, expected] = [await written(batched), await written(oneByOne)];
  // The draw is oversubscribed: some subscriptions win, some lose, a user wins more than once.
  const allocated = after.subscriptions.map((row) => row.allocated_quantity);
  expect(allocated).toContain('0');
  expect(allocated.filter((quantity) => quantity !== '0').length).toBeGreaterThan(USERS / 2);
  expect(after.lots.length).toBeGreaterThan(after.holdings.length);
  expect(after.subscriptions).toEqual(expected.subscriptions);
  expect(after.fills).toEqual(expected.fills);
  expect(after.holdings).toEqual(expected.holdings);
  expect(after.lots).toEqual(expected.lots);
  expect(after.balances).toEqual(expected.balances);
  expect(after.holds).toEqual(expected.holds);
  // Each subscription's hold, then its allotment's fill or its release.
  expect(after.entries).toHaveLength(2 * after.subscriptions.length);
  expect(after.entries).toEqual(expected.entries);
  for (const testApp of [batched, oneByOne]) {
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  }
});
