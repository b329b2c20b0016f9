import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadMessages, type Messages } from '@beurs/i18n';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { openBankTransferChannel, startServerAtEuronextOpen } from '../src/euronext-server';
import { staffApi } from '../src/fixtures';
import type { RunningServer } from '../src/server';
import { minorUnits, readAmount } from '../page-models/amounts';
import { AppPage } from '../page-models/app-page';
import { OnboardingPage } from '../page-models/onboarding-page';
import { TradePage } from '../page-models/trade-page';

// Short selling and securities lending (issue 16 item 3) end to end in Chromium at a phone viewport
// against the built server on fresh PGlite, one server for the file. Two users are verified and
// funded in the app (staff approve through /api/admin); staff mark a Brussels large cap lendable
// with a borrow fee of its own (2.50 % a year); the lender buys shares of it and opts in to lend
// (through the API: set-up); the short seller opens a margin account in the app, opens the ticket,
// chooses Sell and Short, sees the borrow fee and the initial margin on the ticket and in the cost
// block, confirms with the PIN and sees the short position in the holdings: marked Short, its P&L
// (once the live price has repriced it) what the sale received less the value now. The lender then
// opens the securities-lending screen and sees the shares lent and the instrument's fee. Euronext must be open: the server's test
// clock starts at 10:00 in Brussels on the next business day.

const staffPassword = 'e2e-short-staff-password-1';
const password = 'short-secret-1';
const PIN = '246801';
const DEPOSIT = '3000.00';
/** The instrument's own borrow fee, set by staff (the configuration's is 3.00 %). */
const BORROW_FEE_BASIS_POINTS = 250;
const LENDER_SHARES = 10;
const SHORT_SHARES = 4;
const TIMEOUT_MS = 15_000;

type User = { account: string; context: BrowserContext; page: Page; app: AppPage };

let server: RunningServer;
let browser: Browser;
let staffCall: ReturnType<typeof staffApi>;
let messages: Messages;
let shorter: User;
let lender: User;
let symbol = '';
let code = '';
const stamp = String(Date.now()).slice(-6);

const shoot = async (page: Page, name: string) => {
  await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 5_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `test-results/short-selling-${name}-en.png` });
};

async function newUser(account: string): Promise<User> {
  const context = await newPhoneContext(browser);
  const page = await context.newPage();
  return { account, context, page, app: new AppPage(page, server.baseUrl) };
}

/** Registered, verified (staff approve), trading PIN set and a deposit approved, all in the app. */
async function onboard(user: User, name: string, documentNumber: string): Promise<void> {
  const { page, app, account } = user;
  const onboarding = new OnboardingPage(page, server.baseUrl, messages);
  await app.register(account, password, server.invitationCode);
  await app.login(account, password);
  await app.expectHome(account);
  await onboarding.submitIdentity(name, documentNumber);
  const identities = await staffCall<{ items: { id: string; account: string }[] }>('/identity/list', {});
  const submission = identities.items.find((item) => item.account === account);
  assert.ok(submission, 'the identity is in the review list');
  await staffCall('/identity/review', { id: submission.id, decision: 'approve', reason: 'documents match' });
  await app.open('/information/index');
  await app.open('/information/authInfo');
  await onboarding.waitForVerified();
  await onboarding.setFundPassword(PIN);
  const depositId = await onboarding.announceDeposit('bank_transfer', 'EUR', DEPOSIT);
  const deposits = await staffCall<{ items: { id: string; account: string }[] }>('/deposits/list', {});
  const deposit = deposits.items.find((item) => item.account === account);
  assert.ok(deposit, 'the deposit is in the staff list');
  await staffCall('/deposits/review', { id: deposit.id, decision: 'approve', reason: 'transfer matched' });
  await app.open('/information/index');
  await app.open('/information/recharge');
  await page
    .getByTestId(depositId)
    .filter({ hasText: messages.recharge.states.approved })
    .waitFor({ timeout: TIMEOUT_MS });
}

