import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadMessages, type Messages } from '@beurs/i18n';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServerAtEuronextOpen } from '../src/euronext-server';
import type { RunningServer } from '../src/server';
import { decimalOf, minorUnits } from '../page-models/amounts';
import { AppPage } from '../page-models/app-page';
import { OnboardingPage } from '../page-models/onboarding-page';
import { TradePage } from '../page-models/trade-page';

// Issue 18 in Chromium: a fresh server in demo mode with the demo desk on, and a new user alone in
// the app — nobody calls the staff API. Register with the printed invitation code, submit the
// identity with two photos and watch the desk approve it, deposit on the demo channel with a proof
// and watch the balance arrive, then buy a first share at market. The screens must follow the
// desk's decisions as they happen: each is checked on a screen that stays open (no reload; a marker
// set on the page before must still be there after).
//
// The desk decides DEMO_DESK_DELAY_SECONDS after a submission: long enough that the screen is seen
// waiting first, short enough for the test. Euronext must be open for the buy: the server's clock
// starts at 10:00 in Brussels on the next business day.

const DESK_DELAY_SECONDS = 6;
const password = 'alone-secret-1';
const PIN = '135790';
const DEPOSIT = '500.00';
const account = `3245${String(Date.now()).slice(-7)}`;
const TIMEOUT_MS = 15_000;
/** The desk's delay, then the app's refresh while something waits for a decision, with room to spare. */
const DECISION_TIMEOUT_MS = DESK_DELAY_SECONDS * 1_000 + 20_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let messages: Messages;
let app: AppPage;
let onboarding: OnboardingPage;
let trade: TradePage;

/** Marks the page; `assertNotReloaded` fails if the document was loaded again since. */
async function markPage(): Promise<void> {
  await page.evaluate(() => ((window as unknown as { e2eMark?: string }).e2eMark = 'no reload'));
}
async function assertNotReloaded(what: string): Promise<void> {
  const mark = await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark ?? null);
  assert.equal(mark, 'no reload', `${what}: the page was reloaded`);
}

describe('a newcomer alone, with the demo desk', () => {
  before(async () => {
    server = await startServerAtEuronextOpen({
      DEMO_DESK: 'on',
      DEMO_DESK_DELAY_SECONDS: String(DESK_DELAY_SECONDS),
    });
    messages = await loadMessages('en');
    browser = await launchChromium();
    page = await (await newPhoneContext(browser)).newPage();
    app = new AppPage(page, server.baseUrl);
    onboarding = new OnboardingPage(page, server.baseUrl, messages);
    trade = new TradePage(page, server.baseUrl, 'en', messages);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the start-up log says the demo desk is on and how to turn it off; the user registers', async () => {
    assert.match(
      server.log(),
      new RegExp(`demo desk: +on: .* ${DESK_DELAY_SECONDS} s after they arrive.*DEMO_DESK=off turns it off`),
    );
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
  });

  it('submits the identity with two photos; the desk approves it and the open screen shows it', async () => {
    await onboarding.submitIdentity('An Peeters', '85.07.30-033.28');
    await markPage();
    await onboarding.waitForVerified(DECISION_TIMEOUT_MS);
    await page
      .getByTestId('decided-by')
      .filter({ hasText: messages.demoDesk.decidedBy.replace('{{name}}', messages.demoDesk.name) })
      .waitFor({ timeout: TIMEOUT_MS });
    await assertNotReloaded('identity');
    // The 'me' screen knows it too.
    await app.open('/information/index');
    await page.getByTestId('me-name').filter({ hasText: 'An Peeters' }).waitFor({ timeout: TIMEOUT_MS });
  });

  it('sets the fund password (the trading PIN)', async () => {
    await onboarding.setFundPassword(PIN);
  });

  it('deposits on the demo channel with a proof; the credited balance appears on the open screen', async () => {
    const depositId = await onboarding.announceDeposit('demo', 'EUR', '500');
    const deposit = page.getByTestId(depositId);
    await deposit.filter({ hasText: messages.recharge.states.pending }).waitFor({ timeout: TIMEOUT_MS });
    // The user goes to the 'me' screen (in the app, no reload) while the deposit waits.
    await markPage();
    await app.open('/information/index');
    const available = page.getByTestId('balance-EUR-available');
    await available.waitFor({ timeout: TIMEOUT_MS });
    assert.equal(trade.amount(await available.innerText()), '0.00', 'nothing is credited before the desk');
    await available.filter({ hasText: '500.00 €' }).waitFor({ timeout: DECISION_TIMEOUT_MS });
    await assertNotReloaded('deposit');
    // The deposit's own line says who credited it.
    await app.open('/information/recharge');
    await deposit.filter({ hasText: messages.recharge.states.approved }).waitFor({ timeout: TIMEOUT_MS });
    await deposit.getByTestId('decided-by').waitFor({ timeout: TIMEOUT_MS });
  });

  it('buys a first share at market; the app and the ledger agree', async () => {
    await trade.openStock('KBC.BR');
    await trade.openTicket('buy');
    await trade.setQuantity('1');
    await trade.costs('1');
    await trade.review();
    await trade.confirm(PIN);
    await app.toast().filter({ hasText: messages.trade.placed.filled }).waitFor({ timeout: TIMEOUT_MS });
    const card = trade.positionCard('KBC');
    await card.getByTestId('position-quantity').filter({ hasText: /^1$/ }).waitFor({ timeout: TIMEOUT_MS });
    await trade.openPosition('KBC');
    const paidInApp = await trade.figure(page.getByTestId('screen-positionDetail'), 'fill-total');

    const report = await server.verifyLedger(account);
    assert.equal(report.isOk, true, `ledger:verify found ${JSON.stringify(report.breaches)}`);
    const balance = (asset: string, kind: string) =>
      report.user.balances.find((item) => item.asset === asset && item.kind === kind)?.balance;
    assert.equal(balance('sec:KBC.BR', 'available'), '1');
    // What the order and its fill took from the user's cash is the fill's total the app shows.
    const paid = report.user.entries
      .filter((entry) => entry.source.type === 'order' || entry.source.type === 'fill')
      .flatMap((entry) => entry.changes)
      .filter((change) => change.asset === 'EUR' && ['available', 'frozen'].includes(change.accountKind))
      .reduce((sum, change) => sum - minorUnits(change.amount), 0n);
    assert.equal(decimalOf(paid), paidInApp);
    assert.equal(balance('EUR', 'available'), decimalOf(minorUnits(DEPOSIT) - paid));
    assert.equal(balance('EUR', 'frozen'), '0.00');
  });
});
