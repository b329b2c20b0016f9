import { DomainError } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, userAccount } from './ledger-accounts';
import { queryRows } from './ledger.repository';
import { SettlementBatchRefused, type PostHoldInput } from './ledger.service';
import {
  createFundedUser,
  createLedgerFixture,
  testKey,
  testSource,
  type LedgerFixture,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Many hold settlements in one statement (`postHoldMany`, a tick's fills): each entry is what
// `postHold` writes for it, and the batch is all or nothing — a closed hold or a key used before
// refuses the whole batch and nothing of it is written.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture({ poolSize: 20 });
});
afterAll(() => fixture.database.close());

/** A user with `eur` cash and a pending hold of `heldMinor` of it. */
async function heldUser(eurMinor: bigint, heldMinor: bigint) {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { EUR: eurMinor });
  const { holdId } = await ledger.hold(database.db, {
    idempotencyKey: testKey('hold'),
    userId,
    asset: 'EUR',
    amountMinor: heldMinor,
    source: testSource('order', `${userId}`),
    memo: 'hold',
  });
  return { userId, holdId };
}

/** Posts `paidMinor` of the hold to the house fees account, releasing the rest. */
const payFee = (holdId: bigint, paidMinor: bigint, key = testKey('settle')): PostHoldInput => ({
  idempotencyKey: key,
  holdId,
  kind: 'trade_fill',
  source: testSource('order', `${holdId}`),
  memo: `paid ${paidMinor}`,
  destinations: [{ account: houseAccount('fees', 'EUR'), amountMinor: paidMinor }],
  isFinal: true,
});

/** The rows a settlement wrote, without ids and times: to compare `postHoldMany` with `postHold`. */
async function writtenShape(holdId: bigint) {
  const rows = await queryRows(
    fixture.database.db,
    sql`select h.state, h.posted_minor::text as posted, h.released_minor::text as released, h.closed_at is not null as closed,
        e.kind, e.memo,
        (select json_agg(json_build_array(a.kind, p.amount_minor::text) order by p.id)
          from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.entry_id = e.id) as postings,
        k.operation, k.entry_id = e.id as key_names_entry, k.hold_id = h.id as key_names_hold
      from ledger_holds h join ledger_entries e on e.hold_id = h.id and e.kind = 'trade_fill'
        join ledger_idempotency_keys k on k.key = e.idempotency_key
      where h.id = ${holdId.toString()}::bigint`,
  );
  return rows[0];
}

const balances = async (userId: bigint) =>
  (await fixture.ledger.getUserBalances(fixture.database.db, userId)).find((b) => b.asset === 'EUR');

describe('postHoldMany', () => {
  it('settles every hold as postHold settles one, in one transaction', async () => {
    const { ledger, database } = fixture;
    const one = await heldUser(100_00n, 50_00n);
    const single = await ledger.postHold(database.db, payFee(one.holdId, 30_00n));
    const users = await Promise.all([heldUser(100_00n, 50_00n), heldUser(80_00n, 80_00n)]);
    const answers = await database.db.transaction((tx) =>
      ledger.postHoldMany(tx, [payFee(users[0]!.holdId, 30_00n), payFee(users[1]!.holdId, 80_00n)]),
    );
    expect(answers).toHaveLength(2);
    expect(answers.every((answer) => !answer.isReplay)).toBe(true);
    expect(new Set([single.entryId, ...answers.map((answer) => answer.entryId)]).size).toBe(3);
    const expected = { ...(await writtenShape(one.holdId)), memo: 'paid 3000' };
    expect(await writtenShape(users[0]!.holdId)).toEqual(expected);
    expect(await writtenShape(users[1]!.holdId)).toMatchObject({
      state: 'posted',
      posted: '8000',
      released: '0',
      postings: [
        ['frozen', '-8000'],
        ['fees', '8000'],
      ],
    });
    expect(await balances(users[0]!.userId)).toMatchObject({ available: 70_00n, frozen: 0n });
    expect(await balances(users[1]!.userId)).toMatchObject({ available: 0n, frozen: 0n });
    expect((await verifyLedger(database.db)).breaches).toEqual([]);
  });

  it('refuses the whole batch when one hold is closed or one key was used, and writes nothing', async () => {
    const { ledger, database } = fixture;
    const open = await heldUser(100_00n, 40_00n);
    const closed = await heldUser(100_00n, 40_00n);
    const usedKey = testKey('used');
    await ledger.postHold(database.db, payFee(closed.holdId, 10_00n, usedKey));
    const other = await heldUser(100_00n, 40_00n);
    const entriesBefore = await queryRows(database.db, sql`select count(*)::int as n from ledger_entries`);

    await expect(
      database.db.transaction((tx) =>
        ledger.postHoldMany(tx, [payFee(open.holdId, 10_00n), payFee(closed.holdId, 10_00n)]),
      ),
    ).rejects.toThrow(DomainError);
    // The same key sent again in a batch (another hold): the statement sees the key and writes none.
    await expect(
      database.db.transaction((tx) =>
        ledger.postHoldMany(tx, [payFee(open.holdId, 10_00n), payFee(other.holdId, 10_00n, usedKey)]),
      ),
    ).rejects.toThrow(SettlementBatchRefused);

    expect(await queryRows(database.db, sql`select count(*)::int as n from ledger_entries`)).toEqual(
      entriesBefore,
    );
    for (const user of [open, other]) {
      expect(await balances(user.userId)).toMatchObject({ available: 60_00n, frozen: 40_00n });
    }
    // Each then settles on its own.
    await ledger.postHold(database.db, payFee(open.holdId, 10_00n));
    expect(await balances(open.userId)).toMatchObject({ available: 90_00n, frozen: 0n });
    expect((await verifyLedger(database.db)).breaches).toEqual([]);
  });

  it('never posts more than a hold holds', async () => {
    const { ledger, database } = fixture;
    const user = await heldUser(100_00n, 20_00n);
    await expect(
      database.db.transaction((tx) => ledger.postHoldMany(tx, [payFee(user.holdId, 20_01n)])),
    ).rejects.toThrow(/exceeds what remains/);
    await expect(
      database.db.transaction((tx) =>
        ledger.postHoldMany(tx, [payFee(user.holdId, 10_00n), payFee(user.holdId, 10_00n)]),
      ),
    ).rejects.toThrow(/one hold twice/);
    expect(await balances(user.userId)).toMatchObject({ available: 80_00n, frozen: 20_00n });
  });

  it('moves other assets in the same entry (a buy fill: the shares)', async () => {
    const { ledger, database } = fixture;
    const user = await heldUser(100_00n, 50_00n);
    const shares = 'sec:KBC.BR' as const;
    await database.db.transaction((tx) =>
      ledger.postHoldMany(tx, [
        {
          ...payFee(user.holdId, 45_00n),
          otherPostings: [
            { account: houseAccount('inventory', shares), amountMinor: -3n },
            { account: userAccount(user.userId, shares), amountMinor: 3n },
          ],
        },
      ]),
    );
    const held = (await ledger.getUserBalances(database.db, user.userId)).find((b) => b.asset === shares);
    expect(held).toMatchObject({ available: 3n, frozen: 0n });
    expect(await balances(user.userId)).toMatchObject({ available: 55_00n, frozen: 0n });
    expect((await verifyLedger(database.db)).breaches).toEqual([]);
  });
});
