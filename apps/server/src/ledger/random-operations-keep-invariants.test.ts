import { DomainError, isCashAsset, type Asset, type EntryKind } from '@beurs/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { houseAccount, move, userAccount, type Posting } from './ledger-accounts';
import {
  createLedgerFixture,
  createUser,
  type LedgerFixture,
  propertyOptions,
  testKey,
  testSource,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Any random sequence of deposits, transfers (with fees), withdrawals, holds, buys and sells, in
// cash, shares and crypto, keeps every invariant: the service agrees with a plain in-memory model on
// every refusal and every balance, and verifyLedger finds the chain intact, each asset at zero,
// every share and crypto line equal to minus the house inventory, and no balance row astray.

const USER_COUNT = 3;
const SECURITIES = ['sec:ABI.BR', 'sec:AAPL'] as const;
const currency = fc.constantFrom<Asset>('EUR', 'USD', 'crypto:BTC', ...SECURITIES);
const cash = fc.constantFrom<Asset>('EUR', 'USD');
const security = fc.constantFrom<Asset>(...SECURITIES);
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
  fc.record({
    type: fc.constant('post_hold' as const),
    pick: fc.nat(),
    amount,
    isFinal: fc.boolean(),
    // A cash hold's post may deliver shares in the same entry (a buy fill).
    shares: fc.bigInt({ min: 0n, max: 20n }),
    security,
  }),
  fc.record({
    type: fc.constant('trade' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    user,
    cash,
    security,
    quantity: fc.bigInt({ min: 1n, max: 30n }),
    price: fc.bigInt({ min: 1n, max: 40_00n }),
  }),
  fc.record({ type: fc.constant('void_hold' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

type Model = {
  balances: Map<string, bigint>;
  holds: Array<{ id: bigint; user: number; currency: Asset; remaining: bigint }>;
};
const balanceKey = (user: number, currency: Asset, kind: 'available' | 'frozen') =>
  `${user}|${currency}|${kind}`;
/** Cash comes from and goes to the bank; shares and crypto from and to the house inventory. */
const outside = (asset: Asset) => houseAccount(isCashAsset(asset) ? 'bank_cash' : 'inventory', asset);

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
      const seen = new Set<Asset>();
      for (const balance of balances) {
        seen.add(balance.asset);
        expect(balance.available).toBe(
          model.balances.get(balanceKey(index, balance.asset, 'available')) ?? 0n,
        );
        expect(balance.frozen).toBe(model.balances.get(balanceKey(index, balance.asset, 'frozen')) ?? 0n);
      }
      // Every asset the model says the user holds is listed.
      for (const [key, value] of model.balances) {
        const [owner, asset] = key.split('|');
        if (Number(owner) === index && value !== 0n) expect(seen.has(asset as Asset), key).toBe(true);
      }
    }
    await ledger.seal(db);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toEqual([]);
    expect(verification.unsealedCount).toBe(0n);
  }

  /** What the service is asked to do, and the model's verdict (true = should succeed). */
  function plan(operation: Operation, model: Model, userId: (index: number) => bigint) {
    const transferOf = (kind: EntryKind, postings: Posting[]) => () =>
      ledger.transfer(db, {
        idempotencyKey: testKey('transfer'),
        source: testSource(),
        kind,
        memo: 'property test',
        postings,
      });
    switch (operation.type) {
      case 'deposit': {
        const { user, currency, amount } = operation;
        const isOk = applyToModel(model, [[balanceKey(user, currency, 'available'), amount]]);
        const postings = move(outside(currency), userAccount(userId(user), currency), amount);
        return { expected: () => isOk, attempt: transferOf('deposit', postings) };
      }
      case 'withdraw': {
        const { user, currency, amount } = operation;
        const isOk = applyToModel(model, [[balanceKey(user, currency, 'available'), -amount]]);
        const postings = move(userAccount(userId(user), currency), outside(currency), amount);
        return { expected: () => isOk, attempt: transferOf('withdrawal', postings) };
      }
      case 'transfer': {
        const { from, to, currency, amount } = operation;
        // Fees are cash: a share or crypto line only ever moves between users and the inventory.
        const fee = isCashAsset(currency) ? operation.fee : 0n;
        const isOk = applyToModel(model, [
          [balanceKey(from, currency, 'available'), -(amount + fee)],
          [balanceKey(to, currency, 'available'), amount],
        ]);
        const postings: Posting[] = [
          { account: userAccount(userId(from), currency), amountMinor: -(amount + fee) },
          { account: userAccount(userId(to), currency), amountMinor: amount },
        ];
        if (fee > 0n) postings.push({ account: houseAccount('fees', currency), amountMinor: fee });
        return { expected: () => isOk, attempt: transferOf('correction', postings) };
      }
      case 'trade': {
        // One entry across cash and shares: buy = cash → settlement, inventory → user; sell the reverse.
        const { side, user, cash, security, quantity, price } = operation;
        const cost = quantity * price;
        const sign = side === 'buy' ? 1n : -1n;
        const isOk = applyToModel(model, [
          [balanceKey(user, cash, 'available'), -sign * cost],
          [balanceKey(user, security, 'available'), sign * quantity],
        ]);
        const postings: Posting[] = [
          { account: userAccount(userId(user), cash), amountMinor: -sign * cost },
          { account: houseAccount('market_settlement', cash), amountMinor: sign * cost },
          { account: houseAccount('inventory', security), amountMinor: -sign * quantity },
          { account: userAccount(userId(user), security), amountMinor: sign * quantity },
        ];
        return { expected: () => isOk, attempt: transferOf('trade_fill', postings) };
      }
      case 'hold':
        return planHold(operation, model, userId);
      case 'post_hold':
      case 'void_hold':
        return planSettle(operation, model, userId);
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
        ledger.hold(db, {
          idempotencyKey: testKey('hold'),
          source: testSource(),
          userId: userId(user),
          asset: currency,
          amountMinor: amount,
          memo: 'property hold',
        }),
    };
  }

  function planSettle(
    operation: Extract<Operation, { type: 'post_hold' | 'void_hold' }>,
    model: Model,
    userId: (index: number) => bigint,
  ) {
    const open = model.holds.filter((hold) => hold.remaining > 0n);
    const hold = open[operation.pick % Math.max(open.length, 1)];
    if (!hold) return { expected: () => true, attempt: null };
    const posted = operation.type === 'post_hold' ? 1n + ((operation.amount - 1n) % hold.remaining) : 0n;
    const released = operation.type === 'void_hold' || operation.isFinal ? hold.remaining - posted : 0n;
    const shares =
      operation.type === 'post_hold' && isCashAsset(hold.currency) && operation.shares > 0n
        ? { asset: operation.security, quantity: operation.shares }
        : null;
    applyToModel(model, [
      [balanceKey(hold.user, hold.currency, 'frozen'), -(posted + released)],
      [balanceKey(hold.user, hold.currency, 'available'), released],
      ...(shares
        ? [[balanceKey(hold.user, shares.asset, 'available'), shares.quantity] as [string, bigint]]
        : []),
    ]);
    hold.remaining -= posted + released;
    const attempt =
      operation.type === 'void_hold'
        ? () =>
            ledger.voidHold(db, {
              idempotencyKey: testKey('voidHold'),
              source: testSource(),
              holdId: hold.id,
              memo: 'property void',
            })
        : () =>
            ledger.postHold(db, {
              idempotencyKey: testKey('postHold'),
              source: testSource(),
              holdId: hold.id,
              kind: 'trade_fill',
              memo: 'property post',
              // Cash goes to settlement; shares held for a sale go back to the house inventory.
              destinations: [
                {
                  account: houseAccount(
                    isCashAsset(hold.currency) ? 'market_settlement' : 'inventory',
                    hold.currency,
                  ),
                  amountMinor: posted,
                },
              ],
              otherPostings: shares
                ? [
                    { account: houseAccount('inventory', shares.asset), amountMinor: -shares.quantity },
                    { account: userAccount(userId(hold.user), shares.asset), amountMinor: shares.quantity },
                  ]
                : [],
              isFinal: operation.isFinal,
            });
    return { expected: () => true, attempt };
  }

  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40 }), run),
    propertyOptions('random operations', 25),
  );
});
