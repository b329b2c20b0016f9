import { formatDecimal } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { isPostgres } from '../../../test/helpers/test-database';
import { PriceAlertIndex, isMet, type IndexedAlert } from './price-alert-index';

// Price alerts (issue 14, item 4): set above/below a price or on the day's change, fired once on
// the quote stream as a message, refused with a catalogued code when they cannot be right.

const SYMBOL = 'KBC.BR';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const create = (user: User, body: Record<string, unknown>) => call(testApp.app, '/alerts/create', body, user);
const quoteNow = () => testApp.app.services.market.currentQuote(SYMBOL);

/** Moves the clock a minute at a time until the simulated price differs from `lastMinor`. */
async function moveUntilPriceChanges(lastMinor: bigint) {
  for (let minute = 0; minute < 120; minute += 1) {
    testApp.clock.advance(60_000);
    const quote = await quoteNow();
    if (quote.lastMinor !== lastMinor) return quote;
  }
  throw new Error('the simulated price did not move in two hours');
}

describe('price alerts', () => {
  it('fires once, as a message in the reader’s language, when the price crosses the level', async () => {
    const user = await signUp(testApp);
    // Find where the simulated price goes next (a pure function of the time), then come back and
    // set the alert at that price, on the side it will cross.
    const startedAt = testApp.clock.now();
    const start = await quoteNow();
    const next = await moveUntilPriceChanges(start.lastMinor);
    const crossedAt = testApp.clock.now();
    testApp.clock.set(startedAt);
    const isUp = next.lastMinor > start.lastMinor;
    const created = await create(user, {
      symbol: SYMBOL,
      condition: isUp ? 'price_above' : 'price_below',
      value: formatDecimal(next.lastMinor, 4),
    });
    expect(created.json()).toMatchObject({ status: 1, data: { symbol: SYMBOL, state: 'active' } });

    // Nothing fires before the price gets there.
    expect(await testApp.app.services.priceAlerts.onQuotes([SYMBOL])).toBe(0);
    testApp.clock.set(crossedAt);
    const fired = await testApp.app.services.priceAlerts.onQuotes([SYMBOL, 'AAPL']);
    expect(fired).toBe(1);
    // A second tick (or a second node) does not fire it again.
    expect(await testApp.app.services.priceAlerts.onQuotes([SYMBOL])).toBe(0);

    const [alert] = (await call(testApp.app, '/alerts/list', undefined, user)).json().data;
    expect(alert).toMatchObject({ state: 'triggered', triggeredPrice: expect.any(String) });
    const inbox = (await call(testApp.app, '/user/notice', { language: 'en' }, user)).json().data;
    expect(inbox[0].title).toBe('Price alert: KBC Group');
    expect(inbox[0].content).toContain(isUp ? 'rose to' : 'fell to');
    const dutch = (await call(testApp.app, '/user/notice', { language: 'nl' }, user)).json().data;
    expect(dutch[0].title).toBe('Koersalarm: KBC Group');
  });

  it('refuses an unknown symbol, a level of 0, a percentage above 100, and a level already met', async () => {
    const user = await signUp(testApp);
    expect(
      (await create(user, { symbol: 'NOPE', condition: 'price_above', value: '1' })).json(),
    ).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
    expect((await create(user, { symbol: SYMBOL, condition: 'price_above', value: '0' })).json().code).toBe(
      'ALERT_VALUE_INVALID',
    );
    expect(
      (await create(user, { symbol: SYMBOL, condition: 'change_up', value: '100.01' })).json(),
    ).toMatchObject({ code: 'ALERT_VALUE_INVALID', params: { maximum: '100' } });
    expect(
      (await create(user, { symbol: SYMBOL, condition: 'price_above', value: '1.00001' })).json().code,
    ).toBe('ALERT_VALUE_INVALID');
    expect((await create(user, { symbol: SYMBOL, condition: 'price_above', value: '-5' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const last = formatDecimal((await quoteNow()).lastMinor, 4);
    expect(
      (await create(user, { symbol: SYMBOL, condition: 'price_above', value: '0.01' })).json(),
    ).toMatchObject({
      code: 'ALERT_ALREADY_MET',
      params: { symbol: SYMBOL },
    });
    expect((await create(user, { symbol: SYMBOL, condition: 'price_below', value: last })).json().code).toBe(
      'ALERT_ALREADY_MET',
    );
    expect((await call(testApp.app, '/alerts/list', undefined, user)).json().data).toEqual([]);
  });

  it('cancels an active alert once; another user’s alert is not found', async () => {
    const user = await signUp(testApp);
    const other = await signUp(testApp);
    const created = await create(user, { symbol: SYMBOL, condition: 'change_down', value: '50' });
    expect(created.json()).toMatchObject({ status: 1, data: { condition: 'change_down', value: '50.00' } });
    const id = created.json().data.id as string;
    expect((await call(testApp.app, '/alerts/cancel', { id }, other)).json().code).toBe('ALERT_NOT_FOUND');
    expect((await call(testApp.app, '/alerts/cancel', { id }, user)).json().data.state).toBe('cancelled');
    expect((await call(testApp.app, '/alerts/cancel', { id }, user)).json().code).toBe('ALERT_NOT_ACTIVE');
  });

  it(`holds the limit of active alerts under parallel creations${isPostgres ? '' : ' (PGlite)'}`, async () => {
    const user = await signUp(testApp);
    const answers = await Promise.all(
      Array.from({ length: 55 }, (_, n) =>
        create(user, { symbol: SYMBOL, condition: 'change_up', value: String(n + 1) }),
      ),
    );
    const codes = answers.map((answer) => answer.json().code ?? 'ok');
    expect(new Set(codes)).toEqual(new Set(['ok', 'ALERT_LIMIT_REACHED']));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(50);
    expect(codes.filter((code) => code === 'ALERT_LIMIT_REACHED')).toHaveLength(5);
  });
});

describe('the alert index', () => {
  const alert = (id: number, symbol: string, extra: Partial<IndexedAlert>): IndexedAlert => ({
    id: BigInt(id),
    symbol,
    condition: 'price_above',
    priceMinor: null,
    changeBasisPoints: null,
    ...extra,
  });

  it('applies each condition at its boundary', () => {
    expect(isMet(alert(1, 'A', { priceMinor: 100n }), 100n, 90n)).toBe(true);
    expect(isMet(alert(1, 'A', { priceMinor: 100n }), 99n, 90n)).toBe(false);
    expect(isMet(alert(1, 'A', { condition: 'price_below', priceMinor: 100n }), 100n, 90n)).toBe(true);
    expect(isMet(alert(1, 'A', { condition: 'price_below', priceMinor: 100n }), 101n, 90n)).toBe(false);
    // +5.00 % from 200 is 210.
    expect(isMet(alert(1, 'A', { condition: 'change_up', changeBasisPoints: 500 }), 210n, 200n)).toBe(true);
    expect(isMet(alert(1, 'A', { condition: 'change_up', changeBasisPoints: 500 }), 209n, 200n)).toBe(false);
    expect(isMet(alert(1, 'A', { condition: 'change_down', changeBasisPoints: 500 }), 190n, 200n)).toBe(true);
    expect(isMet(alert(1, 'A', { condition: 'change_down', changeBasisPoints: 500 }), 191n, 200n)).toBe(
      false,
    );
    expect(isMet(alert(1, 'A', { condition: 'change_down', changeBasisPoints: 500 }), 0n, 0n)).toBe(false);
  });

  it('looks at the ticked symbol’s alerts only, and keeps changes made during a reload', async () => {
    const index = new PriceAlertIndex();
    index.add(alert(1, 'A', { priceMinor: 100n }));
    index.add(alert(2, 'B', { priceMinor: 100n }));
    expect(index.met('A', 150n, 0n).map((found) => found.id)).toEqual([1n]);
    expect(index.met('C', 150n, 0n)).toEqual([]);

    let release: (alerts: IndexedAlert[]) => void = () => undefined;
    const reloading = index.reload(() => new Promise((resolve) => (release = resolve)));
    index.add(alert(3, 'A', { priceMinor: 120n }));
    index.remove('B', 2n);
    release([alert(1, 'A', { priceMinor: 100n }), alert(2, 'B', { priceMinor: 100n })]);
    await reloading;
    expect(index.met('A', 150n, 0n).map((found) => found.id)).toEqual([1n, 3n]);
    expect(index.has('B')).toBe(false);
    expect(index.size).toBe(2);
  });
});
