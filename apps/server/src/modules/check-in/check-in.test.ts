import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';

// The daily check-in through the API: once a day in the user's zone, streaks, badges claimed once
// their check-ins are made, a learning card as the day's reward, and no money anywhere. Also on
// PostgreSQL (test:pg), where the parallel check-ins run on separate connections.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const BRUSSELS = 'Europe/Brussels';

const checkIn = (user: User, timeZone = BRUSSELS) => call(testApp.app, '/checkIn/submit', { timeZone }, user);
const status = async (user: User, timeZone = BRUSSELS) =>
  (await call(testApp.app, '/checkIn/status', { timeZone }, user)).json().data;
const claim = (user: User, badge: string) =>
  call(testApp.app, '/checkIn/claimBadge', { badge, timeZone: BRUSSELS }, user);

describe('daily check-in', () => {
  it('counts once a day in the user’s zone; the second time is ALREADY_CHECKED_IN', async () => {
    testApp.clock.set('2026-03-02T10:00:00Z');
    const user = await signUp(testApp);
    expect(await status(user)).toMatchObject({ hasCheckedInToday: false, streak: 0, total: 0, card: null });
    const first = (await checkIn(user)).json().data;
    expect(first).toMatchObject({ today: '2026-03-02', hasCheckedInToday: true, streak: 1, total: 1 });
    expect(first.card).toEqual(expect.any(String));
    expect((await checkIn(user)).json().code).toBe('ALREADY_CHECKED_IN');
    // 23:30 UTC is already 3 March in Brussels: a new day there.
    testApp.clock.set('2026-03-02T23:30:00Z');
    expect((await checkIn(user)).json().data).toMatchObject({ today: '2026-03-03', streak: 2, total: 2 });
    // Moving to a zone where it is still 2 March, or already 4 March, does not give another day.
    expect((await checkIn(user, 'America/New_York')).json().code).toBe('ALREADY_CHECKED_IN');
    expect((await checkIn(user, 'Pacific/Kiritimati')).json().code).toBe('ALREADY_CHECKED_IN');
    expect((await checkIn(user, 'Mars/Olympus_Mons')).json().code).toBe('TIME_ZONE_INVALID');
    // 23:30 on 4 March in Pago Pago (UTC−11) is 00:30 on 6 March in Kiritimati (UTC+14): a
    // check-in there minutes later falls on the same day in that zone, so it is refused.
    testApp.clock.set('2026-03-05T10:30:00Z');
    expect((await checkIn(user, 'Pacific/Pago_Pago')).json().data).toMatchObject({ today: '2026-03-04' });
    testApp.clock.set('2026-03-05T10:35:00Z');
    expect((await checkIn(user, 'Pacific/Kiritimati')).json().code).toBe('ALREADY_CHECKED_IN');
    testApp.clock.set('2026-03-06T10:05:00Z');
    expect((await checkIn(user, 'Pacific/Kiritimati')).json().data).toMatchObject({ today: '2026-03-07' });
  });

  it('a missed day starts the streak again; the balances never move', async () => {
    testApp.clock.set('2026-03-10T08:00:00Z');
    const user = await signUp(testApp);
    await checkIn(user);
    testApp.clock.set('2026-03-11T08:00:00Z');
    await checkIn(user);
    testApp.clock.set('2026-03-13T08:00:00Z');
    expect(await status(user)).toMatchObject({ streak: 0, total: 2, hasCheckedInToday: false });
    expect((await checkIn(user)).json().data).toMatchObject({ streak: 1, total: 3 });
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
    expect(info.balances.map((balance: { available: string }) => balance.available)).toEqual([
      '0.00',
      '0.00',
    ]);
  });

  it('badges are claimed once their check-ins are made: INSUFFICIENT_CHECKINS before, ALREADY_PROCESSED after', async () => {
    testApp.clock.set('2026-04-01T08:00:00Z');
    const user = await signUp(testApp);
    expect((await claim(user, 'first_check_in')).json()).toMatchObject({
      code: 'INSUFFICIENT_CHECKINS',
      params: { required: 1 },
    });
    for (let day = 1; day <= 6; day += 1) {
      testApp.clock.set(`2026-04-0${day}T08:00:00Z`);
      expect((await checkIn(user)).json().status).toBe(1);
    }
    expect((await claim(user, 'week_streak')).json()).toMatchObject({
      code: 'INSUFFICIENT_CHECKINS',
      params: { required: 7 },
    });
    testApp.clock.set('2026-04-07T08:00:00Z');
    await checkIn(user);
    const claimed = (await claim(user, 'week_streak')).json().data;
    expect(claimed.badges.find((badge: { badge: string }) => badge.badge === 'week_streak').claimedAt).toBe(
      '2026-04-07T08:00:00.000Z',
    );
    expect((await claim(user, 'week_streak')).json().code).toBe('ALREADY_PROCESSED');
    expect((await claim(user, 'thirty_check_ins')).json()).toMatchObject({
      code: 'INSUFFICIENT_CHECKINS',
      params: { required: 30 },
    });
  });

  it('checking in twice at once counts once', async () => {
    testApp.clock.set('2026-05-04T09:00:00Z');
    const user = await signUp(testApp);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(user)));
    const codes = answers.map((answer) => answer.json().code ?? 'ok');
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'ALREADY_CHECKED_IN')).toHaveLength(5);
    expect(await status(user)).toMatchObject({ total: 1, streak: 1 });
  });
});
