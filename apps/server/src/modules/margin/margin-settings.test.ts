import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import { testConfig } from '../../config';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

// Instruments' margin and lending settings in the back office (issue 15 item 4): admin and product
// set an instrument's override, finance and auditors read them, other roles neither; an override
// only tightens (out of margin, margins raised, never below the class's, none on an instrument its
// class excludes), each refusal writes nothing; every change is audited with its reason, before and
// after; the margin service's one lookup applies it, so the published parameters show it at once on
// this node, and on another node sharing the database within seconds.

let testApp: TestApp;
let admin: StaffHeaders;
let product: StaffHeaders;
let finance: StaffHeaders;
let auditor: StaffHeaders;
let reviewer: StaffHeaders;

const NOW = '2026-11-25T10:00:00Z';

beforeAll(async () => {
  // A borrow fee configured other than LENDING_RULES' default: the list must give the configured one.
  const { margin } = testConfig();
  testApp = await buildTestApp({
    config: { margin: { ...margin, lending: { ...margin.lending, borrowFeeBasisPoints: 275 } } },
  });
  testApp.clock.set(NOW);
  admin = await adminLogin(testApp);
  [product, finance, auditor, reviewer] = [
    await createStaff(testApp, admin, 'product'),
    await createStaff(testApp, admin, 'finance'),
    await createStaff(testApp, admin, 'auditor'),
    await createStaff(testApp, admin, 'reviewer'),
  ];
});
afterAll(() => testApp.close());

type Published = {
  symbol: string;
  marginClass: string;
  exclusion: string | null;
  initialBasisPoints: number | null;
  maintenanceBasisPoints: number | null;
  leverageMax: string | null;
};

const published = async (app: TestApp = testApp) => {
  const answer = (await call(app.app, '/margin/parameters', {})).json();
  expect(answer.status).toBe(1);
  return new Map<string, Published>(
    (answer.data.instruments as Published[]).map((item) => [item.symbol, item]),
  );
};
const save = (staff: StaffHeaders, body: Record<string, unknown>) =>
  callAdmin(
    testApp,
    '/margin/instrumentSave',
    {
      notMarginable: false,
      initialBasisPoints: null,
      maintenanceBasisPoints: null,
      lendable: false,
      lendingPaused: false,
      reason: 'risk committee decision',
      ...body,
    },
    staff,
  ).then((response) => response.json());
const overrideRows = () =>
  queryRows<{ symbol: string }>(testApp.database.db, sql`select symbol from instrument_margin_settings`);
const auditRows = () =>
  queryRows<{ target_id: string; reason: string; before: unknown; after: unknown; staff_id: string }>(
    testApp.database.db,
    sql`select target_id, reason, before, after, staff_id::text from audit_log
      where action = 'margin.instrument_settings' order by id`,
  );

describe('who may read and set them', () => {
  it('lists each instrument with its class, margins and lending for admin, product, finance and auditors', async () => {
    for (const staff of [admin, product, finance, auditor]) {
      const answer = (await callAdmin(testApp, '/margin/instruments', {}, staff)).json();
      expect(answer.status, JSON.stringify(answer).slice(0, 200)).toBe(1);
      const items = answer.data.items as { symbol: string; effective: Record<string, unknown> }[];
      expect(items.find((item) => item.symbol === 'ABI.BR')).toMatchObject({
        classRule: { marginClass: 'large_cap', initialBasisPoints: 5000, maintenanceBasisPoints: 3000 },
        effective: { marginClass: 'large_cap', lendable: false, lendingOpen: false },
        override: null,
      });
      expect(items.some((item) => item.symbol === '^BEL20')).toBe(false);
      // The configuration's borrow fee, which an instrument without its own has.
      expect(answer.data.borrowFeeDefaultBasisPoints).toBe(275);
    }
    const refused = (await callAdmin(testApp, '/margin/instruments', {}, reviewer)).json();
    expect(refused).toMatchObject({ status: 0, code: 'FORBIDDEN' });
  });

  it('refuses setting them to finance, auditors and reviewers, writing nothing', async () => {
    for (const staff of [finance, auditor, reviewer]) {
      expect(await save(staff, { symbol: 'ABI.BR', notMarginable: true })).toMatchObject({
        status: 0,
        code: 'FORBIDDEN',
      });
    }
    expect(await overrideRows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });
});

describe('refusals', () => {
  it('an unknown instrument, an index, margins below the class, on an excluded instrument, maintenance above initial', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ symbol: 'NOPE.BR' }, 'UNKNOWN_SYMBOL'],
      [{ symbol: '^BEL20' }, 'INSTRUMENT_NOT_TRADABLE'],
      [{ symbol: 'ABI.BR', initialBasisPoints: 4999 }, 'VALIDATION_FAILED'],
      [{ symbol: 'ABI.BR', maintenanceBasisPoints: 2999 }, 'VALIDATION_FAILED'],
      [{ symbol: 'BPOST.BR', initialBasisPoints: 5000, maintenanceBasisPoints: 4000 }, 'VALIDATION_FAILED'],
      [{ symbol: 'ABI.BR', initialBasisPoints: 6000, maintenanceBasisPoints: 7000 }, 'VALIDATION_FAILED'],
      [{ symbol: 'BTCUSD', initialBasisPoints: 9000 }, 'VALIDATION_FAILED'],
      [{ symbol: 'ABI.BR', notMarginable: true, initialBasisPoints: 9000 }, 'VALIDATION_FAILED'],
      [{ symbol: 'ABI.BR', initialBasisPoints: 10_001 }, 'VALIDATION_FAILED'],
      [{ symbol: 'ABI.BR', reason: '' }, 'VALIDATION_FAILED'],
    ];
    for (const [body, code] of cases) {
      expect(await save(product, body), JSON.stringify(body)).toMatchObject({ status: 0, code });
    }
    expect(await overrideRows()).toEqual([]);
    expect(await auditRows()).toEqual([]);
    const after = await published();
    expect(after.get('ABI.BR')).toMatchObject({ initialBasisPoints: 5000, maintenanceBasisPoints: 3000 });
  });
});

