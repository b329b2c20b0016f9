import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { loadMessages, type Messages } from '@beurs/i18n';
import type { Page } from 'playwright-core';
import { startFundedPhone } from '../scripts/funded-user';
import type { AppPage } from '../page-models/app-page';

// Issue 17 item 5 in Chromium, at the phone viewport: a newcomer opens the 60/40 strategy from the
// home screen, follows it with 500.00 EUR and sees the money frozen at once (no units yet: they
// come at the next NAV). The server's clock is moved to 16:00:30 in Brussels (a restart with
// CLOCK_START, as every e2e file moves time); the strategies job strikes the NAV and the follow is
// settled: 50.0000 units at 10.000000, nothing frozen. The newcomer redeems them all; past the
// two-day notice period the next NAV pays them, and the records list both strategy cash events.

const TIMEOUT_MS = 15_000;
const NAV_TIMEOUT_MS = 150_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOTS = 'test-results/strategies';

let session: Awaited<ReturnType<typeof startFundedPhone>>;
let page: Page;
let app: AppPage;
let messages: Messages;
let strategyId: string;

const shoot = async (name: string) => {
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const cents = (text: string) => BigInt(text.replace(/[^\d-]/g, ''));

/** Restarts the server at `at` and reopens the strategy page until its newest request is settled. */
async function waitForSettled(at: Date) {
  await session.server.restart({}, { clockStart: at });
  const deadline = Date.now() + NAV_TIMEOUT_MS;
  const state = page.getByTestId('strategy-req-state').first();
  for (;;) {
    await app.open('/home/index');
    await app.open(`/home/fllow?id=${strategyId}`);
    await state.waitFor({ timeout: TIMEOUT_MS });
    if ((await state.innerText()) === messages.strategy.states.settled) return;
    if (Date.now() >= deadline) assert.fail(`the NAV did not settle the request: ${await state.innerText()}`);
    await page.waitForTimeout(5_000);
  }
}

/** `from` + `days`, moved on to the next weekday when it falls on a weekend (same time of day). */
function tradingDayAfter(from: Date, days: number): Date {
  let day = new Date(from.getTime() + days * DAY);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + DAY);
  return day;
}

