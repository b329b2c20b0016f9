import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { createDemoIpoService, demoOfferingSymbol } from './demo-ipo.service';

// Demo mode's IPO (issue 17, item 3): the simulator keeps exactly one offering open or upcoming,
// created through the offerings service and recorded as the simulator's (no staff member, no
// audit row of a staff action). Two nodes and a restart asking at once create one; the next is
// created only once the window has closed. Its new instrument lists at the next Euronext open.

const demoIpo = { isOn: true, windowMinutes: 30, drawAfterMinutes: 5, sharesOffered: 20_000 };
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await buildTestApp({ config: { demoIpo } });
  first.clock.set('2026-11-18T09:30:00Z'); // Wednesday, 10:30 in Brussels
  second = await buildTestApp({ config: { demoIpo }, sharedDatabase: first.database, clock: first.clock });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const demoOfferings = async () => {
  const result = await first.database.db.execute(
    sql`select id::text as id, symbol, created_by, created_by_staff_id, demo_round, opens_at, closes_at,
          lottery_at, listing_at from ipo_offerings where created_by = 'simulator' order by demo_round`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
};
const asIso = (value: unknown) => new Date(value as string).toISOString();

describe("the simulator's IPO in demo mode", () => {
  it('two nodes asking at once create exactly one offering, the simulator as its creator', async () => {
    const rounds = await Promise.all([
      first.app.services.demoIpo.ensureScheduled(),
      second.app.services.demoIpo.ensureScheduled(),
      first.app.services.demoIpo.ensureScheduled(),
      second.app.services.demoIpo.ensureScheduled(),
    ]);
    expect(rounds.filter((round) => round !== null)).toEqual([1]);
    const rows = await demoOfferings();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      symbol: demoOfferingSymbol(1),
      created_by: 'simulator',
      created_by_staff_id: null,
    });
    expect(asIso(row?.opens_at)).toBe('2026-11-18T09:30:10.000Z');
    expect(asIso(row?.closes_at)).toBe('2026-11-18T10:00:10.000Z');
    expect(asIso(row?.lottery_at)).toBe('2026-11-18T10:05:10.000Z');
    // Listed at the next Euronext open after the draw: Thursday 09:00 in Brussels.
    expect(asIso(row?.listing_at)).toBe('2026-11-19T08:00:00.000Z');
    const audit = await first.database.db.execute(
      sql`select count(*)::int as count from audit_log where target_type = 'ipo_offering'`,
    );
    expect((audit as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
  });

  it('a user sees it open to subscription, and its instrument is known on both nodes', async () => {
    first.clock.set('2026-11-18T09:31:00Z');
    const user = await signUp(first);
    const list = (await call(second.app, '/ipo/list', {}, user)).json().data;
    expect(list.items).toHaveLength(1);
    // No underwriter: null, which the apps show as their own catalogued text in the user's language.
    expect(list.items[0]).toMatchObject({
      symbol: 'DEMO1.BR',
      phase: 'subscribing',
      issuePrice: '8.0000',
      leadUnderwriter: null,
    });
    for (const node of [first, second]) {
      const quote = (await call(node.app, '/market/quote', { symbol: 'DEMO1.BR' }, user)).json();
      expect(quote).toMatchObject({ status: 1, data: { latest: '8.0000', bid: null } });
    }
  });

  it('a restart and the periodic job create nothing more while it is open', async () => {
    const restarted = await buildTestApp({
      config: { demoIpo },
      sharedDatabase: first.database,
      clock: first.clock,
    });
    try {
      expect(await restarted.app.services.demoIpo.ensureScheduled()).toBeNull();
      first.clock.set('2026-11-18T09:45:00Z');
      await first.app.jobs.runDue();
      await second.app.jobs.runDue();
      expect(await demoOfferings()).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('once the window has closed, the next round is created once', async () => {
    first.clock.set('2026-11-18T10:00:10Z');
    const rounds = await Promise.all([
      first.app.services.demoIpo.ensureScheduled(),
      second.app.services.demoIpo.ensureScheduled(),
    ]);
    expect(rounds.filter((round) => round !== null)).toEqual([2]);
    expect((await demoOfferings()).map((row) => row.symbol)).toEqual(['DEMO1.BR', 'DEMO2.BR']);
  });

  it('never in live mode, nor with DEMO_IPO=off', async () => {
    for (const config of [
      { ...testConfig({ demoIpo }), mode: 'live' as const },
      testConfig({ demoIpo: { ...demoIpo, isOn: false } }),
    ]) {
      const service = createDemoIpoService({
        config,
        clock: first.clock,
        db: first.database.db,
        offerings: first.app.services.offerings,
      });
      first.clock.set(new Date(first.clock.now().getTime() + 3_600_000));
      expect(service.isScheduling()).toBe(false);
      expect(await service.ensureScheduled()).toBeNull();
    }
    expect(await demoOfferings()).toHaveLength(2);
  });
});