describe('an override, audited and applied by the one lookup', () => {
  it('raises a large cap’s margins: the published parameters and its leverage cap follow', async () => {
    const answer = await save(product, {
      symbol: 'ABI.BR',
      initialBasisPoints: 8000,
      maintenanceBasisPoints: 5000,
      lendable: true,
      reason: 'earnings volatility',
    });
    expect(answer.status, JSON.stringify(answer)).toBe(1);
    expect(answer.data).toMatchObject({
      classRule: { initialBasisPoints: 5000 },
      effective: {
        marginClass: 'large_cap',
        initialBasisPoints: 8000,
        maintenanceBasisPoints: 5000,
        lendable: true,
        lendingOpen: true,
      },
      override: { reason: 'earnings volatility' },
    });
    expect((await published()).get('ABI.BR')).toMatchObject({
      marginClass: 'large_cap',
      initialBasisPoints: 8000,
      maintenanceBasisPoints: 5000,
      leverageMax: '1.25',
    });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      target_id: 'ABI.BR',
      reason: 'earnings volatility',
      before: null,
      after: { initialBasisPoints: 8000, maintenanceBasisPoints: 5000, lendable: true, lendingPaused: false },
    });
  });

  it('takes an instrument out of margin and pauses its lending; the audit keeps before and after', async () => {
    const answer = await save(admin, {
      symbol: 'ABI.BR',
      notMarginable: true,
      lendable: true,
      lendingPaused: true,
      reason: 'takeover bid announced',
    });
    expect(answer.status, JSON.stringify(answer)).toBe(1);
    expect(answer.data.effective).toMatchObject({
      marginClass: 'not_marginable',
      exclusion: 'staff',
      initialBasisPoints: null,
      lendable: true,
      lendingOpen: false,
    });
    expect((await published()).get('ABI.BR')).toMatchObject({
      marginClass: 'not_marginable',
      exclusion: 'staff',
      leverageMax: null,
    });
    const entries = await auditRows();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      reason: 'takeover bid announced',
      before: { notMarginable: false, initialBasisPoints: 8000 },
      after: { notMarginable: true, initialBasisPoints: null, lendingPaused: true },
    });
    // Other instruments keep their class's settings.
    expect((await published()).get('BPOST.BR')).toMatchObject({
      marginClass: 'standard',
      initialBasisPoints: 6000,
    });
  });

  it('reaches another node on the same database within seconds', async () => {
    const second = await buildTestApp({ sharedDatabase: testApp.database, clock: testApp.clock });
    try {
      expect((await published(second)).get('ABI.BR')).toMatchObject({ marginClass: 'not_marginable' });
      expect(await save(product, { symbol: 'ABI.BR', reason: 'bid withdrawn' })).toMatchObject({ status: 1 });
      testApp.clock.set(new Date(testApp.clock.now().getTime() + 6_000));
      expect((await published(second)).get('ABI.BR')).toMatchObject({
        marginClass: 'large_cap',
        initialBasisPoints: 5000,
      });
    } finally {
      await second.close();
    }
  });
});
