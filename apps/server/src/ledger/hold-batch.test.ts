import { DomainError } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './ledger.repository';
import type { HoldInput } from './ledger.service';
import {
  createFundedUser,
  createLedgerFixture,
  testKey,
  testSource,
  type LedgerFixture,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Many holds in one statement (`holdMany`, order placement under load): each input is judged on
// its own, as `hold` judges it, and what one hold writes is what `hold` writes for it.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture({ poolSize: 20 });
});
afterAll(() => fixture.database.close());

const eurOf = async (userId: bigint) =>
  (await fixture.ledger.getUserBalances(fixture.database.db, userId)).find((b) => b.asset === 'EUR');

const holdInput = (userId: bigint, amountMinor: bigint, key = testKey('batch')): HoldInput => ({
  idempotencyKey: key,
  userId,
  asset: 'EUR',
  amountMinor,
  source: testSource('order', `${userId}`),
  memo: `batch hold of ${amountMinor}`,
});

/** The rows one hold wrote, without ids and times: to compare `holdMany` with `hold`. */
async function writtenShape(holdId: bigint) {
  const rows = await queryRows(
    fixture.database.db,
    sql`select h.state, h.amount_minor::text as amount, h.source_type, h.memo, e.kind, e.idempotency_key is not null as has_key,
        (select json_agg(json_build_array(a.kind, p.amount_minor::text) order by p.id)
          from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.entry_id = e.id) as postings,
        k.operation, k.entry_id = e.id as key_names_entry, k.hold_id = h.id as key_names_hold
      from ledger_holds h join ledger_entries e on e.hold_id = h.id
        join ledger_idempotency_keys k on k.key = e.idempotency_key
      where h.id = ${holdId.toString()}::bigint`,
  );
  return rows[0];
}

