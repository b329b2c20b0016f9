import { drawTicket, formatCash, runDraw } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, deposit } from '../../ledger/ledger-test-support';
import { verifyLedger } from '../../ledger/ledger-verify';
import {
  allotmentWrites,
  expectSameAllotments,
  subscriptionsWithOrders,
} from '../trading/allotment-test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import * as repository from './offerings.repository';
import { platformDrawTicket } from './offerings.service';
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
let interrupted: TestApp;
let tampered: TestApp;

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
          settledAt: now,
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
        settledAt: now,
      });
    }
  });
}

/** What a draw wrote, without the ids and times that depend on the order of the writes. */
async function written(testApp: TestApp) {
  const db = testApp.database.db;
  return {
    subscriptions: await subscriptionsWithOrders(db, 'ipo_subscriptions', 'settled_at'),
    ...(await allotmentWrites(db)),
  };
}

beforeAll(async () => {
  [batched, oneByOne, interrupted, tampered] = await Promise.all([
    buildTestApp(),
    buildTestApp(),
    buildTestApp(),
    buildTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([batched?.close(), oneByOne?.close(), interrupted?.close(), tampered?.close()]);
});

it('the batched draw writes exactly what the one-by-one draw wrote', async () => {
  const [batchedOffering, oneByOneOffering] = [await prepare(batched), await prepare(oneByOne)];
  expect(batchedOffering).toBe(oneByOneOffering);
  expect(await batched.app.services.offerings.drawDue()).toBe(1);
  await drawOneByOne(oneByOne, oneByOneOffering);

  const [after, expected] = [await written(batched), await written(oneByOne)];
  // The draw is oversubscribed: some subscriptions win, some lose, a user wins more than once; every
  // table written the same, each subscription's hold then its allotment's fill or its release.
  expectSameAllotments(after, expected, USERS);
  for (const testApp of [batched, oneByOne]) {
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  }
});

it('a settlement stopped between batches keeps the draw, leaves the rest frozen, and the next run writes the same', async () => {
  // Runs after the test above: `oneByOne` holds the one-by-one draw to compare with.
  const offeringId = await prepare(interrupted);
  const { offerings } = interrupted.app.services;
  const db = interrupted.database.db;
  expect(await offerings.drawPending()).toBe(1);

  // The draw alone: every allocation and the seed are public, nothing is paid or released yet.
  const drawn = await subscriptionsWithOrders(db, 'ipo_subscriptions', 'settled_at');
  expect(drawn.every((row) => row.allocated_quantity !== null && row.settled === false)).toBe(true);
  expect(drawn.every((row) => row.paid_minor === null && row.order_quantity === null)).toBe(true);
  const heldBefore = await activeHoldsOf(interrupted, offeringId);
  expect(heldBefore).toHaveLength(drawn.length);
  expect((await verifyLedger(db)).breaches).toEqual([]);

  // The second batch of four fails on its last statement (as a crash before its commit would).
  const failOn = BigInt(drawn[5]!.id as string);
  await db.execute(
    sql.raw(`
    create function fail_settlement() returns trigger language plpgsql as $$
    begin
      if new.id = ${failOn} and new.settled_at is not null then raise exception 'settlement stopped'; end if;
      return new;
    end $$`),
  );
  await db.execute(
    sql`create trigger fail_settlement before update on ipo_subscriptions for each row execute function fail_settlement()`,
  );
  await expect(offerings.settleDrawn({ batchSize: 4 })).rejects.toThrow();
  const partly = await subscriptionsWithOrders(db, 'ipo_subscriptions', 'settled_at');
  expect(partly.map((row) => row.settled)).toEqual(drawn.map((_, index) => index < 4));
  // What is not settled is still frozen, whole, and has no order; the ledger verifies.
  expect(partly.slice(4).every((row) => row.paid_minor === null && row.order_quantity === null)).toBe(true);
  expect(await activeHoldsOf(interrupted, offeringId)).toEqual(heldBefore.slice(4));
  expect((await verifyLedger(db)).breaches).toEqual([]);

  // The next run of the job draws nothing again and settles the rest.
  await db.execute(sql`drop trigger fail_settlement on ipo_subscriptions`);
  expect(await offerings.drawDue()).toBe(0);
  expect(await activeHoldsOf(interrupted, offeringId)).toEqual([]);
  // The same writes as the one-by-one draw, but for the allotment orders' ids: the rolled-back batch
  // used some of the sequence's numbers. Ids in entries are replaced by the orders' own keys, and the
  // request hashes (of the order id) left out.
  const [after, expected] = [await written(interrupted), await written(oneByOne)];
  expectSameAllotments(
    { ...after, entries: await byOrderKey(interrupted, after.entries) },
    { ...expected, entries: await byOrderKey(oneByOne, expected.entries) },
    USERS,
  );
  expect((await verifyLedger(db)).breaches).toEqual([]);
  const [offering] = (
    (await db.execute(sql`select settled_at is not null as settled from ipo_offerings`)) as unknown as {
      rows: { settled: boolean }[];
    }
  ).rows;
  expect(offering!.settled).toBe(true);
});

it('the server computes the same tickets as the app', () => {
  for (const id of ['1', '42', '100000', '9007199254740993']) {
    expect(platformDrawTicket(SEED, id)).toBe(drawTicket(SEED, id));
  }
});

it('an allocation changed as the draw writes it is caught: nothing is drawn, nothing published', async () => {
  // An operator's trigger gives one losing subscription a lot as the draw writes the allocations.
  const offeringId = await prepare(tampered);
  const db = tampered.database.db;
  await db.execute(
    sql.raw(`
    create function bend_draw() returns trigger language plpgsql as $$
    begin
      if new.allocated_quantity = 0 then new.allocated_quantity := ${LOT}; end if;
      return new;
    end $$`),
  );
  await db.execute(
    sql`create trigger bend_draw before update on ipo_subscriptions for each row execute function bend_draw()`,
  );
  await expect(tampered.app.services.offerings.drawPending()).rejects.toThrow(/the published rule wrote/);
  const [offering] = (
    (await db.execute(
      sql`select drawn_at, full_rounds from ipo_offerings where id = ${offeringId.toString()}::bigint`,
    )) as unknown as { rows: { drawn_at: unknown; full_rounds: unknown }[] }
  ).rows;
  expect(offering).toEqual({ drawn_at: null, full_rounds: null });
  const drawnRows = (await subscriptionsWithOrders(db, 'ipo_subscriptions', 'settled_at')).filter(
    (row) => row.allocated_quantity !== null,
  );
  expect(drawnRows).toEqual([]);
  const detail = await tampered.app.services.offerings.presentOffering(
    (await repository.findOffering(db, offeringId))!,
    tampered.clock.now(),
  );
  expect(detail.draw.seed).toBeNull();
});

/** The subscriptions' holds still pending (what they freeze), in subscription order. */
async function activeHoldsOf(testApp: TestApp, offeringId: bigint) {
  const result = await testApp.database.db.execute(sql`
    select s.id::text, h.amount_minor::text from ipo_subscriptions s join ledger_holds h on h.id = s.hold_id
    where s.offering_id = ${offeringId.toString()}::bigint and h.state = 'pending' order by s.id`);
  return (result as unknown as { rows: { id: string; amount_minor: string }[] }).rows;
}

/** Ledger entries with the order ids in their keys and sources replaced by the orders' own keys. */
async function byOrderKey(testApp: TestApp, entries: Record<string, unknown>[]) {
  const result = await testApp.database.db.execute(sql`select id::text, idempotency_key from orders`);
  const keys = new Map(
    (result as unknown as { rows: { id: string; idempotency_key: string }[] }).rows.map((row) => [
      row.id,
      row.idempotency_key,
    ]),
  );
  return entries
    .map(({ request_hash: _hash, ...entry }) =>
      entry.source_type === 'order'
        ? {
            ...entry,
            idempotency_key: `order:${keys.get(entry.source_id as string)}:fill`,
            source_id: keys.get(entry.source_id as string),
          }
        : entry,
    )
    .sort((a, b) => String(a.idempotency_key).localeCompare(String(b.idempotency_key)));
}
