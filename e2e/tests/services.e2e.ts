import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { idPhoto } from '../src/fixtures';
import type { RunningServer } from '../src/server';
import type { AppPage } from '../page-models/app-page';
import { startFundedPhone } from '../scripts/funded-user';

// Issue 14's account services in Chromium at a phone viewport against a real server on fresh
// PGlite, one verified user with 500 EUR: the credit score and its factors, a loan borrowed after
// its cost is shown, repaid in full from the loan screen (the ledger verifies, nothing owed), the
// daily check-in (a second one is refused), and a professional-client application with an evidence
// picture that staff approve through /api/admin — after which the screen says so.

const password = 'services-secret-1';
const TIMEOUT_MS = 15_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let app: AppPage;
let staffCall: Awaited<ReturnType<typeof startFundedPhone>>['staff'];
let account: string;

const text = async (testId: string) => {
  const cell = page.getByTestId(testId);
  await cell.waitFor({ timeout: TIMEOUT_MS });
  return (await cell.textContent()) ?? '';
};

describe('account services in Chromium', () => {
  before(async () => {
    ({
      server,
      browser,
      page,
      app,
      account,
      staff: staffCall,
    } = await startFundedPhone({
      accountPrefix: '32491',
      deposit: '500.00',
      password,
      fundPassword: '246810',
      serverEnv: { DEMO_DESK: 'off' },
    }));
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the score with each factor and the limit it gives', async () => {
    await app.open('/information/index');
    await page.getByTestId('menu-creditScore').click();
    await app.waitForPath('/information/creditScore');
    assert.equal(await text('credit-score'), '325');
    assert.match(await text('factor-identity_verified'), /Identity verified\s*\+300/);
    assert.match(await text('factor-deposit_months'), /\+25/);
    assert.match(await text('factor-current_debt'), /What you owe now\s*0/);
    assert.equal(await text('credit-limit'), '1,000.00 €');
  });

  it('borrows after seeing the cost, then repays in full; the ledger verifies', async () => {
    await page.getByTestId('credit-to-loans').click();
    await app.waitForPath('/information/loanList');
    await page.getByTestId('borrow-amount').fill('400');
    await page.getByTestId('borrow-preview').click();
    await page.getByTestId('loan-schedule').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await text('loan-preview-apr'), '12.68 %');
    assert.equal(await page.getByTestId('loan-schedule').locator('tbody tr').count(), 12);
    await page.getByTestId('borrow-confirm').click();
    await app.waitForPath('/information/loan');
    assert.equal(await text('loan-owed'), '400.00 €');
    assert.equal(await text('loan-borrowed'), '400.00 €');

    await page.getByTestId('repay-amount').fill('400.01');
    await page.getByTestId('repay-submit').click();
    await app.toast().filter({ hasText: 'The repayment exceeds the loan.' }).waitFor({
      timeout: TIMEOUT_MS,
    });
    await page.getByTestId('repay-all').click();
    await page.getByTestId('repay-submit').click();
    await page.getByTestId('loan-repaid').filter({ hasText: '400.00 €' }).waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await text('loan-owed'), '0.00 €');

    const report = await server.verifyLedger(account);
    assert.equal(report.isOk, true, JSON.stringify(report.breaches));
    const kinds = report.user.entries.map((entry) => entry.kind);
    assert.ok(kinds.includes('loan') && kinds.includes('loan_repayment'), kinds.join(','));
    const available = report.user.balances.find((item) => item.asset === 'EUR' && item.kind === 'available');
    assert.equal(available?.balance, '500.00');
  });

  it('checks in once today and shows the day’s card', async () => {
    await app.open('/information/checkIn');
    await page.getByTestId('checkin-submit').click();
    await page.getByTestId('checkin-card').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await text('checkin-streak'), '1 day');
    assert.equal(await page.getByTestId('checkin-submit').isDisabled(), true);
  });

  it('applies as a professional client with evidence; staff approve with a reason', async () => {
    await app.open('/information/seatAccount');
    await page.getByTestId('seat-criterion-trades').check();
    await page.getByTestId('seat-criterion-portfolio').check();
    await page.getByTestId('seat-acknowledge').check();
    await page.getByTestId('seat-submit').click();
    await app.toast().filter({ hasText: 'do not meet the trades criterion' }).waitFor({
      timeout: TIMEOUT_MS,
    });
    await page.getByTestId('seat-criterion-trades').uncheck();
    await page.getByTestId('seat-criterion-experience').check();
    await page.getByTestId('seat-evidence').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: await idPhoto('#447788'),
    });
    await page.getByText('1 picture added').waitFor({ timeout: TIMEOUT_MS });
    await page
      .getByTestId('seat-statement')
      .fill('Portfolio statement from my bank; bond trader since 2019.');
    await page.getByTestId('seat-submit').click();
    await page
      .getByTestId('seat-state')
      .filter({ hasText: 'waiting for a decision' })
      .waitFor({ timeout: TIMEOUT_MS });

    const pending = await staffCall<{ items: { id: string; account: string }[] }>('/professional/list', {});
    const application = pending.items.find((item) => item.account === account);
    assert.ok(application, 'the application is in the staff list');
    await staffCall('/professional/review', {
      id: application.id,
      decision: 'approve',
      reason: 'Portfolio statement and employment checked',
    });
    await page.reload();
    await app.open('/information/seatAccount');
    await page.getByText('You are a professional client').waitFor({ timeout: TIMEOUT_MS });
    assert.match(await text('seat-state'), /Portfolio statement and employment checked/);
  });
});
