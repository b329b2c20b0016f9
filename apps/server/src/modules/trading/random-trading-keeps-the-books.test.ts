import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStatement } from '../../ledger/ledger-statement';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// Property: any random sequence of market and limit orders, cancels, ticks of the clock (with the
// quote stream evaluated) and expiries keeps the books. After every step:
//   - each holding's quantity equals the user's ledger balance of that share (available + frozen),
//     and what pending sales reserve equals the frozen shares;
//   - what pending buys reserve equals the frozen cash;
//   - deposit = cash (available + frozen) + holdings at cost − realised P&L (EUR instruments, so
//     no currency conversion blurs the sum);
//   - nothing was sold that was not held (no negative balance), and the ledger verifies.
// fast-check prints the seed and the shrunk sequence of a failure; replay with { seed, path }.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

const SYMBOLS = ['KBC.BR', 'PROX.BR', 'IWDA.AS'] as const;
const DEPOSIT_MINOR = 3_000_00n;

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-18T09:30:00Z');
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const cents = (text: string) => BigInt(text.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));

type Step =
  | {
      kind: 'buy' | 'sell';
      symbol: (typeof SYMBOLS)[number];
      quantity: number;
      limitOffsetPercent: number | null;
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'tick'; minutes: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('buy' as const, 'sell' as const),
    symbol: fc.constantFrom(...SYMBOLS),
    quantity: fc.integer({ min: 1, max: 8 }),
    limitOffsetPercent: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('tick' as const), minutes: fc.integer({ min: 1, max: 240 }) }),
);

async function run(user: User, step: Step, pendingIds: string[]) {
  if (step.kind === 'tick') {
    testApp.clock.set(new Date(testApp.clock.now().getTime() + step.minutes * 60_000));
    await testApp.app.services.trading.onQuotes([...SYMBOLS]);
    await testApp.app.jobs.runDue();
    return;
  }
  if (step.kind === 'cancel') {
    const id = pendingIds[step.pick % Math.max(1, pendingIds.length)];
    if (id) await post('/trade/cancel', { id }, user);
    return;
  }
  const ticket: Record<string, unknown> = {
    symbol: step.symbol,
    side: step.kind,
    quantity: String(step.quantity),
  };
  if (step.limitOffsetPercent !== null) {
    const quote = (await post('/market/quote', { symbol: step.symbol }, user)).data;
    const [whole = '0', fraction = ''] = quote.latest.split('.');
    const last = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
    const limit = (last * BigInt(100 + step.limitOffsetPercent)) / 100n;
    Object.assign(ticket, {
      type: 'limit',
      limitPrice: `${limit / 10_000n}.${String(limit % 10_000n).padStart(4, '0')}`,
      timeInForce: 'gtc',
    });
  }
  const answer = (
    await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)
  ).json();
  if (answer.status === 1 && answer.data.state === 'pending') pendingIds.push(answer.data.id);
  // Refusals are part of the game (not enough cash or shares, the venue closed): they change nothing.
}

async function expectBooksKept(user: User) {
  const info = (await post('/user/getUserinfo', undefined, user)).data;
  const eur = info.balances.find((row: { currency: string }) => row.currency === 'EUR');
  const holdings = (await post('/trade/positions', { pageSize: 100 }, user)).data.items;
  const closed = (await post('/trade/positions', { state: 'closed', pageSize: 100 }, user)).data.items;
  const pending = (await post('/trade/orders', { tab: 'pending', pageSize: 100 }, user)).data.items;
  const statement = await userStatement(testApp.database.db, user.account);
  const ledgerBalances = await testApp.app.services.ledger.getUserBalances(
    testApp.database.db,
    statement!.userId,
  );
  const shares = ledgerBalances.filter((balance) => balance.asset.startsWith('sec:'));
  // Every share the ledger holds for the user is a holding, and the other way round.
  expect(shares.map((balance) => balance.asset.slice(4)).sort()).toEqual(
    holdings.map((position: { symbol: string }) => position.symbol).sort(),
  );
  for (const position of holdings) {
    const balance = shares.find((row) => row.asset === `sec:${position.symbol}`);
    expect(BigInt(position.quantity)).toBe((balance?.available ?? 0n) + (balance?.frozen ?? 0n));
    expect(balance?.available ?? 0n).toBeGreaterThanOrEqual(0n);
  }
  const reservedCash = pending
    .filter((order: { side: string }) => order.side === 'buy')
    .reduce((sum: bigint, order: { reserved: string }) => sum + cents(order.reserved), 0n);
  expect(cents(eur.frozen)).toBe(reservedCash);
  let atCost = 0n;
  let realised = 0n;
  for (const position of holdings) {
    atCost += cents(position.costBasis);
    realised += cents(position.realisedPnl);
    const reservedShares = pending
      .filter(
        (order: { side: string; symbol: string }) =>
          order.side === 'sell' && order.symbol === position.symbol,
      )
      .reduce((sum: bigint, order: { reserved: string }) => sum + BigInt(order.reserved), 0n);
    expect(BigInt(position.quantity)).toBe(BigInt(position.availableQuantity) + reservedShares);
  }
  for (const position of closed) realised += cents(position.realisedPnl);
  expect(cents(eur.available) + cents(eur.frozen) + atCost - realised).toBe(DEPOSIT_MINOR);
  const report = await verifyLedger(testApp.database.db);
  expect(report.breaches).toEqual([]);
}

describe('random trading', () => {
  it('keeps cash, reserves and positions at cost reconciled with the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 14 }), async (steps) => {
        testApp.clock.set('2026-11-18T09:30:00Z');
        const user = await fundedUser(testApp, admin, '3000.00');
        const pendingIds: string[] = [];
        for (const step of steps) {
          await run(user, step, pendingIds);
          await expectBooksKept(user);
        }
      }),
      { numRuns: 6, verbose: true },
    );
  }, 600_000);
});
