import { DomainError } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, move, userAccount } from './ledger-accounts';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';

// "Balances changed" is published by the ledger after commit: once per committed transaction, with
// exactly the users whose accounts its entries and holds touched; never for a rolled-back write,
// a refused one or a replayed key.

let fixture: LedgerFixture;
let heard: Array<bigint[]>;
beforeAll(async () => {
  fixture = await createLedgerFixture();
  heard = [];
  fixture.ledger.onBalancesChanged((userIds) => heard.push([...userIds].sort()));
});
afterAll(() => fixture.database.close());

const sorted = (...ids: bigint[]) => [...ids].sort();
/** Runs `work` and answers what the listener heard meanwhile. */
async function heardDuring(work: () => Promise<unknown>): Promise<Array<bigint[]>> {
  heard = [];
  await work();
  return heard;
}
const pay = (from: bigint, to: bigint, amountMinor: bigint, key = testKey('pay')) => ({
  idempotencyKey: key,
  kind: 'correction' as const,
  source: testSource(),
  memo: 'user to user',
  postings: move(userAccount(from, 'EUR'), userAccount(to, 'EUR'), amountMinor),
});

describe('balances changed, after commit', () => {
  it('a transfer of its own announces exactly the users it touched, once; its replay announces nothing', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const [alice, bob, carol] = [
      await createFundedUser(db, ledger, { EUR: 100_00n }),
      await createFundedUser(db, ledger, {}),
      await createFundedUser(db, ledger, { EUR: 5_00n }),
    ];
    const input = pay(alice, bob, 10_00n);
    expect(await heardDuring(() => ledger.transfer(db, input))).toEqual([sorted(alice, bob)]);
    // A house-only leg adds nobody: a deposit touches its one user.
    expect(
      await heardDuring(() =>
        ledger.transfer(db, {
          idempotencyKey: testKey('deposit'),
          kind: 'deposit',
          source: testSource('deposit'),
          memo: 'deposit',
          postings: move(houseAccount('bank_cash', 'EUR'), userAccount(carol, 'EUR'), 1_00n),
        }),
      ),
    ).toEqual([[carol]]);
    expect(await heardDuring(() => ledger.transfer(db, input))).toEqual([]);
  });

  it('inside a caller transaction: nothing until it commits, then once with every user of every call', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const alice = await createFundedUser(db, ledger, { EUR: 100_00n });
    const bob = await createFundedUser(db, ledger, {});
    const carol = await createFundedUser(db, ledger, { EUR: 50_00n });
    let heardBeforeCommit: Array<bigint[]> | null = null;
    const during = await heardDuring(() =>
      db.transaction(async (tx) => {
        await ledger.transfer(tx, pay(alice, bob, 10_00n));
        const { holdId } = await ledger.hold(tx, {
          idempotencyKey: testKey('hold'),
          userId: carol,
          asset: 'EUR',
          amountMinor: 20_00n,
          source: testSource(),
          memo: 'order',
        });
        await ledger.postHold(tx, {
          idempotencyKey: testKey('post'),
          holdId,
          kind: 'trade_fill',
          source: testSource(),
          memo: 'fill',
          destinations: [{ account: houseAccount('market_settlement', 'EUR'), amountMinor: 5_00n }],
        });
        heardBeforeCommit = [...heard];
      }),
    );
    expect(heardBeforeCommit).toEqual([]);
    expect(during).toEqual([sorted(alice, bob, carol)]);
  });

  it('a rolled-back caller transaction announces nothing', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const alice = await createFundedUser(db, ledger, { EUR: 100_00n });
    const bob = await createFundedUser(db, ledger, {});
    const during = await heardDuring(() =>
      db
        .transaction(async (tx) => {
          await ledger.transfer(tx, pay(alice, bob, 10_00n));
          await ledger.hold(tx, {
            idempotencyKey: testKey('hold'),
            userId: alice,
            asset: 'EUR',
            amountMinor: 20_00n,
            source: testSource(),
            memo: 'order',
          });
          throw new Error('the caller changes its mind');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.message !== 'the caller changes its mind') throw error;
        }),
    );
    expect(during).toEqual([]);
    expect((await ledger.getUserBalances(db, alice))[0]).toMatchObject({ available: 100_00n, frozen: 0n });
  });

  it('a rolled-back savepoint drops its users; the released part of the transaction still announces', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const alice = await createFundedUser(db, ledger, { EUR: 100_00n });
    const bob = await createFundedUser(db, ledger, {});
    const carol = await createFundedUser(db, ledger, { EUR: 30_00n });
    const dave = await createFundedUser(db, ledger, {});
    const during = await heardDuring(() =>
      db.transaction(async (tx) => {
        await ledger.transfer(tx, pay(alice, bob, 10_00n));
        await tx
          .transaction(async (savepoint) => {
            await ledger.transfer(savepoint, pay(carol, dave, 10_00n));
            throw new Error('undo this part');
          })
          .catch(() => undefined);
      }),
    );
    expect(during).toEqual([sorted(alice, bob)]);
    expect((await ledger.getUserBalances(db, dave))[0]).toMatchObject({ available: 0n });
  });

  it('refusals announce nothing; a hold, its post and its void each announce the owner', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const alice = await createFundedUser(db, ledger, { EUR: 10_00n });
    const bob = await createFundedUser(db, ledger, {});
    expect(
      await heardDuring(() =>
        ledger.transfer(db, pay(alice, bob, 11_00n)).catch((error: unknown) => {
          if (!(error instanceof DomainError) || error.code !== 'INSUFFICIENT_BALANCE') throw error;
        }),
      ),
    ).toEqual([]);
    const holdInput = {
      idempotencyKey: testKey('hold'),
      userId: alice,
      asset: 'EUR' as const,
      amountMinor: 8_00n,
      source: testSource(),
      memo: 'withdrawal',
    };
    let holdId = 0n;
    expect(
      await heardDuring(async () => {
        holdId = (await ledger.hold(db, holdInput)).holdId;
      }),
    ).toEqual([[alice]]);
    expect(await heardDuring(() => ledger.hold(db, holdInput))).toEqual([]);
    expect(
      await heardDuring(() =>
        ledger.postHold(db, {
          idempotencyKey: testKey('post'),
          holdId,
          kind: 'withdrawal',
          source: testSource(),
          memo: 'paid to bob',
          destinations: [{ account: userAccount(bob, 'EUR'), amountMinor: 3_00n }],
        }),
      ),
    ).toEqual([sorted(alice, bob)]);
    const voidInput = {
      idempotencyKey: testKey('void'),
      holdId,
      source: testSource(),
      memo: 'rest released',
    };
    expect(await heardDuring(() => ledger.voidHold(db, voidInput))).toEqual([[alice]]);
    expect(await heardDuring(() => ledger.voidHold(db, voidInput))).toEqual([]);
  });

  it('a listener that throws does not undo or fail the committed move, and the others still hear it', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const alice = await createFundedUser(db, ledger, { EUR: 10_00n });
    const bob = await createFundedUser(db, ledger, {});
    const stop = ledger.onBalancesChanged(() => {
      throw new Error('a broken listener');
    });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const during = await heardDuring(() => ledger.transfer(db, pay(alice, bob, 1_00n)));
      expect(during).toEqual([sorted(alice, bob)]);
    } finally {
      stop();
    }
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.map((warning) => warning.message)).toContain('a broken listener');
    expect((await ledger.getUserBalances(db, bob))[0]).toMatchObject({ available: 1_00n });
  });
});
