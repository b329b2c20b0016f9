import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARGIN_RULES } from '@beurs/contract';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { marginLevelOf } from './margin-level.service';
import {
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  priceScenario,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// The margin level and margin calls (issue 16, item 4) through the API and the quote stream: the
// level is equity / maintenance requirement as /margin/summary computes it; a tick recomputes only
// the accounts holding that symbol; below the published call level the user is told once per call
// (one message with the amount needed, however many ticks and nodes), the call shown in the summary
// and closed when the level is back; above it, nothing. Prices move by a scenario injected into
// both nodes' market services (tests only).

let testApp: TestApp;
let second: TestApp;
let admin: StaffHeaders;
let scenario: ReturnType<typeof priceScenario>;

const FRIDAY_AFTERNOON = '2026-11-20T14:45:17Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  second = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
  admin = await adminLogin(testApp);
  scenario = priceScenario([testApp, second]);
});
afterAll(async () => {
  scenario.restore();
  await second.close();
  await testApp.close();
});

const minor = (text: string) => BigInt(text.replace('.', ''));
const summaryOf = async (user: MarginUser) => (await postData(testApp, '/margin/summary', {}, user)).data;

const callsOf = async (user: MarginUser) =>
  queryRows<{ state: string; needed: string; level: number }>(
    testApp.database.db,
    sql`select state, needed_minor::text as needed, level_basis_points as level from margin_calls
        where user_id = ${await userIdOf(testApp, user)} order by id`,
  );
const callMessages = async (user: MarginUser) =>
  queryRows<{ params: Record<string, string> }>(
    testApp.database.db,
    sql`select params from user_messages where kind = 'margin_call'
        and user_id = ${await userIdOf(testApp, user)} order by id`,
  );

/** Both nodes see the same ticks of these symbols, at once, several times. */
async function ticks(symbols: string[], times = 3) {
  for (let count = 0; count < times; count += 1) {
    await Promise.all([
      testApp.app.services.marginLevel.onQuotes(symbols),
      second.app.services.marginLevel.onQuotes(symbols),
    ]);
  }
}

describe('the margin level (pure)', () => {
  it('is equity / maintenance in basis points, compared exactly against the published levels', () => {
    expect(marginLevelOf(1_000n, 0n)).toEqual({
      levelBasisPoints: null,
      isBelowCall: false,
      isBelowLiquidation: false,
      isBelowMaintenance: false,
      neededMinor: 0n,
    });
    expect(marginLevelOf(1_500n, 1_000n)).toMatchObject({ levelBasisPoints: 15_000, isBelowCall: false });
    // 999.99 / 1,000.00: level 9,999 (rounded down), below the call level by one cent.
    expect(marginLevelOf(99_999n, 100_000n)).toEqual({
      levelBasisPoints: 9_999,
      isBelowCall: true,
      isBelowLiquidation: false,
      isBelowMaintenance: true,
      neededMinor: 1n,
    });
    expect(marginLevelOf(100_000n, 100_000n)).toMatchObject({ isBelowCall: false, neededMinor: 0n });
    expect(marginLevelOf(79_999n, 100_000n)).toMatchObject({
      isBelowLiquidation: true,
      neededMinor: 20_001n,
    });
    expect(marginLevelOf(-1n, 3n)).toMatchObject({ levelBasisPoints: -3_334, isBelowLiquidation: true });
  });
});

