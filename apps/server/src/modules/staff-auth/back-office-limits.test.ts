import { adminEndpoints } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, DEFAULT_PASSWORD, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from './admin-test-support';

// What the back-office can never do, whatever its screens (issue 15, item 6): make a price, change
// a balance without a journal entry, or see a user's password, fund password or session token.

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let second: StaffHeaders;
let user: Awaited<ReturnType<typeof fundedUser>>;

const journal = async () => {
  const report = await verifyLedger(testApp.database.db);
  return { breaches: report.breaches, entries: report.entryCount };
};

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  second = await createStaff(testApp, admin, 'finance');
  user = await fundedUser(testApp, admin, '600.00', await createChannel(testApp, finance));
});
afterAll(() => testApp.close());

/** Every key an object schema can carry, at any depth (through arrays, optionals, unions, pipes). */
function keysOf(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (value: unknown) => (value ? keysOf(value as z.ZodType, seen) : []);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => [key, ...inner(value)]);
    }
    case 'array':
      return inner(def.element);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'record':
      return inner(def.valueType);
    default:
      return inner(def.innerType);
  }
}

describe('the back-office never changes a balance without a journal entry', () => {
  it('a deposit, a withdrawal and corrections each add their entries and keep the books', async () => {
    const start = await journal();
    expect(start.breaches).toEqual([]);

    const submitted = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: '150.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    expect(submitted.json().status).toBe(1);
    const held = await journal();
    const paid = await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: submitted.json().data.id, decision: 'approve', reason: 'paid to the card' },
      finance,
    );
    expect(paid.json().status).toBe(1);
    const afterPayout = await journal();
    expect(afterPayout.breaches).toEqual([]);
    expect(afterPayout.entries).toBeGreaterThan(held.entries);

    const small = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '-5.00', reason: 'fee charged twice' },
      finance,
    );
    expect(small.json().data).toMatchObject({ state: 'applied' });
    const afterSmall = await journal();
    expect(afterSmall.entries).toBe(afterPayout.entries + 1n);
    expect(afterSmall.breaches).toEqual([]);

    const large = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '150.00', reason: 'interest owed, ticket 7' },
      finance,
    );
    expect(large.json().data).toMatchObject({ state: 'pending', entryId: null });
    expect((await journal()).entries).toBe(afterSmall.entries);
    const approved = await callAdmin(
      testApp,
      '/corrections/review',
      { id: large.json().data.id, decision: 'approve', reason: 'checked against the ticket' },
      second,
    );
    expect(approved.json().data.entryId).not.toBeNull();
    const end = await journal();
    expect(end.entries).toBe(afterSmall.entries + 1n);
    expect(end.breaches).toEqual([]);
  });

  it('the check is not blind: a balance changed in the database without an entry is found', async () => {
    await testApp.database.db.execute(
      sql`UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE id = (SELECT id FROM ledger_accounts WHERE balance_minor > 0 LIMIT 1)`,
    );
    expect((await journal()).breaches.map((breach) => breach.check)).toContain(
      'balance row differs from postings',
    );
  });
});

describe('the back-office never sees a user’s password, fund password or session token', () => {
  it('no staff answer carries them, nor a password hash, after the user went through every review', async () => {
    const secrets = [DEFAULT_PASSWORD, FUND_PASSWORD, user.token, '$argon2'];
    const userId = (await callAdmin(testApp, '/users/detail', { account: user.account }, admin)).json().data
      .id as string;
    const reads: [string, unknown][] = [
      ['/users/detail', { account: user.account }],
      ['/users/sessions', { account: user.account }],
      ['/identity/list', { state: 'authenticated', pageSize: 100 }],
      ['/deposits/list', { state: 'approved', pageSize: 100 }],
      ['/withdrawals/list', { state: 'approved', pageSize: 100 }],
      ['/corrections/list', { state: 'applied', pageSize: 100 }],
      ['/audit/list', { pageSize: 100 }],
      ['/audit/list', { userId, pageSize: 100 }],
      ['/staff/list', { pageSize: 100 }],
      ['/deposit-channels/list', { pageSize: 100 }],
    ];
    for (const [path, body] of reads) {
      const response = await callAdmin(testApp, path, body, admin);
      expect(response.json().status, path).toBe(1);
      for (const secret of secrets)
        expect(response.body.includes(secret), `${path} shows ${secret}`).toBe(false);
    }
    // Looking at a user's sessions is audited like opening their page.
    const looked = await callAdmin(
      testApp,
      '/audit/list',
      { action: 'user.view_sessions', targetType: 'user', targetId: userId },
      admin,
    );
    expect(looked.json().data.items).toEqual([
      expect.objectContaining({ action: 'user.view_sessions', targetType: 'user', targetId: userId }),
    ]);
  });

  it('no back-office answer has a field for one (the server drops fields its contract does not declare)', () => {
    // The staff member's own sign-in token, two-factor secret and recovery codes are theirs.
    const own = new Set([
      'login.mustChangePassword',
      'login.token',
      'twoFactorSetup.secret',
      'twoFactorSetup.otpauthUri',
      'twoFactorEnable.recoveryCodes',
    ]);
    const found = Object.entries(adminEndpoints).flatMap(([name, endpoint]) =>
      keysOf(endpoint.data as z.ZodType)
        .filter((key) => /password|token|secret|hash|recovery|otpauth|session/i.test(key))
        .map((key) => `${name}.${key}`)
        .filter((key) => !own.has(key)),
    );
    expect(found).toEqual([]);
  });
});

describe('the back-office never makes a price', () => {
  it('no back-office call takes a price, a quote or a rate, nor lives under the market paths', () => {
    const found = Object.entries(adminEndpoints).flatMap(([name, endpoint]) => [
      ...keysOf(endpoint.request as z.ZodType)
        .filter((key) => /price|quote|bid|ask|rate|close|candle|tick/i.test(key))
        .map((key) => `${name}.${key}`),
      ...(/market|quote|price|trade/i.test(endpoint.path) ? [endpoint.path] : []),
    ]);
    expect(found).toEqual([]);
  });

  it('no back-office call changes a role: only a new account gets one, and not from the caller', () => {
    const taking = Object.entries(adminEndpoints)
      .filter(([, endpoint]) => keysOf(endpoint.request as z.ZodType).includes('role'))
      .map(([name]) => name);
    expect(taking).toEqual(['createStaff']);
  });
});
