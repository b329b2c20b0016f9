import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// Borrowing and repaying at once (DESIGN.md §3 "Concurrency is tested"): under npm run test:pg the
// calls run on separate PostgreSQL connections; on PGlite they are serialised and must give the
// same answers. Parallel draws never pass the limit, parallel new loans open one, parallel
// repayments never repay more than is owed, and the ledger verifies after each.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const codes = (answers: Array<{ json(): { code?: string } }>) =>
  answers.map((answer) => answer.json().code ?? 'ok');
const loanOf = async (user: User, id: string) =>
  (await call(testApp.app, '/loan/detail', { id }, user)).json().data;

async function expectLedgerHolds() {
  expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
}

describe('credit line at once', () => {
  it('parallel new loans open one; the others are UNPAID_LOAN', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callWithKey(testApp, '/loan/borrow', { amount: '300.00' }, user)),
    );
    expect(codes(answers).sort()).toEqual([
      'UNPAID_LOAN',
      'UNPAID_LOAN',
      'UNPAID_LOAN',
      'UNPAID_LOAN',
      'UNPAID_LOAN',
      'ok',
    ]);
    const list = (await call(testApp.app, '/loan/list', {}, user)).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0].owed).toBe('300.00');
    await expectLedgerHolds();
  });

  it('parallel additional credit never passes the limit the score gives', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const loan = (await callWithKey(testApp, '/loan/borrow', { amount: '100.00' }, user)).json().data;
    // Score 325 - 25 for the debt: the first band, 1,000.00. Eight draws of 150 ask 1,200.00 more.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callWithKey(testApp, '/loan/additional', { loanId: loan.id, amount: '150' }, user),
      ),
    );
    const accepted = codes(answers).filter((code) => code === 'ok').length;
    const owed = BigInt((await loanOf(user, loan.id)).owed.replace('.', ''));
    expect(owed).toBe(10_000n + BigInt(accepted) * 15_000n);
    expect(owed).toBeLessThanOrEqual(100_000n);
    for (const code of codes(answers))
      expect(['ok', 'INSUFFICIENT_CREDIT_LIMIT', 'INSUFFICIENT_CREDIT_SCORE']).toContain(code);
    expect(accepted).toBeGreaterThan(0);
    await expectLedgerHolds();
  });

  it('parallel repayments never repay more than is owed', async () => {
    const user = await fundedUser(testApp, admin, '1000.00', channelId);
    const loan = (await callWithKey(testApp, '/loan/borrow', { amount: '500.00' }, user)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        callWithKey(testApp, '/loan/repay', { loanId: loan.id, amount: '200.00' }, user),
      ),
    );
    expect(codes(answers).filter((code) => code === 'ok')).toHaveLength(2);
    expect(codes(answers).filter((code) => code === 'REPAYMENT_EXCEEDS_LOAN')).toHaveLength(4);
    expect(await loanOf(user, loan.id)).toMatchObject({ owed: '100.00', repaid: '400.00', state: 'open' });
    const full = await Promise.all(
      Array.from({ length: 4 }, () =>
        callWithKey(testApp, '/loan/repay', { loanId: loan.id, amount: '100.00' }, user),
      ),
    );
    expect(codes(full).sort()).toEqual(['LOAN_NOT_OPEN', 'LOAN_NOT_OPEN', 'LOAN_NOT_OPEN', 'ok']);
    expect(await loanOf(user, loan.id)).toMatchObject({ owed: '0.00', repaid: '500.00', state: 'repaid' });
    await expectLedgerHolds();
  });
});
