import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount } from '../ledger/ledger-accounts';
import { createFundedUser, testKey, testSource } from '../ledger/ledger-test-support';
import { verifyLedger } from '../ledger/ledger-verify';
import { queryRows } from '../ledger/ledger.repository';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app';
import { isPostgres } from '../../test/helpers/test-database';
import { LEDGER_HOLD_EXPIRY_PERIOD_MS } from './ledger-hold-expiry.job';

// `ledger.release-expired-holds`: a pending hold past its `expires_at` is released (what remains
// of it, frozen → available) by a void entry with the hold's source, once: a hold not yet due and a
// hold without expiry stay as they are, a second run releases nothing again, and two nodes racing
// over the same holds release each once (on PostgreSQL truly at the same time).

let testApp: TestApp;
let second: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  second = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
});
afterAll(async () => {
  await second.close();
  await testApp.close();
});

const minutes = (count: number) => count * 60_000;

async function holdOf(holdId: bigint) {
  const rows = await queryRows<{ state: string; posted: string; released: string; is_closed: boolean }>(
    testApp.database.db,
    sql`select state, posted_minor::text as posted, released_minor::text as released,
        closed_at is not null as is_closed
      from ledger_holds where id = ${holdId.toString()}::bigint`,
  );
  return rows[0];
}

/** The entries that released the hold (voids), with their sources. */
async function releasesOf(holdId: bigint) {
  return queryRows<{ kind: string; source_type: string; source_id: string; memo: string }>(
    testApp.database.db,
    sql`select kind, source_type, source_id, memo from ledger_entries
      where hold_id = ${holdId.toString()}::bigint and kind = 'hold_release' order by id`,
  );
}

async function holdFor(userId: bigint, amountMinor: bigint, expiresAt: Date | undefined, id: string) {
  const { holdId } = await testApp.app.services.ledger.hold(testApp.database.db, {
    idempotencyKey: testKey('hold'),
    userId,
    asset: 'EUR',
    amountMinor,
    source: testSource('withdrawal', id),
    memo: `hold ${id}`,
    ...(expiresAt ? { expiresAt } : {}),
  });
  return holdId;
}

describe('ledger.release-expired-holds', () => {
  it('releases what remains of a hold past its expiry, once; a hold not yet due or without expiry stays', async () => {
    const { ledger } = testApp.app.services;
    const db = testApp.database.db;
    const start = testApp.clock.now();
    await testApp.app.jobs.runDue(); // the first run of a periodic job is queued one period ahead
    const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
    const due = await holdFor(userId, 30_00n, new Date(start.getTime() + 30_000), 'due');
    const partlyPosted = await holdFor(userId, 10_00n, new Date(start.getTime() + 40_000), 'partly');
    await ledger.postHold(db, {
      idempotencyKey: testKey('post'),
      holdId: partlyPosted,
      kind: 'withdrawal',
      source: testSource('withdrawal', 'partly'),
      memo: 'paid out in part',
      destinations: [{ account: houseAccount('bank_cash', 'EUR'), amountMinor: 4_00n }],
    });
    const later = await holdFor(userId, 20_00n, new Date(start.getTime() + minutes(60)), 'later');
    const never = await holdFor(userId, 5_00n, undefined, 'never');
    const eur = async () => (await ledger.getUserBalances(db, userId))[0];
    expect(await eur()).toMatchObject({ available: 35_00n, frozen: 61_00n });
    const heard: bigint[][] = [];
    const stop = ledger.onBalancesChanged((userIds) => heard.push([...userIds]));

    testApp.clock.set(new Date(start.getTime() + LEDGER_HOLD_EXPIRY_PERIOD_MS));
    expect(await testApp.app.jobs.runDue()).toBeGreaterThan(0);
    stop();
    expect(await eur()).toMatchObject({ available: 71_00n, frozen: 25_00n });
    expect(await holdOf(due)).toEqual({ state: 'voided', posted: '0', released: '3000', is_closed: true });
    // Closed by a void, like a manual void of a hold paid out in part.
    expect(await holdOf(partlyPosted)).toEqual({
      state: 'voided',
      posted: '400',
      released: '600',
      is_closed: true,
    });
    expect(await holdOf(later)).toMatchObject({ state: 'pending', released: '0', is_closed: false });
    expect(await holdOf(never)).toMatchObject({ state: 'pending', released: '0', is_closed: false });
    const [release, ...more] = await releasesOf(due);
    expect(more).toEqual([]);
    expect(release).toMatchObject({ kind: 'hold_release', source_type: 'withdrawal', source_id: 'due' });
    expect(release?.memo).toContain('Expired');
    expect(heard).toEqual([[userId], [userId]]);

    // Further runs release nothing twice; the hold due in an hour goes when its hour has come.
    testApp.clock.set(new Date(start.getTime() + 2 * LEDGER_HOLD_EXPIRY_PERIOD_MS));
    await testApp.app.jobs.runDue();
    expect(await ledger.releaseExpiredHolds(db, testApp.clock.now())).toBe(0);
    expect(await releasesOf(due)).toHaveLength(1);
    expect(await releasesOf(partlyPosted)).toHaveLength(1);
    expect(await eur()).toMatchObject({ available: 71_00n, frozen: 25_00n });

    testApp.clock.set(new Date(start.getTime() + minutes(61)));
    await testApp.app.jobs.runDue();
    expect(await holdOf(later)).toMatchObject({ state: 'voided', released: '2000' });
    expect(await holdOf(never)).toMatchObject({ state: 'pending' });
    expect(await eur()).toMatchObject({ available: 91_00n, frozen: 5_00n });

    const report = await verifyLedger(db);
    expect(report.breaches).toEqual([]);
  });

  it(`two nodes racing over the same expired holds release each once${isPostgres ? '' : ' (PGlite: interleaved)'}`, async () => {
    const db = testApp.database.db;
    const ledgers = [testApp.app.services.ledger, second.app.services.ledger];
    const start = testApp.clock.now();
    const users = await Promise.all(
      [0, 1, 2, 3].map(() => createFundedUser(db, ledgers[0]!, { EUR: 50_00n })),
    );
    const holds: bigint[] = [];
    for (const [index, userId] of users.entries()) {
      for (const part of [0, 1, 2]) {
        holds.push(await holdFor(userId, 10_00n, new Date(start.getTime() + 1_000), `race-${index}-${part}`));
      }
    }
    testApp.clock.set(new Date(start.getTime() + 2_000));
    const now = testApp.clock.now();
    // Small batches, so each node reads several and both walk over the same holds.
    const released = await Promise.all(
      [...ledgers, ...ledgers].map((ledger) => ledger.releaseExpiredHolds(db, now, { batchSize: 2 })),
    );
    expect(released.reduce((sum, count) => sum + count, 0)).toBe(holds.length);
    for (const holdId of holds) {
      expect(await releasesOf(holdId)).toHaveLength(1);
      expect(await holdOf(holdId)).toMatchObject({ state: 'voided', released: '1000' });
    }
    for (const userId of users) {
      expect((await ledgers[0]!.getUserBalances(db, userId))[0]).toMatchObject({
        available: 50_00n,
        frozen: 0n,
      });
    }
    const report = await verifyLedger(db);
    expect(report.breaches).toEqual([]);
  });
});
