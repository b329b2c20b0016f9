import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// A quote holds for EXCHANGE_QUOTE_HOLD_SECONDS (15 s by default): executed within it, exactly its
// rate and amounts; after it, once used, or by another user, refused with a catalogued code.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

const balances = async (user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances as Array<{
    currency: string;
    available: string;
  }>;

const marketRate = async () =>
  (await call(testApp.app, '/market/fxRate', { base: 'EUR', quote: 'USD' })).json().data.rate as string;

const quoteFor = async (user: User, amount: string) =>
  (await call(testApp.app, '/exChange/quote', { from: 'EUR', to: 'USD', amount }, user)).json().data as {
    quoteId: string;
    marketRate: string;
    appliedRate: string;
    received: string;
    expiresAt: string;
    holdSeconds: number;
  };

describe('held exchange quotes', () => {
  it('executes exactly the quoted rate and amount while the market moves within the hold', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const quote = await quoteFor(user, '1000.00');
    // Let the simulated market move, staying inside the 15 s hold.
    let seconds = 0;
    while ((await marketRate()) === quote.marketRate && seconds < 14) {
      testApp.clock.advance(1_000);
      seconds += 1;
    }
    const moved = await marketRate();
    expect(moved, `the market did not move within ${seconds} s`).not.toBe(quote.marketRate);

    const done = await callWithKey(testApp, '/exChange/submit', { quoteId: quote.quoteId }, user);
    expect(done.json().data).toMatchObject({
      amount: '1000.00',
      marketRate: quote.marketRate,
      appliedRate: quote.appliedRate,
      received: quote.received,
    });
    expect(await balances(user)).toMatchObject([
      { currency: 'EUR', available: '0.00' },
      { currency: 'USD', available: quote.received },
    ]);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('refuses an expired quote with EXCHANGE_QUOTE_EXPIRED and the hold in seconds; nothing moves', async () => {
    const user = await fundedUser(testApp, admin, '100.00');
    const quote = await quoteFor(user, '50.00');
    testApp.clock.advance(15_000);
    const late = await callWithKey(testApp, '/exChange/submit', { quoteId: quote.quoteId }, user);
    expect(late.json()).toMatchObject({ code: 'EXCHANGE_QUOTE_EXPIRED', params: { seconds: 15 } });
    expect(await balances(user)).toMatchObject([{ available: '100.00' }, { available: '0.00' }]);
  });

  it('executes a quote once: a second submission with another key is refused', async () => {
    const user = await fundedUser(testApp, admin, '100.00');
    const quote = await quoteFor(user, '40.00');
    const first = await callWithKey(
      testApp,
      '/exChange/submit',
      { quoteId: quote.quoteId },
      user,
      randomUUID(),
    );
    expect(first.json().data).toMatchObject({ received: quote.received });
    const second = await callWithKey(
      testApp,
      '/exChange/submit',
      { quoteId: quote.quoteId },
      user,
      randomUUID(),
    );
    expect(second.json()).toMatchObject({ code: 'EXCHANGE_QUOTE_EXPIRED' });
    expect(await balances(user)).toMatchObject([{ available: '60.00' }, { available: quote.received }]);
  });

  it("refuses someone else's quote and a quote whose rate was changed by the client", async () => {
    const owner = await fundedUser(testApp, admin, '100.00');
    const other = await fundedUser(testApp, admin, '100.00');
    const quote = await quoteFor(owner, '10.00');
    const stolen = await callWithKey(testApp, '/exChange/submit', { quoteId: quote.quoteId }, other);
    expect(stolen.json()).toMatchObject({ code: 'EXCHANGE_QUOTE_INVALID' });

    const [body = '', signature = ''] = quote.quoteId.split('.');
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { g: string };
    wire.g = (BigInt(wire.g) * 2n).toString();
    const forged = `${Buffer.from(JSON.stringify(wire)).toString('base64url')}.${signature}`;
    const greedy = await callWithKey(testApp, '/exChange/submit', { quoteId: forged }, owner);
    expect(greedy.json()).toMatchObject({ code: 'EXCHANGE_QUOTE_INVALID' });
    const garbage = await callWithKey(testApp, '/exChange/submit', { quoteId: 'not-a-quote' }, owner);
    expect(garbage.json()).toMatchObject({ code: 'EXCHANGE_QUOTE_INVALID' });

    const stranger = await signUp(testApp);
    const empty = await call(
      testApp.app,
      '/exChange/quote',
      { from: 'EUR', to: 'USD', amount: '1.00' },
      stranger,
    );
    expect(empty.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { available: '0.00' } });
    expect((await balances(owner))[0]).toMatchObject({ available: '100.00' });
    expect((await balances(other))[0]).toMatchObject({ available: '100.00' });
  });
});
