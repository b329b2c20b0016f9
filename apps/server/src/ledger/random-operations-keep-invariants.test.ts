import { DomainError, type Currency } from '@beurs/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { houseAccount, move, userAccount, type Posting } from './ledger-accounts';
import { createLedgerFixture, createUser, propertyOptions, type LedgerFixture } from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Any random sequence of deposits, transfers (with fees), withdrawals and holds keeps every
// invariant: the service agrees with a plain in-memory model on every refusal and every balance,
// and verifyLedger finds the chain intact, each currency at zero and no balance row astray.

const USER_COUNT = 3;
const currency = fc.constantFrom<Currency>('EUR', 'USD');
const amount = fc.bigInt({ min: 1n, max: 80_00n });
const user = fc.nat(USER_COUNT - 1);
const operation = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), user, currency, amount }),
  fc.record({ type: fc.constant('withdraw' as const), user, currency, amount }),
  fc.record({
    type: fc.constant('transfer' as const),
    from: user,
    to: user,
    currency,
    amount,
    fee: fc.bigInt({ min: 0n, max: 2_00n }),
  }),
  fc.record({ type: fc.constant('hold' as const), user, currency, amount }),
  fc.record({ type: fc.constant('post_hold' as const), pick: fc.nat(), amount, isFinal: fc.boolean() }),
  fc.record({ type: fc.constant('void_hold' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

type Model = {
  balances: Map<string, bigint>;
  holds: Array<{ id: bigint; user: number; currency: Currency; remaining: bigint }>;
};
const balanceKey = (user: number, currency: Currency, kind: 'available' | 'frozen') =>
  `${user}:${currency}:${kind}`;

/** Applies net changes to the model; false (and no change) when a balance would go negative. */
function applyToModel(model: Model, changes: Array<[string, bigint]>): boolean {
  const next = new Map(model.balances);
  for (const [key, delta] of changes) next.set(key, (next.get(key) ?? 0n) + delta);
  if ([...next.values()].some((balance) => balance < 0n)) return false;
  model.balances = next;
  return true;
}

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

it('keeps every invariant over random operation sequences', async () => {
  const { ledger, database } = fixture;
  const db = database.db;

  async function run(operations: Operation[]) {
    const users = await Promise.all(Array.from({ length: USER_COUNT }, () => createUser(db, ledger)));
    const model: Model = { balances: new Map(), holds: [] };
    const userId = (index: number) => users[index] as bigint;

    for (const operation of operations) {
      const { expected, attempt } = plan(operation, model, userId);
      if (!attempt) continue;
      const outcome = await attempt().then(
        (value) => ({ isRefused: false as const, value }),
        (error: unknown) => {
          if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE')
            return { isRefused: true as const };
          throw error;
        },
      );
      expect(
        outcome.isRefused,
        JSON.stringify(operation, (_, v) => (typeof v === 'bigint' ? `${v}` : v)),
      ).toBe(!expected(outcome.isRefused ? null : outcome.value));
    }

    for (const [index, id] of users.entries()) {
      const balances = await ledger.getUserBalances(db, id);
      for (const balance of balances) {
        expect(balance.available).toBe(
          model.balances.get(balanceKey(index, balance.currency, 'available')) ?? 0n,
        );
        expect(balance.frozen).toBe(model.balances.get(balanceKey(index, balance.currency, 'frozen')) ?? 0n);
      }
    }
    await ledger.seal(db);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toEqual([]);
    expect(verification.unsealedCount).toBe(0n);
  }

  /** What the service is asked to do, and the model's verdict (true = should succeed). */
  function plan(operation: Operation, model: Model, userId: (index: number) => bigint) {
    const transferOf = (kind: string, postings: Posting[]) => () =>
      ledger.transfer(db, { kind, memo: 'property test', postings });
    switch (operation.type) {
      case 'deposit': {
        const { user, currency, amount } = operation;
        const isOk = applyToModel(model, [[balanceKey(user, currency, 'available'), amount]]);
        const postings = move(
          houseAccount('bank_cash', currency),
          userAccount(userId(user), currency),
          amount,
        );
        return { expected: () => isOk, attempt: transferOf('deposit', postings) };
      }
      case 'withdraw': {
        const { user, currency, amount } = operation;
        const isOk = applyToModel(model, [[balanceKey(user, currency, 'available'), -amount]]);
        const postings = move(
          userAccount(userId(user), currency),
          houseAccount('bank_cash', currency),
          amount,
        );
        return { expected: () => isOk, attempt: transferOf('withdrawal', postings) };
      }
      case 'transfer': {
        const { from, to, currency, amount, fee } = operation;
        const isOk = applyToModel(model, [
          [balanceKey(from, currency, 'available'), -(amount + fee)],
          [balanceKey(to, currency, 'available'), amount],
        ]);
        const postings: Posting[] = [
          { account: userAccount(userId(from), currency), amountMinor: -(amount + fee) },
          { account: userAccount(userId(to), currency), amountMinor: amount },
        ];
        if (fee > 0n) postings.push({ account: houseAccount('fees', currency), amountMinor: fee });
        return { expected: () => isOk, attempt: transferOf('user_transfer', postings) };
      }
      case 'hold':
        return planHold(operation, model, userId);
      case 'post_hold':
      case 'void_hold':
        return planSettle(operation, model);
    }
  }

  function planHold(
    operation: Extract<Operation, { type: 'hold' }>,
    model: Model,
    userId: (index: number) => bigint,
  ) {
    const { user, currency, amount } = operation;
    const isOk = applyToModel(model, [
      [balanceKey(user, currency, 'available'), -amount],
      [balanceKey(user, currency, 'frozen'), amount],
    ]);
    return {
      expected: (result: unknown) => {
        if (isOk)
          model.holds.push({ id: (result as { holdId: bigint }).holdId, user, currency, remaining: amount });
        return isOk;
      },
      attempt: () =>
        ledger.hold(db, { userId: userId(user), currency, amountMinor: amount, memo: 'property hold' }),
    };
  }

  function planSettle(operation: Extract<Operation, { type: 'post_hold' | 'void_hold' }>, model: Model) {
    const open = model.holds.filter((hold) => hold.remaining > 0n);
    const hold = open[operation.pick % Math.max(open.length, 1)];
    if (!hold) return { expected: () => true, attempt: null };
    const posted = operation.type === 'post_hold' ? 1n + ((operation.amount - 1n) % hold.remaining) : 0n;
    const released = operation.type === 'void_hold' || operation.isFinal ? hold.remaining - posted : 0n;
    applyToModel(model, [
      [balanceKey(hold.user, hold.currency, 'frozen'), -(posted + released)],
      [balanceKey(hold.user, hold.currency, 'available'), released],
    ]);
    hold.remaining -= posted + released;
    const attempt =
      operation.type === 'void_hold'
        ? () => ledger.voidHold(db, { holdId: hold.id, memo: 'property void' })
        : () =>
            ledger.postHold(db, {
              holdId: hold.id,
              kind: 'order_fill',
              memo: 'property post',
              destinations: [
                { account: houseAccount('market_settlement', hold.currency), amountMinor: posted },
              ],
              isFinal: operation.isFinal,
            });
    return { expected: () => true, attempt };
  }

  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40 }), run),
    propertyOptions('random operations', 25),
  );
});
