import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// Meant for PostgreSQL (npm run test:pg), where the 20 calls run at once on separate connections.
// 20 withdrawals of 150.00 against 1,000.00: whatever interleaving happens, the accepted ones never
// exceed the balance (one pending fund operation at a time means exactly one is accepted), the
// frozen balance equals what was accepted, and the ledger verifies.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const body = (user: { cardId: string }, amount: string) => ({
  currency: 'EUR',
  amount,
  cardId: user.cardId,
  fundPassword: FUND_PASSWORD,
});

describe('parallel withdrawals', () => {
  it('20 at once whose sum exceeds the balance never overdraw, and the ledger verifies', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => callWithKey(testApp, '/cashOut/submit', body(user, '150.00'), user)),
    );
    const accepted = answers.filter((answer) => answer.json().status === 1);
    const refusals = new Set(
      answers.filter((answer) => answer.json().status !== 1).map((a) => a.json().code),
    );
    expect(accepted).toHaveLength(1);
    expect([...refusals]).toEqual(['FUND_OPERATION_IN_PROGRESS']);
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];
    expect(info).toMatchObject({ available: '850.00', frozen: '150.00' });

    // Paid out, the rest can go in one go; one more cent is refused.
    const id = accepted[0]?.json().data.id;
    await callAdmin(testApp, '/withdrawals/review', { id, decision: 'approve', reason: 'paid' }, admin);
    const second = await Promise.all(
      ['850.00', '850.01'].map((amount) => callWithKey(testApp, '/cashOut/submit', body(user, amount), user)),
    );
    const codes = second.map((answer) => answer.json().code ?? 'OK').sort();
    expect(codes).toEqual(expect.arrayContaining(['OK']));
    expect(codes.filter((code) => code !== 'OK')).toHaveLength(1);
    const after = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];
    expect(BigInt(after.frozen.replace('.', ''))).toBeLessThanOrEqual(85_000n);
    expect(after.available).toBe(after.frozen === '850.00' ? '0.00' : '850.00');

    const verification = await verifyLedger(testApp.database.db);
    expect(verification.breaches).toEqual([]);
  });

  it('a withdrawal retried at once with one idempotency key creates one record and one hold', async () => {
    const user = await fundedUser(testApp, admin, '400.00');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callWithKey(testApp, '/cashOut/submit', body(user, '120.00'), user, 'withdraw-retry-0001'),
      ),
    );
    expect(answers.map((answer) => answer.json().status)).toEqual(Array(8).fill(1));
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect((await call(testApp.app, '/cashOut/list', {}, user)).json().data.total).toBe(1);
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];
    expect(info).toMatchObject({ available: '280.00', frozen: '120.00' });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});
