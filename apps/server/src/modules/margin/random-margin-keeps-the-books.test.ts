import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  type MarginUser,
} from './margin-test-support';

// Property: any random sequence of buys on margin (1.00× to the cap), sales, moves of the clock
// (the simulator's prices move with it), days of interest and capital transfers keeps the books.
// After every step, for the user (EUR instruments only):
//   cash (available + frozen) + margin cash + holdings at cost − realised P&L − owed + interest = deposit,
// what is owed is never negative, the house loan_book holds exactly what the users owe (the loan is
// never a hidden negative balance: it is on the house's books and in the user's summary), and the
// ledger and every record check verify. fast-check prints the seed and the shrunk sequence.

let testApp: TestApp;
let admin: StaffHeaders;

const DEPOSIT_MINOR = 4_000_00n;
const START = '2026-11-18T09:30:00Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(START);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const cents = (text: string) => BigInt(text.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'));

type Step =
  | { kind: 'buy'; large: boolean; quantity: number; leverage: string }
  | { kind: 'sell'; large: boolean; quantity: number }
  | { kind: 'days'; days: number; minutes: number }
  | { kind: 'transfer'; toMargin: boolean; euros: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    large: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 30 }),
    leverage: fc.constantFrom('1.00', '1.25', '1.50', '1.66', '2.00'),
  }),
  fc.record({
    kind: fc.constant('sell' as const),
    large: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    kind: fc.constant('days' as const),
    days: fc.integer({ min: 0, max: 5 }),
    minutes: fc.integer({ min: 1, max: 30 }),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    toMargin: fc.boolean(),
    euros: fc.integer({ min: 1, max: 1500 }),
  }),
);

let symbols: { large: string; standard: string };
let interestAt = new Date(START);

async function run(user: MarginUser, step: Step) {
  if (step.kind === 'days') {
    // The clock moves minutes (prices move with it; sessions stay valid); the interest job runs
    // as on a day `days` later (it posts every whole day through that day's yesterday).
    testApp.clock.set(new Date(testApp.clock.now().getTime() + step.minutes * 60_000));
    const later = Math.max(interestAt.getTime(), testApp.clock.now().getTime()) + step.days * 86_400_000;
    interestAt = new Date(later);
    await testApp.app.services.margin.accrueInterest(interestAt);
    return;
  }
  if (step.kind === 'transfer') {
    await callWithKey(
      testApp,
      '/margin/transfer',
      { direction: step.toMargin ? 'to_margin' : 'to_cash', currency: 'EUR', amount: `${step.euros}.00` },
      user,
    );
    return;
  }
  const symbol = step.large ? symbols.large : symbols.standard;
  const ticket: Record<string, unknown> = { symbol, side: step.kind, quantity: String(step.quantity) };
  if (step.kind === 'buy') ticket.leverage = step.leverage;
  // Refusals are part of the game (above the cap, not enough cash or shares, the venue closed).
  await placeOrder(testApp, user, ticket);
}

async function expectBooksKept(users: readonly MarginUser[], user: MarginUser) {
  const info = (await postData(testApp, '/user/getUserinfo', undefined, user)).data;
  const eur = info.balances.find((row: { currency: string }) => row.currency === 'EUR');
  const holdings = (await postData(testApp, '/trade/positions', { pageSize: 100 }, user)).data.items;
  const closed = (await postData(testApp, '/trade/positions', { state: 'closed', pageSize: 100 }, user)).data
    .items;
  const summary = (await postData(testApp, '/margin/summary', {}, user)).data;
  const loan = summary.currencies.find((row: { currency: string }) => row.currency === 'EUR');
  let atCost = 0n;
  let realised = 0n;
  for (const position of holdings) {
    atCost += cents(position.costBasis);
    realised += cents(position.realisedPnl);
  }
  for (const position of closed) realised += cents(position.realisedPnl);
  const owed = cents(loan.owed);
  expect(owed).toBeGreaterThanOrEqual(0n);
  expect(
    cents(eur.available) +
      cents(eur.frozen) +
      cents(loan.marginCash) +
      atCost -
      realised -
      owed +
      cents(loan.interestToDate),
  ).toBe(DEPOSIT_MINOR);
  // The house's loan_book is exactly what the users owe.
  let owedByAll = 0n;
  for (const each of users) {
    const row = (await postData(testApp, '/margin/summary', {}, each)).data.currencies.find(
      (candidate: { currency: string }) => candidate.currency === 'EUR',
    );
    owedByAll += cents(row.owed);
  }
  const house = await testApp.app.services.ledger.getHouseBalances(testApp.database.db);
  const loanBook = house.find((row) => row.kind === 'loan_book' && row.asset === 'EUR')?.balanceMinor ?? 0n;
  expect(-loanBook).toBe(owedByAll);
  expect(await breaches(testApp)).toEqual([]);
}

describe('random margin trading', () => {
  it('keeps cash, margin cash, holdings, the loan and its interest reconciled with the ledger', async () => {
    const users: MarginUser[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 10 }), async (steps) => {
        testApp.clock.set(START);
        interestAt = new Date(START);
        const user = await fundedUser(testApp, admin, '4000.00');
        users.push(user);
        await openMargin(testApp, user);
        if (!symbols) {
          const { largeCaps, standard } = await marginSymbols(testApp, user);
          symbols = { large: largeCaps[0]!, standard: standard[0]! };
        }
        for (const step of steps) {
          await run(user, step);
          await expectBooksKept(users, user);
        }
      }),
      { numRuns: 5, verbose: true },
    );
  }, 600_000);
});
