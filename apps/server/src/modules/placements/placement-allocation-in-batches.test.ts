import { allocatePlacement, formatCash } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, deposit } from '../../ledger/ledger-test-support';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyLedger } from '../../ledger/ledger-verify';
import {
  allotmentWrites,
  expectSameAllotments,
  subscriptionsWithOrders,
} from '../trading/allotment-test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import * as repository from './placements.repository';
import { placementSubscriptions } from './placements.tables';

// A placement's allocation settles its requests in batches, as the IPO draw does: the holds of
// requests without shares voided together (`ledger.voidHoldMany`), the allotment orders inserted and
// filled together (`trading.allotMany`). Two fresh databases get the same users, placement and
// requests; one is allocated by `allocateDue` (batched), the other one request at a time through
// `trading.allot` and `ledger.voidHold`, as the allocation was written before. Both must write the
// same allocations, orders, holdings, lots, balances and ledger movements, and both ledgers verify.

const USERS = 8;
/** Lots each user asks for, one request each: several users ask more than once. */
const REQUESTS = [[1], [2, 1], [3], [1, 1, 1], [2], [4, 2], [1], [5]] as const;
const LOT = 10n;
const LOTS_OFFERED = 9n; // 24 lots asked for 9: pro-rata, some requests get none

let batched: TestApp;
let oneByOne: TestApp;

async function prepare(testApp: TestApp) {
  const { ledger, placements, trading } = testApp.app.services;
  const db = testApp.database.db;
  testApp.clock.set('2026-11-20T10:00:00Z');
  const users: bigint[] = [];
  for (let index = 0; index < USERS; index += 1) {
    const userId = await createUser(db, ledger);
    await deposit(db, ledger, userId, 'EUR', 10_000_00n);
    users.push(userId);
  }
  const placement = await placements.create(
    { simulatorRound: 1 },
    {
      symbol: 'KBC.BR',
      name: 'KBC Group block',
      price: 12_3450n, // 12.3450 EUR: the fee rounds differently per quantity
      blockQuantity: (LOTS_OFFERED * LOT).toString(),
      lotSize: LOT.toString(),
      minimumQuantity: LOT.toString(),
      dailyLimit: (10n * LOT).toString(),
      feeBasisPoints: 25,
      feeMinimum: 3_00n,
      opensAt: '2026-11-21T09:00:00Z',
      closesAt: '2026-11-23T16:00:00Z',
      reason: 'batched allocation test',
    },
  );
  const placementId = BigInt(placement.id);
  testApp.clock.set('2026-11-22T10:00:00Z');
  const row = (await repository.findPlacement(db, placementId))!;
  for (const [index, requests] of REQUESTS.entries()) {
    for (const [round, lots] of requests.entries()) {
      const quantity = BigInt(lots) * LOT;
      const costs = trading.primaryCosts({
        quantityMinor: quantity,
        quantityScale: 0,
        priceMinor: row.priceMinor,
        currency: 'EUR',
        fee: { basisPoints: row.feeBasisPoints, minimumMinor: row.feeMinimumMinor },
      });
      const userId = users[index]!;
      const [inserted] = await db
        .insert(placementSubscriptions)
        .values({
          placementId,
          userId,
          day: '2026-11-22',
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
        idempotencyKey: `placement-subscription:${inserted!.id}:hold`,
        userId,
        asset: 'EUR',
        amountMinor: costs.totalPayMinor,
        source: { type: 'placement', id: inserted!.id.toString() },
        memo: 'requested',
      });
      await repository.setSubscriptionHold(db, inserted!.id, hold.holdId);
    }
  }
  testApp.clock.set('2026-11-23T16:00:01Z');
  return placementId;
}

