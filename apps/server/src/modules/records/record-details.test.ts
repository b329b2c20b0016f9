import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { users } from '../users/users.tables';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { testKey, testSource } from '../../ledger/ledger-test-support';

// Each fund record carries a structured detail the app translates, built by the module that owns
// the entry's source (deposits, withdrawals, exchange, corrections) from its own rows — never from
// the memo, and never from another user's row.

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
type Item = { id: string; kind: string; memo: string; currency: string; detail: unknown };

async function allRecords(user: User, pageSize = 3) {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const response = await call(testApp.app, '/fundRecord/list', { tab: 'all', page, pageSize }, user);
    const data = response.json().data;
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}

async function withdraw(user: User & { cardId: string }, amount: string) {
  const response = await callWithKey(
    testApp,
    '/cashOut/submit',
    { amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
    user,
  );
  if (response.json().status !== 1) throw new Error(`withdrawal failed: ${response.body}`);
  return response.json().data as { id: string; amount: string; fee: string; payout: string };
}

describe('fund record details', () => {
  it('describe every kind with its parameters from the tables, the staff reasons verbatim', async () => {
    const user = await fundedUser(testApp, admin, '1000.00');
    const deposits = (await call(testApp.app, '/recharge/list', { page: 1, pageSize: 10 }, user)).json().data;
    const reference = deposits.items[0].reference as string;

    const quote = (
      await call(testApp.app, '/exChange/quote', { from: 'EUR', to: 'USD', amount: '100.00' }, user)
    ).json().data;
    await callWithKey(testApp, '/exChange/submit', { quoteId: quote.quoteId }, user);

    const rejected = await withdraw(user, '300.00');
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: rejected.id, decision: 'reject', reason: 'IBAN gesloten bij de bank' },
      admin,
    );
    const paid = await withdraw(user, '120.00');
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: paid.id, decision: 'approve', reason: 'paid by SEPA' },
      admin,
    );
    const correction = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '5.00', reason: 'Refund of a duplicated fee' },
      admin,
    );
    expect(correction.json().data).toMatchObject({ state: 'applied' });

    const cards = (await call(testApp.app, '/information/bankList', undefined, user)).json().data;
    const ibanMasked = cards[0].ibanMasked as string;
    expect(ibanMasked).toMatch(/^BE\d{2} \*\*\*\* \d{4}$/);

    const items = await allRecords(user);
    const exchangeDetail = {
      type: 'exchange',
      from: 'EUR',
      to: 'USD',
      amount: '100.00',
      received: quote.received,
      appliedRate: quote.appliedRate,
      spreadBasisPoints: quote.spreadBasisPoints,
      rateSource: quote.source,
    };
    expect(items.map((item) => [item.kind, item.currency, item.detail])).toEqual([
      ['correction', 'EUR', { type: 'correction', reason: 'Refund of a duplicated fee' }],
      ['withdrawal', 'EUR', { type: 'withdrawal_paid', currency: 'EUR', payout: paid.payout, fee: paid.fee }],
      // Each hold says what became of its withdrawal.
      ['hold_reserve', 'EUR', { type: 'withdrawal_hold', ibanMasked, state: 'approved' }],
      ['hold_release', 'EUR', { type: 'withdrawal_rejected', reason: 'IBAN gesloten bij de bank' }],
      ['hold_reserve', 'EUR', { type: 'withdrawal_hold', ibanMasked, state: 'rejected' }],
      ['exchange', 'EUR', exchangeDetail],
      ['exchange', 'USD', exchangeDetail],
      ['deposit', 'EUR', { type: 'deposit', reference }],
    ]);
    expect(reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    // The memo stays the journal's own text.
    expect(items[3]?.memo).toBe('Withdrawal rejected: IBAN gesloten bij de bank');
  });

  it('answer null for an entry with no row of the user behind it', async () => {
    const other = await fundedUser(testApp, admin, '300.00');
    const othersWithdrawal = await withdraw(other, '150.00');
    const user = await fundedUser(testApp, admin, '50.00');
    const [row] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, user.account));
    const userId = row?.id ?? 0n;
    await testApp.app.services.ledger.hold(testApp.database.db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 1_000n,
      memo: 'Order 7 reserved',
    });
    for (const [source, memo] of [
      [testSource('withdrawal', othersWithdrawal.id), 'Names another user’s withdrawal'],
      [testSource('order', '999999999'), 'Names no order'],
    ] as const) {
      await testApp.app.services.ledger.hold(testApp.database.db, {
        idempotencyKey: testKey('hold'),
        source,
        userId,
        asset: 'EUR',
        amountMinor: 100n,
        memo,
      });
    }
    const [noOrder, othersHold, hold] = await allRecords(user);
    expect(hold).toMatchObject({ kind: 'hold_reserve', memo: 'Order 7 reserved', detail: null });
    expect(othersHold).toMatchObject({ memo: 'Names another user’s withdrawal', detail: null });
    expect(noOrder).toMatchObject({ memo: 'Names no order', detail: null });
    // The other user's own record of it is described.
    const [othersRecord] = await allRecords(other);
    expect(othersRecord).toMatchObject({
      kind: 'hold_reserve',
      detail: { type: 'withdrawal_hold', state: 'pending' },
    });
  });
});