describe('a newcomer follows a strategy and leaves it', () => {
  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    session = await startFundedPhone({ accountPrefix: '32479', deposit: '1000.00' });
    ({ page, app } = session);
    messages = await loadMessages('en');
  });

  after(async () => {
    await session?.close();
  });

  it('finds the strategies from the home screen and follows one, the money frozen at once', async () => {
    await app.open('/home/index');
    await page.getByTestId('home-strategies').getByRole('link').click();
    await page.getByTestId('strategy-BAL6040').waitFor({ timeout: TIMEOUT_MS });
    await shoot('strategies-list-en');
    await page.getByTestId('strategy-BAL6040').getByRole('link').click();
    await page.getByTestId('strategy-warning').waitFor({ timeout: TIMEOUT_MS });
    strategyId = new URL(page.url().replace('#', '')).searchParams.get('id') ?? '';
    assert.notEqual(strategyId, '');
    assert.equal(await page.getByTestId('strategy-warning').innerText(), messages.strategy.warning);
    assert.equal(
      await page.getByTestId('strategy-notice').innerText(),
      messages.strategy.noticeValue.replace('{{days}}', '2'),
    );
    assert.doesNotMatch(await page.locator('body').innerText(), /expected/i);
    await shoot('strategy-detail-en');
    await page.getByTestId('strategy-amount').fill('500.00');
    await page.getByTestId('strategy-follow').click();
    await page
      .getByTestId('strategy-req-state')
      .filter({ hasText: messages.strategy.states.pending })
      .waitFor({ timeout: TIMEOUT_MS });
    assert.equal(cents(await page.getByTestId('strategy-req-amount').innerText()), 50_000n);
    await app.open('/information/index');
    await page
      .getByTestId('balance-EUR-frozen')
      .filter({ hasText: '500.00' })
      .waitFor({ timeout: TIMEOUT_MS });
  });

  it('at the next NAV the units are issued from the frozen money', async () => {
    const morning = session.server.now();
    // The server started at 10:00 in Brussels: 16:00:30 is six hours and half a minute later.
    await waitForSettled(new Date(morning.getTime() + 6 * HOUR + 30_000));
    assert.equal(await page.getByTestId('strategy-req-units').innerText(), '50.0000');
    assert.equal(await page.getByTestId('strategy-holding-units').innerText(), '50.0000');
    assert.equal(cents(await page.getByTestId('strategy-holding-value').innerText()), 50_000n);
    await shoot('strategy-followed-en');
    await app.open('/information/index');
    await page.getByTestId('balance-EUR-frozen').filter({ hasText: '0.00' }).waitFor({ timeout: TIMEOUT_MS });
    await app.open('/trade/index');
    await page.getByTestId('trade-tab-subscription').click();
    await page
      .getByTestId('strategy-holding-units')
      .filter({ hasText: '50.0000' })
      .waitFor({ timeout: TIMEOUT_MS });
    await shoot('strategy-positions-subscription-en');
  });

  it('a redemption is paid at the first NAV after the notice period, and the records show both', async () => {
    await app.open(`/home/fllow?id=${strategyId}`);
    await page.getByTestId('strategy-units').fill('50');
    await page.getByTestId('strategy-redeem').click();
    await page
      .getByTestId('strategy-req-state')
      .first()
      .filter({ hasText: messages.strategy.states.pending })
      .waitFor({ timeout: TIMEOUT_MS });
    const requested = session.server.now();
    // Two days' notice: the first weekday at least two days and half an hour after the request (past 16:00).
    const payday = tradingDayAfter(new Date(requested.getTime() + 30 * 60_000), 2);
    await waitForSettled(payday);
    const paid = cents(await page.getByTestId('strategy-req-paid').first().innerText());
    assert.ok(paid > 45_000n && paid < 55_000n, `paid ${paid}`);
    await app.open('/information/fundRecord');
    const records = page.locator('li[data-testid^="record-"]');
    for (const kind of [
      messages.fundRecord.kinds.strategy_subscription,
      messages.fundRecord.kinds.strategy_redemption,
    ]) {
      await records.filter({ hasText: kind }).first().waitFor({ timeout: TIMEOUT_MS });
    }
    const paidLine = records.filter({ hasText: messages.fundRecord.kinds.strategy_redemption }).first();
    assert.equal(cents(await paidLine.getByTestId('record-amount').innerText()), paid);
    // The record names the redemption with its units and NAV, from the request (not the memo).
    const redeemed = messages.fundRecord.details.strategy.units_redeemed.split('{{units}}')[0]!;
    await paidLine
      .filter({ hasText: `${redeemed.replace('{{code}}', 'BAL6040')}50` })
      .waitFor({ timeout: TIMEOUT_MS });
    await shoot('strategy-records-en');
  });

  it('the strategy pages in Dutch', async () => {
    await app.setLanguage('nl');
    const dutch = await loadMessages('nl');
    await app.open(`/home/fllow?id=${strategyId}`);
    await page.getByTestId('strategy-warning').filter({ hasText: dutch.strategy.warning }).waitFor({
      timeout: TIMEOUT_MS,
    });
    await shoot('strategy-detail-nl');
    await app.open('/home/fllow');
    await page.getByTestId('strategy-BAL6040').waitFor({ timeout: TIMEOUT_MS });
    await shoot('strategies-list-nl');
    await app.open('/information/fundRecord');
    const redeemed = dutch.fundRecord.details.strategy.units_redeemed.split('{{code}}')[0]!;
    await page
      .locator('li[data-testid^="record-"]')
      .filter({ hasText: `${redeemed}BAL6040` })
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
    await shoot('strategy-records-nl');
  });
});