describe('holdMany', () => {
  it('holds each covered input and refuses the one its balance does not cover, alone', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const rich = await createFundedUser(db, ledger, { EUR: 100_00n });
    const poor = await createFundedUser(db, ledger, { EUR: 10_00n });
    const exact = await createFundedUser(db, ledger, { EUR: 25_00n });
    const results = await ledger.holdMany(db, [
      holdInput(rich, 60_00n),
      holdInput(poor, 10_01n),
      holdInput(exact, 25_00n),
    ]);
    expect(results[0]).toMatchObject({ isReplay: false });
    expect(results[1]).toBeInstanceOf(DomainError);
    expect((results[1] as DomainError).code).toBe('INSUFFICIENT_BALANCE');
    expect((results[1] as DomainError).params).toMatchObject({ currency: 'EUR', available: '10.00' });
    expect(results[2]).toMatchObject({ isReplay: false });
    expect(await eurOf(rich)).toEqual({ asset: 'EUR', available: 40_00n, frozen: 60_00n });
    expect(await eurOf(poor)).toEqual({ asset: 'EUR', available: 10_00n, frozen: 0n });
    expect(await eurOf(exact)).toEqual({ asset: 'EUR', available: 0n, frozen: 25_00n });
    const report = await verifyLedger(db);
    expect(report.breaches).toEqual([]);
  });

  it('writes for each hold exactly what hold writes', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const one = await createFundedUser(db, ledger, { EUR: 50_00n });
    const other = await createFundedUser(db, ledger, { EUR: 50_00n });
    const single = await ledger.hold(db, { ...holdInput(one, 12_34n), source: testSource('order', 'x') });
    const [batched] = await ledger.holdMany(db, [
      { ...holdInput(other, 12_34n), source: testSource('order', 'x') },
    ]);
    if (!batched || batched instanceof Error) throw new Error('the batched hold was refused');
    const singleShape = await writtenShape(single.holdId);
    const batchedShape = await writtenShape(batched.holdId);
    expect(singleShape).toBeDefined();
    expect(batchedShape).toEqual(singleShape);
    // The same key twice: the batch hands it to `hold`, which replays the first result.
    const key = testKey('replayed');
    const [first] = await ledger.holdMany(db, [holdInput(one, 1_00n, key)]);
    const [again] = await ledger.holdMany(db, [holdInput(one, 1_00n, key)]);
    expect(again).toEqual({ ...(first as object), isReplay: true });
    const [reused] = await ledger.holdMany(db, [holdInput(one, 2_00n, key)]);
    expect((reused as DomainError).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await eurOf(one)).toEqual({ asset: 'EUR', available: 36_66n, frozen: 13_34n });
  });

  it("writes the caller's rows alongside for the inputs held only, and nothing at all when they fail", async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    await db.execute(
      sql`create table if not exists hold_batch_alongside (ordinal int, hold_id bigint unique)`,
    );
    const rich = await createFundedUser(db, ledger, { EUR: 100_00n });
    const poor = await createFundedUser(db, ledger, { EUR: 10_00n });
    const results = await ledger.holdMany(db, [holdInput(rich, 60_00n), holdInput(poor, 10_01n)], {
      alongside: (held) =>
        sql`insert into hold_batch_alongside (ordinal, hold_id) select ordinal, hold_id from ${held}`,
    });
    expect(results[1]).toBeInstanceOf(DomainError);
    const written = await queryRows<{ ordinal: number; hold_id: string }>(
      db,
      sql`select ordinal, hold_id::text from hold_batch_alongside`,
    );
    expect(written).toEqual([{ ordinal: 0, hold_id: (results[0] as { holdId: bigint }).holdId.toString() }]);

    // The caller's insert fails (each held row twice, against a unique index): no hold, no entry,
    // no balance change, no key — for either input.
    const again = await createFundedUser(db, ledger, { EUR: 100_00n });
    const other = await createFundedUser(db, ledger, { EUR: 100_00n });
    const keys = [testKey('alongside'), testKey('alongside')];
    await expect(
      ledger.holdMany(db, [holdInput(again, 1_00n, keys[0]), holdInput(other, 2_00n, keys[1])], {
        alongside: (held) => sql`insert into hold_batch_alongside (ordinal, hold_id)
          select ordinal, hold_id from ${held} union all select ordinal, hold_id from ${held}`,
      }),
    ).rejects.toThrow();
    expect(await eurOf(again)).toEqual({ asset: 'EUR', available: 100_00n, frozen: 0n });
    expect(await eurOf(other)).toEqual({ asset: 'EUR', available: 100_00n, frozen: 0n });
    const left = await queryRows<{ holds: number; keys: number }>(
      db,
      sql`select (select count(*)::int from ledger_holds where owner_user_id in (${again.toString()}::bigint, ${other.toString()}::bigint)) as holds,
        (select count(*)::int from ledger_idempotency_keys where key in (${keys[0]}, ${keys[1]})) as keys`,
    );
    expect(left).toEqual([{ holds: 0, keys: 0 }]);
    // The same keys are free: the batch without the failing rows holds both.
    const retried = await ledger.holdMany(db, [
      holdInput(again, 1_00n, keys[0]),
      holdInput(other, 2_00n, keys[1]),
    ]);
    expect(retried.every((result) => !(result instanceof Error))).toBe(true);
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });

  it('refuses a batch that names one balance twice (they would be checked against one balance)', async () => {
    const { ledger, database } = fixture;
    const user = await createFundedUser(database.db, ledger, { EUR: 10_00n });
    await expect(
      ledger.holdMany(database.db, [holdInput(user, 6_00n), holdInput(user, 6_00n)]),
    ).rejects.toThrow('names one balance twice');
    expect(await eurOf(user)).toEqual({ asset: 'EUR', available: 10_00n, frozen: 0n });
  });

  it('tells the balances-changed listeners after commit, only about the users held', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const held = await createFundedUser(db, ledger, { EUR: 5_00n });
    const refused = await createFundedUser(db, ledger, { EUR: 1_00n });
    const told: bigint[][] = [];
    const stop = ledger.onBalancesChanged((userIds) => told.push([...userIds]));
    try {
      await db.transaction(async (tx) => {
        await ledger.holdMany(tx, [holdInput(held, 5_00n), holdInput(refused, 2_00n)]);
        expect(told).toEqual([]);
      });
    } finally {
      stop();
    }
    expect(told).toEqual([[held]]);
  });

  it('parallel batches over the same balances never reserve more than is available, and keep the rows equal to the postings', async () => {
    // 20 batches at once, each holding 1.00 from each of the same 6 users who have 15.00: on
    // PostgreSQL the batches wait for each other's row locks, and each balance row must end as
    // the sum of its postings (a lost balance update is a breach).
    const { ledger, database } = fixture;
    const db = database.db;
    const users = await Promise.all(
      Array.from({ length: 6 }, () => createFundedUser(db, ledger, { EUR: 15_00n })),
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.holdMany(
          db,
          users.map((userId) => holdInput(userId, 1_00n)),
        ),
      ),
    );
    for (const [index, userId] of users.entries()) {
      const answers = results.map((batch) => batch[index]);
      expect(answers.filter((answer) => !(answer instanceof Error))).toHaveLength(15);
      expect(
        answers.filter((answer) => answer instanceof DomainError && answer.code === 'INSUFFICIENT_BALANCE'),
      ).toHaveLength(5);
      expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 0n, frozen: 15_00n });
    }
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });
});
