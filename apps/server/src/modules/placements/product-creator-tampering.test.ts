import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { ipoOfferingInput as offeringInput } from '../offerings/offering-test-support';
import { placementInput } from './placement-test-support';

// A hostile operator with SQL access and the record of who created a product (migrations 0033,
// 0034: created_by 'staff' | 'simulator'). What must hold:
// - the creator is written once: relabelling a staff member's placement or IPO offering as the
//   simulator's (or the simulator's as a staff member's) is refused by the database (0037), the row
//   and the back office keep the truth, and the append-only audit log still names the creator;
// - in live mode the simulator creates nothing, so a row recorded as the simulator's (inserted by
//   hand) is never offered to users: not listed, its page and subscribing answer PRODUCT_UNAVAILABLE;
//   the back office lists it as the simulator's, as it is recorded.

const NOW = '2026-11-20T10:00:00Z';
const products = [
  { table: 'placements', path: '/placement', targetType: 'placement', input: placementInput },
  { table: 'ipo_offerings', path: '/ipo', targetType: 'ipo_offering', input: offeringInput },
] as const;

async function create(testApp: TestApp, admin: StaffHeaders, path: string, input: object) {
  const answer = (await callAdmin(testApp, `${path}/create`, input, admin)).json();
  expect(answer.status, JSON.stringify(answer)).toBe(1);
  return answer.data as { id: string; createdBy: string; createdByStaffId: string | null };
}

/** Runs an operator's statement; answers the database's refusal, or null when it went through. */
async function operator(testApp: TestApp, statement: ReturnType<typeof sql>) {
  try {
    await testApp.database.db.execute(statement);
    return null;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return String((cause as Error).message ?? cause);
  }
}

/** Copies a staff row as the simulator's (round 1): what an operator would insert by hand. */
async function insertAsSimulator(testApp: TestApp, table: string, id: string) {
  const columns = (
    await queryRows<{ column_name: string }>(
      testApp.database.db,
      sql`select column_name from information_schema.columns where table_name = ${table}
        and column_name not in ('id', 'created_by', 'created_by_staff_id', 'demo_round')
        order by ordinal_position`,
    )
  ).map((row) => `"${row.column_name}"`);
  const list = sql.raw(columns.join(', '));
  const rows = await queryRows<{ id: string }>(
    testApp.database.db,
    sql`insert into ${sql.identifier(table)} (${list}, created_by, created_by_staff_id, demo_round)
      select ${list}, 'simulator', null, 1 from ${sql.identifier(table)} where id = ${id}::bigint
      returning id::text`,
  );
  return rows[0]!.id;
}

describe('demo mode: an operator relabels a staff product as the simulator’s', () => {
  let testApp: TestApp;
  let admin: StaffHeaders;
  beforeAll(async () => {
    testApp = await buildTestApp();
    testApp.clock.set(NOW);
    admin = await adminLogin(testApp);
  });
  afterAll(() => testApp.close());

  for (const { table, path, targetType, input } of products) {
    it(`${table}: refused by the database; the row, the back office and the audit log keep the staff creator`, async () => {
      const created = await create(testApp, admin, path, input);
      expect(created.createdBy).toBe('staff');
      const staffId = created.createdByStaffId;
      expect(staffId).not.toBeNull();

      const refusals = [
        await operator(
          testApp,
          sql`update ${sql.identifier(table)} set created_by = 'simulator', created_by_staff_id = null,
            demo_round = 999 where id = ${created.id}::bigint`,
        ),
        // Another staff member's name on it, or a round number added: refused too.
        await operator(
          testApp,
          sql`update ${sql.identifier(table)} set created_by_staff_id = created_by_staff_id + 1000
            where id = ${created.id}::bigint`,
        ),
      ];
      for (const refusal of refusals) expect(refusal).toMatch(/creator .* is written once/);
      // Other columns still change as the services change them (here: the name).
      expect(
        await operator(
          testApp,
          sql`update ${sql.identifier(table)} set name = name where id = ${created.id}::bigint`,
        ),
      ).toBeNull();

      const listed = (await callAdmin(testApp, `${path}/list`, { page: 1, pageSize: 50 }, admin)).json().data
        .items as { id: string; createdBy: string; createdByStaffId: string | null }[];
      expect(listed.find((item) => item.id === created.id)).toMatchObject({
        createdBy: 'staff',
        createdByStaffId: staffId,
      });
      const audit = (
        await callAdmin(testApp, '/audit/list', { targetType, targetId: created.id }, admin)
      ).json().data.items as { staffId: string | null; action: string }[];
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ staffId, action: `${path.slice(1)}.create` });
    });
  }
});

describe('live mode: an operator inserts a product recorded as the simulator’s', () => {
  let testApp: TestApp;
  let admin: StaffHeaders;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { mode: 'live' } });
    testApp.clock.set(NOW);
    admin = await adminLogin(testApp);
  });
  afterAll(() => testApp.close());

  for (const { table, path, input } of products) {
    it(`${table}: never offered to users as real; the back office shows it as the simulator’s`, async () => {
      const real = await create(testApp, admin, path, input);
      const forged = await insertAsSimulator(testApp, table, real.id);
      const user = await signUp(testApp);
      const list = (await call(testApp.app, `${path}/list`, { page: 1, pageSize: 50 }, user)).json();
      expect(list.status, JSON.stringify(list)).toBe(1);
      const ids = (list.data.items as { id: string }[]).map((item) => item.id);
      expect(ids).toContain(real.id);
      expect(ids).not.toContain(forged);
      expect(list.data.total).toBe(ids.length);
      for (const [endpoint, body] of [
        ['detail', { id: forged }],
        ['preview', { id: forged, quantity: input.minimumQuantity }],
      ] as const) {
        const answer = (await call(testApp.app, `${path}/${endpoint}`, body, user)).json();
        expect(answer, endpoint).toMatchObject({ status: 0, code: 'PRODUCT_UNAVAILABLE' });
      }
      const realDetail = (await call(testApp.app, `${path}/detail`, { id: real.id }, user)).json();
      expect(realDetail.status).toBe(1);
      const staffList = (await callAdmin(testApp, `${path}/list`, { page: 1, pageSize: 50 }, admin)).json()
        .data.items as { id: string; createdBy: string }[];
      expect(staffList.find((item) => item.id === forged)).toMatchObject({ createdBy: 'simulator' });
    });
  }
});