describe('short selling and securities lending end to end (issue 16 item 3)', () => {
  before(async () => {
    server = await startServerAtEuronextOpen({ INITIAL_STAFF_PASSWORD: staffPassword });
    staffCall = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
    await openBankTransferChannel(staffCall);
    // A Brussels large cap: KBC if it is one.
    const parameters = await callApi<{ instruments: { symbol: string; marginClass: string }[] }>(
      server.baseUrl,
      '/margin/parameters',
      {},
    );
    const instruments = parameters.body.status === 1 ? parameters.body.data.instruments : [];
    const brussels = instruments
      .filter((row) => row.marginClass === 'large_cap' && row.symbol.endsWith('.BR'))
      .map((row) => row.symbol);
    symbol = brussels.includes('KBC.BR') ? 'KBC.BR' : (brussels[0] ?? '');
    assert.ok(symbol, 'a Brussels large cap');
    code = symbol.replace(/\.BR$/, '');
    browser = await launchChromium();
    messages = await loadMessages('en');
    shorter = await newUser(`3247${stamp}1`);
    lender = await newUser(`3247${stamp}2`);
  });

  after(async () => {
    await shorter?.context.close();
    await lender?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('staff mark a large cap lendable with its own borrow fee; two users are verified and funded', async () => {
    const saved = await staffCall<{ effective: { lendable: boolean; lendingOpen: boolean } }>(
      '/margin/instrumentSave',
      {
        symbol,
        notMarginable: false,
        initialBasisPoints: null,
        maintenanceBasisPoints: null,
        lendable: true,
        lendingPaused: false,
        borrowFeeBasisPoints: BORROW_FEE_BASIS_POINTS,
        reason: 'e2e: lendable for short selling',
      },
    );
    assert.equal(saved.effective.lendingOpen, true);
    await onboard(shorter, 'Els Maes', '85.01.01-123.87');
    await onboard(lender, 'Jan Peeters', '80.02.02-456.14');
  });

  it('the lender holds shares and opts in to lend them (set-up through the API)', async () => {
    const session = await loginByApi(server.baseUrl, lender.account, password);
    // An order is placed with an idempotency key, as the app sends one.
    const response = await fetch(`${server.baseUrl}/api/vue/trade/place`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        token: session.token,
        account: session.account,
        'idempotency-key': `e2e-lender-buy-${stamp}`,
      },
      body: JSON.stringify({
        symbol,
        side: 'buy',
        type: 'market',
        quantity: String(LENDER_SHARES),
        fundPassword: PIN,
      }),
    });
    const placed = (await response.json()) as { status: number; data?: { state: string } };
    assert.equal(placed.status, 1, JSON.stringify(placed));
    assert.equal(placed.data?.state, 'filled');
    const lending = await callApi<{ isOptedIn: boolean }>(
      server.baseUrl,
      '/margin/lendingOptIn',
      { lend: true },
      session,
    );
    assert.equal(lending.body.status, 1, JSON.stringify(lending.body));
    assert.equal(lending.body.status === 1 && lending.body.data.isOptedIn, true);
  });

  it('opens a margin account in the app, sells short on the ticket and sees the short position', async () => {
    const { page } = shorter;
    await new OnboardingPage(page, server.baseUrl, messages).openMarginAccount();

    const trade = new TradePage(page, server.baseUrl, 'en', messages);
    await trade.openStock(symbol);
    await trade.openTicket('buy');
    await page.getByTestId('side-sell').click();
    await page.locator('[data-testid="side-sell"][aria-checked="true"]').waitFor({ timeout: TIMEOUT_MS });
    // The Long/Short choice: the instrument is lendable and the margin account open.
    await page.getByTestId('ticket-short').waitFor({ timeout: TIMEOUT_MS });
    await page.getByTestId('direction-short').click();
    await page
      .locator('[data-testid="direction-short"][aria-checked="true"]')
      .waitFor({ timeout: TIMEOUT_MS });
    assert.match(
      await page.getByTestId('ticket-short-terms').innerText(),
      /borrow fee 2\.50 % a year, initial margin 50\.00 % held in your margin account/,
    );
    await trade.setQuantity(String(SHORT_SHARES));
    await page.locator('[data-testid="ticket-review"]:not([disabled])').waitFor({ timeout: TIMEOUT_MS });
    // The cost block prices them: the initial margin held and the borrow fee a day.
    const margin = page.getByTestId('cost-short-margin');
    await margin.waitFor({ timeout: TIMEOUT_MS });
    const price = Number(await trade.ticketPrice());
    const held = Number(await trade.figure(page.getByTestId('cost-block'), 'cost-short-margin'));
    const expected = (SHORT_SHARES * price) / 2;
    assert.ok(Math.abs(held - expected) <= expected * 0.05, `initial margin ${held} for ${expected}`);
    const costs = await page.getByTestId('cost-block').innerText();
    assert.match(costs, /Initial margin held \(50\.00\s?%\)/);
    assert.match(costs, /Borrow fee: 2\.50\s?% a year/);
    assert.match(await page.getByTestId('cost-borrow-fee').innerText(), /^\d+\.\d{2} € a day$/);
    await page.getByTestId('cost-block').scrollIntoViewIfNeeded();
    await shoot(page, 'ticket');
    await trade.review();
    await trade.confirm(PIN);

    await page
      .locator('[data-testid="trade-tab-holdings"][aria-selected="true"]')
      .waitFor({ timeout: TIMEOUT_MS });
    const card = trade.positionCard(code);
    await card.first().waitFor({ timeout: TIMEOUT_MS });
    await card.first().getByTestId('position-direction').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await card.first().getByTestId('position-direction').innerText(), 'Short');
    // One reading of the card once the live stream has repriced it (the simulator moves the price
    // every few seconds): a short gains what its shares lost, so its P&L is what the sale received
    // (average × quantity) less the value now.
    const serverLast = await card.first().getByTestId('position-last').innerText();
    await page
      .waitForFunction(
        ([testId, before]) =>
          document.querySelector(`li[data-testid^="position-"] [data-testid="${testId}"]`)?.textContent !==
          before,
        ['position-last', serverLast],
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    const shown = await card.first().innerText();
    /** A figure of the card by its label, as a plain decimal string ("+3.34 €" → "3.34", "-0.90 €" → "-0.90"). */
    const figure = (label: string) => {
      const match = new RegExp(`${label}\\n?\\s*([^\\n]+)`).exec(shown);
      const amount = readAmount(match?.[1] ?? null, 'en');
      assert.ok(amount, `${label} in ${shown}`);
      return amount;
    };
    assert.equal(figure('Quantity'), String(SHORT_SHARES));
    // At the price scale (4 decimals): average × quantity − value, against the P&L shown (±0.02).
    const received = minorUnits(figure('Average cost'), 4) * BigInt(SHORT_SHARES);
    const value = minorUnits(figure('Market value'), 2) * 100n;
    const pnl = minorUnits(figure('Unrealised P&L'), 2) * 100n;
    const gap = pnl - (received - value);
    assert.ok(gap >= -200n && gap <= 200n, `a short's P&L ${pnl}: received ${received}, value ${value}`);
    await shoot(page, 'holdings');
  });

  it('the lender sees the shares lent on the securities-lending screen', async () => {
    const { page, app } = lender;
    await app.open('/information/index');
    await app.open('/information/securitiesLending');
    await page.getByTestId('screen-securitiesLending').waitFor({ timeout: TIMEOUT_MS });
    await page.getByTestId('lending-lent').waitFor({ timeout: TIMEOUT_MS });
    assert.match(await page.getByTestId('lending-state').innerText(), /^You lend your shares since /);
    // What the short borrowed, from the one lender in the pool.
    const lent = await page.getByTestId('lending-lent').innerText();
    assert.match(lent, new RegExp(`^${SHORT_SHARES} ${symbol.replace('.', '\\.')}$`));
    assert.match(
      await page.getByTestId('lending-list').innerText(),
      new RegExp(`\\(${symbol.replace('.', '\\.')}\\): borrow fee 2\\.50\\s?% a year`),
    );
    await shoot(page, 'lending');
  });
});
