import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// An IPO that brings a new instrument (issue 17, item 3): staff define it with the offering
// (symbol, name, market; EUR); it cannot be traded before its listing date (NOT_LISTED), the
// allotted shares are a holding from the draw on, and from the first session on or after the
// listing date it trades like any share, from the issue price. A second node that was running
// when the offering was created learns of the instrument within seconds. The clock only moves
// forward (staff two-factor codes are drawn from it).

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };

// Friday 20 November 2026: the window, then the draw; the listing the next Monday.
const OPENS = '2026-11-20T08:00:00Z';
const CLOSES = '2026-11-20T12:00:00Z';
const LOTTERY = '2026-11-20T13:00:00Z';
// 09:00 in Brussels on Monday 23 November 2026: Euronext's open, so it lists then.
const LISTING = '2026-11-23T08:00:00Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-19T10:00:00Z');
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();
const create = async (overrides: Record<string, unknown> = {}) =>
  (
    await callAdmin(
      testApp,
      '/ipo/create',
      {
        symbol: 'NEWCO.BR',
        name: 'Newco',
        issueMarket: 'Euronext Brussels',
        leadUnderwriter: 'KBC Securities',
        issuePrice: '12.5000',
        sharesOffered: '3000',
        minimumQuantity: '1000',
        lotSize: '1000',
        prospectusUrl: 'https://example.org/newco.pdf',
        opensAt: OPENS,
        closesAt: CLOSES,
        lotteryAt: LOTTERY,
        distributionAt: LOTTERY,
        listingAt: LISTING,
        reason: 'Newco IPO agreed with the issuer',
        ...overrides,
      },
      admin,
    )
  ).json();

describe('an IPO that lists a new instrument', () => {
  let alice: User;
  let bob: User;
  let offeringId: string;
  let secondNode: TestApp;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      fundedUser(testApp, admin, '20000.00'),
      fundedUser(testApp, admin, '20000.00'),
    ]);
    secondNode = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
  });
  afterAll(() => secondNode.close());

  it('refuses a symbol that is neither an instrument nor a new Brussels symbol', async () => {
    expect(await create({ symbol: 'NEWCO' })).toMatchObject({ msg: 'UNKNOWN_SYMBOL' });
    expect(await create({ symbol: 'UCB.BR', market: 'ETF-BEL' })).toMatchObject({
      msg: 'INSTRUMENT_NOT_TRADABLE',
    });
  });

  it('staff define the new instrument with the offering; it is quoted at its issue price, not listed', async () => {
    const answer = await create();
    expect(answer.status, JSON.stringify(answer)).toBe(1);
    expect(answer.data).toMatchObject({ symbol: 'NEWCO.BR', createdBy: 'staff' });
    offeringId = answer.data.id;
    // Only one offering brings a given new instrument.
    expect(await create()).toMatchObject({ msg: 'VALIDATION_FAILED' });
    const quote = await post('/market/quote', { symbol: 'NEWCO.BR' }, alice);
    expect(quote.data).toMatchObject({ symbol: 'NEWCO.BR', latest: '12.5000', bid: null, ask: null });
    // Not in the market's lists before it lists.
    const list = await post('/market/list', { market: 'frank', limit: 100 }, alice);
    expect(list.data.items.map((item: { symbol: string }) => item.symbol)).not.toContain('NEWCO.BR');
  });

  it('a node started before the offering learns of the instrument within seconds', async () => {
    testApp.clock.set('2026-11-19T10:01:00Z');
    const answer = (await call(secondNode.app, '/market/quote', { symbol: 'NEWCO.BR' }, alice)).json();
    expect(answer).toMatchObject({ status: 1, data: { symbol: 'NEWCO.BR', latest: '12.5000' } });
  });

  it('before its listing date trading it is refused with NOT_LISTED, and nothing is held', async () => {
    testApp.clock.set('2026-11-20T09:00:00Z'); // Friday, Euronext open, the window open
    expect(await place(bob, { symbol: 'NEWCO.BR', side: 'buy', quantity: '10' })).toMatchObject({
      msg: 'NOT_LISTED',
    });
    expect(
      await place(bob, {
        symbol: 'NEWCO.BR',
        side: 'buy',
        quantity: '10',
        type: 'limit',
        limitPrice: '12.00',
      }),
    ).toMatchObject({ msg: 'NOT_LISTED' });
    const cash = (await post('/user/getUserinfo', undefined, bob)).data.balances.find(
      (balance: { currency: string }) => balance.currency === 'EUR',
    );
    expect(cash.frozen).toBe('0.00');
    // Existing shares trade as ever at the same moment.
    expect((await place(bob, { symbol: 'UCB.BR', side: 'buy', quantity: '1' })).data).toMatchObject({
      state: 'filled',
    });
  });

  it('the allotment is a holding from the draw; it cannot be sold before the listing', async () => {
    const subscribed = (
      await callWithKey(testApp, '/ipo/subscribe', { id: offeringId, quantity: '1000' }, alice)
    ).json();
    expect(subscribed.status, JSON.stringify(subscribed)).toBe(1);
    testApp.clock.set('2026-11-20T13:00:30Z');
    expect(await testApp.app.services.offerings.drawDue()).toBe(1);
    const positions = (await post('/trade/positions', {}, alice)).data.items;
    expect(positions.find((position: { symbol: string }) => position.symbol === 'NEWCO.BR')).toMatchObject({
      quantity: '1000',
    });
    testApp.clock.set('2026-11-20T14:00:00Z'); // after the draw, Euronext open, before the listing
    expect(await place(alice, { symbol: 'NEWCO.BR', side: 'sell', quantity: '100' })).toMatchObject({
      msg: 'NOT_LISTED',
    });
  });

  it('from the listing it trades: the first price is the issue price, sells and buys fill', async () => {
    testApp.clock.set('2026-11-23T08:00:00Z');
    const quote = (await post('/market/quote', { symbol: 'NEWCO.BR' }, alice)).data;
    expect(quote.latest).toBe('12.5000');
    expect(quote.bid).not.toBeNull();
    testApp.clock.set('2026-11-23T10:00:00Z');
    const sold = await place(alice, { symbol: 'NEWCO.BR', side: 'sell', quantity: '100' });
    expect(sold.status, JSON.stringify(sold)).toBe(1);
    expect(sold.data).toMatchObject({ state: 'filled' });
    const bought = await place(bob, { symbol: 'NEWCO.BR', side: 'buy', quantity: '10' });
    expect(bought.data).toMatchObject({ state: 'filled' });
    const positions = (await post('/trade/positions', {}, alice)).data.items;
    expect(positions.find((position: { symbol: string }) => position.symbol === 'NEWCO.BR')).toMatchObject({
      quantity: '900',
    });
    const list = await post('/market/list', { market: 'frank', limit: 100 }, alice);
    expect(list.data.items.map((item: { symbol: string }) => item.symbol)).toContain('NEWCO.BR');
  });
});
