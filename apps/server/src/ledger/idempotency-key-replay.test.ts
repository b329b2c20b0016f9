import { DomainError } from '@beurs/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { houseAccount, move, userAccount } from './ledger-accounts';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  propertyOptions,
  testKey,
  testSource,
} from './ledger-test-support';
import { isPostgres } from '../../test/helpers/test-database';
import { verifyLedger } from './ledger-verify';

// Same key and same request → the first result, money moved once; same key and another request
// → IDEMPOTENCY_KEY_REUSED. Holds too. On PostgreSQL, concurrent retries still move money once.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

it('returns the first result for a retried key and refuses the key with another body', async () => {
  const { ledger, database } = fixture;
  const db = database.db;
  const scenario = fc.record({
    amount: fc.bigInt({ min: 1n, max: 50_00n }),
    retries: fc.integer({ min: 1, max: 4 }),
  });
  await fc.assert(
    fc.asyncProperty(scenario, async ({ amount, retries }) => {
      const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
      const request = {
        idempotencyKey: `withdrawal-${userId}`,
        kind: 'withdrawal' as const,
        source: testSource('withdrawal', `${userId}`),
        memo: 'to own card',
        postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), amount),
      };
      const first = await ledger.transfer(db, request);
      expect(first.isReplay).toBe(false);
      for (let retry = 0; retry < retries; retry += 1) {
        // A copy with its keys in another order is the same request.
        const copy = {
          postings: request.postings,
          memo: request.memo,
          kind: request.kind,
          source: { id: request.source.id, type: request.source.type },
          idempotencyKey: request.idempotencyKey,
        };
        expect(await ledger.transfer(db, copy)).toEqual({ entryId: first.entryId, isReplay: true });
      }
      const [eur] = await ledger.getUserBalances(db, userId);
      expect(eur?.available).toBe(100_00n - amount);
      const other = {
        ...request,
        postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), amount + 1n),
      };
      const reused = await ledger.transfer(db, other).catch((error: unknown) => error);
      expect(reused).toBeInstanceOf(DomainError);
      expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const otherMemo = await ledger
        .transfer(db, {
          ...request,
          memo: 'changed',
        })
        .catch((error: unknown) => error);
      expect(otherMemo).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      const otherSource = await ledger
        .transfer(db, { ...request, source: { type: 'withdrawal', id: `${userId}-other` } })
        .catch((error: unknown) => error);
      expect(otherSource).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }),
    propertyOptions('idempotency replay', 20),
  );
});

it('replays a hold, and refuses the key for another operation', async () => {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { USD: 10_00n });
  const request = {
    idempotencyKey: `ipo-${userId}`,
    userId,
    asset: 'USD' as const,
    amountMinor: 4_00n,
    source: testSource('ipo'),
    memo: 'IPO',
  };
  const first = await ledger.hold(database.db, request);
  expect(await ledger.hold(database.db, request)).toEqual({ ...first, isReplay: true });
  expect((await ledger.getUserBalances(database.db, userId))[1]).toEqual({
    asset: 'USD',
    available: 6_00n,
    frozen: 4_00n,
  });
  await expect(
    ledger.voidHold(database.db, {
      source: request.source,
      idempotencyKey: request.idempotencyKey,
      holdId: first.holdId,
      memo: 'x',
    }),
  ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
});

it('replays a retried post and void of a hold instead of refusing them as already processed', async () => {
  const { ledger, database } = fixture;
  const db = database.db;
  const userId = await createFundedUser(db, ledger, { EUR: 10_00n });
  const { holdId } = await ledger.hold(db, {
    idempotencyKey: testKey('hold'),
    source: testSource(),
    userId,
    asset: 'EUR',
    amountMinor: 6_00n,
    memo: 'order',
  });
  const post = {
    idempotencyKey: `fill-${holdId}`,
    holdId,
    kind: 'trade_fill' as const,
    source: testSource('fill', `${holdId}`),
    memo: 'fill',
    destinations: [{ account: houseAccount('market_settlement', 'EUR'), amountMinor: 2_00n }],
  };
  const posted = await ledger.postHold(db, post);
  expect(await ledger.postHold(db, post)).toEqual({ entryId: posted.entryId, isReplay: true });
  const voidRequest = {
    idempotencyKey: `cancel-${holdId}`,
    holdId,
    source: testSource('order', `${holdId}`),
    memo: 'cancelled',
  };
  const voided = await ledger.voidHold(db, voidRequest);
  expect(await ledger.voidHold(db, voidRequest)).toEqual({ entryId: voided.entryId, isReplay: true });
  expect((await ledger.getUserBalances(db, userId))[0]).toEqual({
    asset: 'EUR',
    available: 8_00n,
    frozen: 0n,
  });
  await expect(ledger.voidHold(db, { ...voidRequest, idempotencyKey: 'another-key' })).rejects.toMatchObject({
    code: 'ALREADY_PROCESSED',
  });
});

it('inside a caller transaction: replays a key, and a refusal leaves the transaction usable', async () => {
  const { ledger, database } = fixture;
  const db = database.db;
  const userId = await createFundedUser(db, ledger, { EUR: 5_00n });
  const request = {
    idempotencyKey: `in-tx-${userId}`,
    kind: 'withdrawal' as const,
    source: testSource('withdrawal', `${userId}`),
    memo: 'inside a transaction',
    postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), 2_00n),
  };
  const first = await db.transaction((tx) => ledger.transfer(tx, request));
  const outcome = await db.transaction(async (tx) => {
    const replay = await ledger.transfer(tx, request);
    const refusal = await ledger
      .transfer(tx, {
        ...request,
        idempotencyKey: `in-tx-2-${userId}`,
        postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), 9_00n),
      })
      .catch((error: unknown) => error);
    const later = await ledger.transfer(tx, {
      ...request,
      idempotencyKey: `in-tx-3-${userId}`,
    });
    return { replay, refusal, later };
  });
  expect(outcome.replay).toEqual({ entryId: first.entryId, isReplay: true });
  expect(outcome.refusal).toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { available: '3.00' } });
  expect(outcome.later.isReplay).toBe(false);
  expect((await ledger.getUserBalances(db, userId))[0]?.available).toBe(1_00n);
});

it.skipIf(!isPostgres)('moves money once when the same key is sent concurrently', async () => {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { EUR: 10_00n });
  const request = {
    idempotencyKey: `concurrent-${userId}`,
    kind: 'withdrawal' as const,
    source: testSource('withdrawal', `${userId}`),
    memo: 'double click',
    postings: move(userAccount(userId, 'EUR'), houseAccount('bank_cash', 'EUR'), 3_00n),
  };
  const results = await Promise.all(Array.from({ length: 8 }, () => ledger.transfer(database.db, request)));
  expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
  expect(results.filter((result) => !result.isReplay)).toHaveLength(1);
  expect((await ledger.getUserBalances(database.db, userId))[0]?.available).toBe(7_00n);
  await ledger.seal(database.db);
  expect((await verifyLedger(database.db)).breaches).toEqual([]);
});