describe('margin calls on the quote stream', () => {
  let borrower: MarginUser;
  let other: MarginUser;
  let cashOnly: MarginUser;
  let held: string;
  let otherHeld: string;

  beforeAll(async () => {
    [borrower, other, cashOnly] = await Promise.all([
      fundedUser(testApp, admin, '5000.00'),
      fundedUser(testApp, admin, '5000.00'),
      fundedUser(testApp, admin, '5000.00'),
    ]);
    const symbols = await marginSymbols(testApp, borrower);
    held = symbols.largeCaps[0]!;
    otherHeld = symbols.largeCaps[1]!;
    for (const user of [borrower, other]) await openMargin(testApp, user);
    const bought = [
      await placeOrder(testApp, borrower, { symbol: held, side: 'buy', amount: '3000.00', leverage: '2.00' }),
      await placeOrder(testApp, other, {
        symbol: otherHeld,
        side: 'buy',
        amount: '3000.00',
        leverage: '2.00',
      }),
      await placeOrder(testApp, cashOnly, { symbol: held, side: 'buy', amount: '3000.00' }),
    ];
    expect(bought.map((order) => order.data?.state)).toEqual(['filled', 'filled', 'filled']);
    await Promise.all([testApp.app.services.marginLevel.reload(), second.app.services.marginLevel.reload()]);
  });

  it('publishes the call and liquidation levels', async () => {
    const parameters = (await call(testApp.app, '/margin/parameters', {})).json().data;
    expect(parameters.levels).toEqual({
      callBasisPoints: MARGIN_RULES.callLevelBasisPoints,
      liquidationBasisPoints: MARGIN_RULES.liquidationLevelBasisPoints,
    });
    expect(MARGIN_RULES.liquidationLevelBasisPoints).toBeLessThan(MARGIN_RULES.callLevelBasisPoints);
  });

  it('a tick recomputes the accounts holding that symbol only, with the level the summary shows', async () => {
    const borrowerId = await userIdOf(testApp, borrower);
    const otherId = await userIdOf(testApp, other);
    expect(await testApp.app.services.marginLevel.onQuotes([held])).toEqual([borrowerId]);
    expect(await testApp.app.services.marginLevel.onQuotes([otherHeld])).toEqual([otherId]);
    expect(await testApp.app.services.marginLevel.onQuotes(['AAPL'])).toEqual([]);
    const summary = await summaryOf(borrower);
    const level = (minor(summary.equity) * 10_000n) / minor(summary.maintenanceRequirement);
    expect(summary.levelBasisPoints).toBe(Number(level));
    // 2× on a large cap: equity about half the holding, maintenance 30 % of it.
    expect(summary.levelBasisPoints).toBeGreaterThan(15_000);
    expect(testApp.app.services.marginLevel.latestLevel(borrowerId)).toBe(summary.levelBasisPoints);
    expect(summary).toMatchObject({ call: null, neededForCallLevel: '0.00' });
  });

  it('above the call level (a 10 % fall) makes no call', async () => {
    scenario.set(held, 90n);
    await ticks([held]);
    expect((await summaryOf(borrower)).levelBasisPoints).toBeGreaterThanOrEqual(
      MARGIN_RULES.callLevelBasisPoints,
    );
    expect(await callsOf(borrower)).toEqual([]);
    expect(await callMessages(borrower)).toEqual([]);
  });

  it('below the call level (a 30 % fall): one call and one message with the amount needed, on two nodes', async () => {
    scenario.set(held, 70n);
    await ticks([held], 4);
    const summary = await summaryOf(borrower);
    expect(summary.levelBasisPoints).toBeLessThan(MARGIN_RULES.callLevelBasisPoints);
    expect(summary.levelBasisPoints).toBeGreaterThanOrEqual(MARGIN_RULES.liquidationLevelBasisPoints);
    const calls = await callsOf(borrower);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.state).toBe('open');
    // The amount needed brings equity to the call level: equity + needed = maintenance × call level.
    const needed = minor(summary.neededForCallLevel);
    expect(needed).toBeGreaterThan(0n);
    expect(
      (minor(summary.equity) + needed) * 10_000n >=
        minor(summary.maintenanceRequirement) * BigInt(MARGIN_RULES.callLevelBasisPoints),
    ).toBe(true);
    expect(BigInt(calls[0]!.needed)).toBe(needed);
    expect(summary.call).toMatchObject({
      needed: summary.neededForCallLevel,
      levelBasisPoints: calls[0]!.level,
    });
    const messages = await callMessages(borrower);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.params).toMatchObject({ amount: summary.neededForCallLevel, currency: 'EUR' });
    // The user reads it in their language, with the amount needed.
    const inbox = (await call(testApp.app, '/user/notice', { language: 'en' }, borrower)).json().data;
    const told = JSON.stringify(inbox);
    expect(told).toContain('Margin call');
    // Nobody else was called: the other borrower's symbol did not move, the cash buyer owes nothing.
    expect(await callsOf(other)).toEqual([]);
    expect(await callsOf(cashOnly)).toEqual([]);
  });

  it('the call ends when the level is back; a new fall is a new call, told once again', async () => {
    scenario.clear(held);
    await ticks([held], 2);
    expect((await callsOf(borrower)).map((row) => row.state)).toEqual(['met']);
    expect((await summaryOf(borrower)).call).toBeNull();
    scenario.set(held, 70n);
    await ticks([held], 3);
    expect((await callsOf(borrower)).map((row) => row.state)).toEqual(['met', 'open']);
    expect(await callMessages(borrower)).toHaveLength(2);
    scenario.clear(held);
    await ticks([held], 1);
  });
});
