import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  createDemoPlacementService,
  DEMO_PLACEMENT_SYMBOL,
  demoPlacementPrice,
} from './demo-placement.service';

// Demo mode's placement (issue 17, item 4), as the demo IPO: the simulator keeps exactly one
// placement open or upcoming, created through the placements service and recorded as the
// simulator's (no staff member, no audit row of a staff action). Two nodes and a restart asking at
// once create one; the next is created only once the window has closed. A newcomer subscribes.

const demoPlacement = { isOn: true, windowMinutes: 30 };
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await buildTestApp({ config: { demoPlacement } });
  first.clock.set('2026-11-18T09:30:00Z'); // Wednesday, 10:30 in Brussels
  second = await buildTestApp({
    config: { demoPlacement },
    sharedDatabase: first.database,
    clock: first.clock,
  });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const demoPlacements = async () => {
  const result = await first.database.db.execute(
    sql`select id::text as id, symbol, created_by, created_by_staff_id, demo_round, price_minor::text as price_minor,
          lot_size::text as lot_size, minimum_quantity::text as minimum_quantity, opens_at, closes_at
        from placements where created_by = 'simulator' order by demo_round`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
};
const asIso = (value: unknown) => new Date(value as string).toISOString();

describe('the price of the demo placement', () => {
  it('is the last price rounded down to the tick, never below one tick', () => {
    expect(demoPlacementPrice(593_470n, 50n)).toBe(593_450n);
    expect(demoPlacementPrice(593_450n, 50n)).toBe(593_450n);
    expect(demoPlacementPrice(20n, 50n)).toBe(50n);
  });
});

describe("the simulator's placement in demo mode", () => {
  it('two nodes asking at once create exactly one placement, the simulator as its creator', async () => {
    const rounds = await Promise.all([
      first.app.services.demoPlacement.ensureScheduled(),
      second.app.services.demoPlacement.ensureScheduled(),
      first.app.services.demoPlacement.ensureScheduled(),
      second.app.services.demoPlacement.ensureScheduled(),
    ]);
    expect(rounds.filter((round) => round !== null)).toEqual([1]);
    const rows = await demoPlacements();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const instrument = first.app.services.market.instrumentOf(DEMO_PLACEMENT_SYMBOL);
    const quote = await first.app.services.market.provider.quote(DEMO_PLACEMENT_SYMBOL);
    expect(row).toMatchObject({
      symbol: DEMO_PLACEMENT_SYMBOL,
      created_by: 'simulator',
      created_by_staff_id: null,
      demo_round: 1,
      lot_size: '10',
      minimum_quantity: '10',
      price_minor: demoPlacementPrice(quote.lastMinor, instrument.tickSizeMinor).toString(),
    });
    expect(BigInt(row?.price_minor as string) % instrument.tickSizeMinor).toBe(0n);
    expect(asIso(row?.opens_at)).toBe('2026-11-18T09:30:10.000Z');
    expect(asIso(row?.closes_at)).toBe('2026-11-18T10:00:10.000Z');
    const audit = await first.database.db.execute(
      sql`select count(*)::int as count from audit_log where target_type = 'placement'`,
    );
    expect((audit as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
  });

  it('a newcomer subscribes to it; the back office lists it as the simulator’s', async () => {
    first.clock.set('2026-11-18T09:31:00Z');
    const admin = await adminLogin(first);
    const user = await fundedUser(first, admin, '5000.00');
    const list = (await call(second.app, '/placement/list', {}, user)).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ symbol: DEMO_PLACEMENT_SYMBOL, phase: 'open' });
    const answer = (
      await callWithKey(second, '/placement/subscribe', { id: list.items[0].id, quantity: '10' }, user)
    ).json();
    expect(answer.status, JSON.stringify(answer)).toBe(1);
    expect(answer.data).toMatchObject({ state: 'requested', quantity: '10' });
    const staffList = (await callAdmin(first, '/placement/list', {}, admin)).json().data;
    expect(staffList.items[0]).toMatchObject({ createdBy: 'simulator', createdByStaffId: null });
  });

  it('a restart and the periodic job create nothing more while it is open', async () => {
    const restarted = await buildTestApp({
      config: { demoPlacement },
      sharedDatabase: first.database,
      clock: first.clock,
    });
    try {
      expect(await restarted.app.services.demoPlacement.ensureScheduled()).toBeNull();
      first.clock.set('2026-11-18T09:45:00Z');
      await first.app.jobs.runDue();
      await second.app.jobs.runDue();
      expect(await demoPlacements()).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });

  it('once the window has closed, the next round is created once', async () => {
    first.clock.set('2026-11-18T10:00:10Z');
    const rounds = await Promise.all([
      first.app.services.demoPlacement.ensureScheduled(),
      second.app.services.demoPlacement.ensureScheduled(),
    ]);
    expect(rounds.filter((round) => round !== null)).toEqual([2]);
    expect((await demoPlacements()).map((row) => row.demo_round)).toEqual([1, 2]);
  });

  it('never in live mode, nor with DEMO_PLACEMENT=off', async () => {
    for (const config of [
      { ...testConfig({ demoPlacement }), mode: 'live' as const },
      testConfig({ demoPlacement: { ...demoPlacement, isOn: false } }),
    ]) {
      const service = createDemoPlacementService({
        config,
        clock: first.clock,
        db: first.database.db,
        market: first.app.services.market,
        placements: first.app.services.placements,
      });
      first.clock.set(new Date(first.clock.now().getTime() + 3_600_000));
      expect(service.isScheduling()).toBe(false);
      expect(await service.ensureScheduled()).toBeNull();
    }
    expect(await demoPlacements()).toHaveLength(2);
  });
});