/** The allocation as it was written before the batches: one request after another. */
async function allocateOneByOne(testApp: TestApp, placementId: bigint) {
  const { ledger, trading } = testApp.app.services;
  const now = testApp.clock.now();
  await testApp.database.db.transaction(async (tx) => {
    const placement = (await repository.claimDuePlacement(tx, now))!;
    expect(placement.id).toBe(placementId);
    const subscriptions = await repository.subscriptionsOf(tx, placementId);
    const outcome = allocatePlacement(
      Number(placement.blockQuantity / placement.lotSize),
      subscriptions.map((row) => ({ id: row.id.toString(), lots: Number(row.quantity / placement.lotSize) })),
    );
    let allocatedTotal = 0n;
    for (const row of subscriptions) {
      const allocated = BigInt(outcome.lotsAllocated.get(row.id.toString()) ?? 0) * placement.lotSize;
      if (allocated === 0n) {
        await ledger.voidHold(tx, {
          idempotencyKey: `placement-subscription:${row.id}:release`,
          holdId: row.holdId,
          source: { type: 'placement', id: row.id.toString() },
          memo: `Not allocated in the placement of ${placement.symbol}: ${formatCash(row.frozenMinor)} ${placement.currency} released`,
        });
        await repository.setSubscriptionSettled(tx, row.id, {
          allocatedQuantity: 0n,
          paidMinor: 0n,
          releasedMinor: row.frozenMinor,
          orderId: null,
          settledAt: now,
        });
        continue;
      }
      const { order, paidMinor } = await trading.allot(tx, {
        origin: 'placement',
        userId: row.userId,
        subscriptionId: row.id,
        offeringId: placement.id,
        symbol: placement.symbol,
        quantityMinor: allocated,
        priceMinor: placement.priceMinor,
        currency: placement.currency,
        fee: { basisPoints: placement.feeBasisPoints, minimumMinor: placement.feeMinimumMinor },
        holdId: row.holdId,
        frozenMinor: row.frozenMinor,
      });
      allocatedTotal += allocated;
      await repository.setSubscriptionSettled(tx, row.id, {
        allocatedQuantity: allocated,
        paidMinor,
        releasedMinor: row.frozenMinor - paidMinor,
        orderId: order.id,
        settledAt: now,
      });
    }
    await repository.setSettled(tx, placementId, {
      settledAt: now,
      closedEarlyAt: null,
      closeReason: null,
      quantityAllocated: allocatedTotal,
    });
  });
}

/** What an allocation wrote, without the ids and times that depend on the order of the writes. */
async function written(testApp: TestApp) {
  const db = testApp.database.db;
  return {
    placements: await queryRows<Record<string, unknown>>(
      db,
      sql`select id::text, quantity_allocated::text, settled_at is not null as settled from placements order by id`,
    ),
    subscriptions: await subscriptionsWithOrders(db, 'placement_subscriptions', 'settled_at'),
    ...(await allotmentWrites(db)),
  };
}

beforeAll(async () => {
  [batched, oneByOne] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(async () => {
  await Promise.all([batched?.close(), oneByOne?.close()]);
});

it('the batched allocation writes exactly what the one-by-one allocation wrote', async () => {
  const [batchedPlacement, oneByOnePlacement] = [await prepare(batched), await prepare(oneByOne)];
  expect(batchedPlacement).toBe(oneByOnePlacement);
  expect(await batched.app.services.placements.allocateDue()).toBe(1);
  await allocateOneByOne(oneByOne, oneByOnePlacement);

  const [after, expected] = [await written(batched), await written(oneByOne)];
  // Oversubscribed: some requests get shares, some none, a user gets shares more than once; every
  // table written the same, each request's hold then its allotment's fill or its release.
  expectSameAllotments(after, expected, USERS);
  expect(after.placements).toEqual(expected.placements);
  expect(after.placements[0]!.quantity_allocated).toBe((LOTS_OFFERED * LOT).toString());
  for (const testApp of [batched, oneByOne]) {
    const report = await verifyLedger(testApp.database.db);
    expect(report.breaches).toEqual([]);
  }
});
