import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { callApi, loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { idPhoto, nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer, type LedgerReport, type RunningServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

// Issue 4 in Chromium at a phone viewport against a real server on fresh PGlite, one user through
// every step: real-name verification with two photo uploads (staff approve through /api/admin), the
// fund password, a crypto address through the scam-friction question, a bank card, a deposit with a
// proof photo (staff approve), an exchange to USD, a withdrawal (staff approve). After each money
// step the 'me' screen's balances and the fund records are compared with `npm run ledger:verify`
// on the server's data (the server is stopped for it: PGlite is one process's database).
//
// Withdrawals are submitted only in processing hours on business days, so the server runs on a test
// clock (CLOCK_START) that starts at 10:00 in Brussels on the next business day.

const account = `3248${String(Date.now()).slice(-7)}`;
const password = 'money-secret-1';
const staffPassword = 'e2e-staff-password-1';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TIMEOUT_MS = 15_000;
const FEE = '1.50';

let server: RunningServer;
let browser: Browser;
let page: Page;
let app: AppPage;
let staffCall: ReturnType<typeof staffApi>;

/** A decimal string from a formatted amount such as "1,234.50 €" or "-$12.00". */
const plainAmount = (text: string | null) => (text ?? '').replace(/[^0-9.-]/g, '');

const eurBalance = (report: LedgerReport, kind: string) =>
  report.user.balances.find((balance) => balance.asset === 'EUR' && balance.kind === kind)?.balance;

/**
 * Runs `ledger:verify` on the server's data and checks that the ledger is sound and that the 'me'
 * screen (available and frozen per currency) and the fund records (every entry, per currency, with
 * its amount) show exactly what the ledger holds for this user.
 */
async function expectAppMatchesLedger(step: string): Promise<LedgerReport> {
  const report = await server.verifyLedger(account);
  assert.equal(report.isOk, true, `${step}: ledger:verify found ${JSON.stringify(report.breaches)}`);
  const balanceOf = (currency: string, kind: string) =>
    report.user.balances.find((balance) => balance.asset === currency && balance.kind === kind)?.balance ??
    '0.00';

  await page.reload();
  await app.open('/information/index');
  for (const currency of ['EUR', 'USD']) {
    for (const kind of ['available', 'frozen']) {
      const cell = page.getByTestId(`balance-${currency}-${kind}`);
      await cell.waitFor({ timeout: TIMEOUT_MS });
      assert.equal(
        plainAmount(await cell.textContent()),
        balanceOf(currency, kind),
        `${step}: 'me' screen ${currency} ${kind}`,
      );
    }
  }

  const cents = (amount: string) => BigInt(amount.replace('.', ''));
  // A record shows its entry's change of available + frozen; a freeze or a release (sum 0) shows
  // what it moved out of or back into the available balance.
  const expected = report.user.entries.flatMap((entry) => {
    const byCurrency = new Map<string, { total: bigint; available: bigint }>();
    for (const change of entry.changes) {
      if (change.accountKind !== 'available' && change.accountKind !== 'frozen') continue;
      const sums = byCurrency.get(change.asset) ?? { total: 0n, available: 0n };
      sums.total += cents(change.amount);
      if (change.accountKind === 'available') sums.available += cents(change.amount);
      byCurrency.set(change.asset, sums);
    }
    return [...byCurrency].map(([currency, sums]) => {
      const total = sums.total === 0n ? sums.available : sums.total;
      const sign = total < 0n ? '-' : '';
      const digits = (total < 0n ? -total : total).toString().padStart(3, '0');
      return `${entry.id} ${currency} ${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
    });
  });
  await app.open('/information/fundRecord');
  const items = page.locator('li[data-testid^="record-"]');
  if (expected.length === 0) {
    await page.getByTestId('empty-state').waitFor({ timeout: TIMEOUT_MS });
  } else {
    await page.waitForFunction(
      (count) => document.querySelectorAll('li[data-testid^="record-"]').length === count,
      expected.length,
      { timeout: TIMEOUT_MS },
    );
  }
  const shown = await items.evaluateAll((nodes) =>
    nodes.map((node) => {
      const [, id, currency] = /^record-(\d+)-(\w+)$/.exec(node.getAttribute('data-testid') ?? '') ?? [];
      const amount = node.querySelector('[data-testid="record-amount"]')?.textContent ?? '';
      return { id, currency, amount };
    }),
  );
  assert.deepEqual(
    shown.map((item) => `${item.id} ${item.currency} ${plainAmount(item.amount)}`).sort(),
    [...expected].sort(),
    `${step}: fund records`,
  );
  return report;
}

/** The wallet tab shows these balances, and the records tab lists a line with this amount. */
async function expectWalletAndTab(balances: Record<string, string>, tab: string, amount: string) {
  await app.open('/information/index');
  await page.getByTestId('tab-wallet').click();
  for (const [testId, text] of Object.entries(balances)) {
    await page.getByTestId(testId).filter({ hasText: text }).waitFor({ timeout: TIMEOUT_MS });
  }
  await app.open('/information/fundRecord');
  await page.getByTestId(`record-tab-${tab}`).click();
  await page
    .locator(`[data-testid="record-tab-${tab}"][aria-pressed="true"]`)
    .waitFor({ timeout: TIMEOUT_MS });
  await page
    .locator('li[data-testid^="record-"]')
    .filter({ hasText: amount })
    .first()
    .waitFor({ timeout: TIMEOUT_MS });
}

describe('money screens end to end', () => {
  before(async () => {
    server = await startServer(
      { INITIAL_STAFF_PASSWORD: staffPassword, WITHDRAWAL_FEE_EUR: FEE },
      { clockStart: nextWeekdayMorning(new Date()) },
    );
    staffCall = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
    browser = await launchChromium();
    page = await (await newPhoneContext(browser)).newPage();
    app = new AppPage(page, server.baseUrl);
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    // A bank holiday on a weekday (Christmas, Easter Monday, …): the server says so; move a day on.
    const session = await loginByApi(server.baseUrl, account, password);
    for (let attempt = 1; ; attempt++) {
      const rules = await callApi<{ rules: { id: string; isMet: boolean }[] }>(
        server.baseUrl,
        '/cashOut/rules',
        { currency: 'EUR' },
        session,
      );
      assert.equal(rules.body.status, 1);
      const hours = rules.body.status === 1 && rules.body.data.rules.find((rule) => rule.id === 'hours');
      if (hours && hours.isMet) break;
      assert.ok(attempt < 7, `no business day found near ${server.now().toISOString()}`);
      await server.restart({}, { clockStart: nextWeekdayMorning(server.now()) });
    }
    await page.reload();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('submits the identity with two photos; staff approve; the app shows it verified', async () => {
    await app.open('/information/authInfo');
    assert.match((await page.getByTestId('auth-state').textContent()) ?? '', /Not verified/);
    await app.fill('Full legal name', 'An Peeters');
    await app.fill('Document number', '85.01.01-123.87');
    await page.getByTestId('auth-front').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: await idPhoto('#336699'),
    });
    await page.getByTestId('auth-back').setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: await idPhoto('#993366'),
    });
    await page.getByAltText('Preview: Photo of the front').waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Our reviewers are checking your documents.').waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/money-authInfo-review.png' });

    const list = await staffCall<{ items: { id: string; account: string }[] }>('/identity/list', {});
    const submission = list.items.find((item) => item.account === account);
    assert.ok(submission, 'the submission is in the review list');
    await staffCall('/identity/review', {
      id: submission.id,
      decision: 'approve',
      reason: 'documents match',
    });

    await app.open('/information/index');
    await app.open('/information/authInfo');
    await page.getByTestId('auth-state').filter({ hasText: 'Verified' }).waitFor({ timeout: TIMEOUT_MS });
    assert.match((await page.getByTestId('auth-state').textContent()) ?? '', /850101\*+7/);
    assert.equal(await page.getByTestId('auth-form').count(), 0);
    await expectAppMatchesLedger('verified, nothing deposited');
  });

  it('sets the fund password after refusing five digits', async () => {
    await app.open('/information/fundPass');
    await app.fill('New fund password (6 digits)', '12345');
    await app.fill('Confirm the fund password', '12345');
    await page.getByRole('button', { name: 'Set fund password' }).click();
    await page.getByText('The fund password is exactly six digits.').waitFor({ timeout: TIMEOUT_MS });
    await app.fill('New fund password (6 digits)', '135790');
    await app.fill('Confirm the fund password', '135790');
    await page.getByRole('button', { name: 'Set fund password' }).click();
    await page
      .getByText('Your fund password is set. It protects withdrawals.')
      .waitFor({ timeout: TIMEOUT_MS });
    const session = await loginByApi(server.baseUrl, account, password);
    const status = await callApi<{ isSet: boolean }>(server.baseUrl, '/information/fundPass', {}, session);
    assert.deepEqual(status.body, { status: 1, msg: '', data: { isSet: true, lockedUntil: null } });
  });

  it('adds a BTC address through the safety question and shows its QR code', async () => {
    await app.open('/information/index');
    await page.getByTestId('menu-fundPass').waitFor({ timeout: TIMEOUT_MS });
    await page.getByTestId('tab-wallet').click();
    await app.waitForPath('/information/wallet');
    await page.getByTestId('wallet-balance-EUR').waitFor({ timeout: TIMEOUT_MS });
    await app.fill('Address', BTC);
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('button', { name: 'No, nobody told me to' }).click();
    const item = page.locator('[data-testid^="wallet-address-"]');
    await item.filter({ hasText: BTC }).waitFor({ timeout: TIMEOUT_MS });
    const qr = page.locator('[data-testid^="wallet-qr-"]');
    await qr.waitFor({ timeout: TIMEOUT_MS });
    assert.deepEqual(
      await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      [256, 256],
    );
    await page.screenshot({ path: 'test-results/money-wallet.png', fullPage: true });

    const session = await loginByApi(server.baseUrl, account, password);
    const wallet = await callApi<{ addresses: { address: string }[]; balances: { available: string }[] }>(
      server.baseUrl,
      '/information/wallet',
      {},
      session,
    );
    assert.equal(wallet.body.status, 1);
    if (wallet.body.status === 1) {
      assert.deepEqual(
        wallet.body.data.addresses.map((address) => address.address),
        [BTC],
      );
      const shown = await page.getByTestId('wallet-balance-EUR').textContent();
      assert.ok(shown?.includes(`${wallet.body.data.balances[0]?.available} €`), shown ?? '');
    }
  });

  it('adds a bank card in the verified name (the safety question was answered once already)', async () => {
    await app.open('/information/index');
    await page.getByTestId('menu-bankList').click();
    await app.waitForPath('/information/bankList');
    await page.getByTestId('bank-card-add').click();
    await app.waitForPath('/information/addBankCard');
    const holder = page.getByLabel('Account holder', { exact: true });
    await holder.and(page.locator('[value="An Peeters"]')).waitFor({ timeout: TIMEOUT_MS });
    await app.fill('IBAN', 'BE68 5390 0754 7034');
    await app.fill('BIC', 'GKCCBEBB');
    await app.fill('Bank name', 'Belfius');
    await page.getByRole('button', { name: 'Add card' }).click();
    await app.waitForPath('/information/bankList');
    const listed = page.locator('[data-testid^="bank-card-"]').filter({ hasText: 'Belfius' });
    await listed.waitFor({ timeout: TIMEOUT_MS });
    const session = await loginByApi(server.baseUrl, account, password);
    const cards = await callApi<{ ibanMasked: string; holderName: string }[]>(
      server.baseUrl,
      '/information/bankList',
      {},
      session,
    );
    assert.equal(cards.body.status, 1);
    if (cards.body.status === 1) {
      assert.equal(cards.body.data.length, 1);
      assert.equal(cards.body.data[0]?.holderName, 'An Peeters');
      assert.ok((await listed.textContent())?.includes(cards.body.data[0]?.ibanMasked ?? '?'));
    }
    await page.screenshot({ path: 'test-results/money-bankList.png' });
  });

  it('lists the withdrawal rules as the server reports them before the amount field', async () => {
    await app.open('/information/cashOut');
    await page.getByTestId('cash-out-rules').waitFor({ timeout: TIMEOUT_MS });
    const session = await loginByApi(server.baseUrl, account, password);
    const rules = await callApi<{ rules: { id: string; isMet: boolean }[] }>(
      server.baseUrl,
      '/cashOut/rules',
      { currency: 'EUR' },
      session,
    );
    assert.equal(rules.body.status, 1);
    if (rules.body.status !== 1) return;
    const shown = await page
      .locator('[data-testid^="rule-"]')
      .evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-testid'), item.getAttribute('data-met')]),
      );
    assert.deepEqual(
      shown,
      rules.body.data.rules.map((rule) => [`rule-${rule.id}`, String(rule.isMet)]),
    );
    // Verified, fund password set, own card: those rules are met; no money yet, so funds are not free.
    for (const id of ['identity_verified', 'fund_password_set', 'own_card']) {
      assert.equal(await page.getByTestId(`rule-${id}`).getAttribute('data-met'), 'true', id);
    }
    await page.screenshot({ path: 'test-results/money-cashOut.png', fullPage: true });
  });

  it('deposits with a proof photo through the safety question; staff approve; balances match the server', async () => {
    const channel = { currency: 'EUR', beneficiaryName: 'Beurs Demo NV', isEnabled: true };
    // The institutional channel first, so the list's first channel is not the one the user picks.
    const institutional = await staffCall<{ id: string }>('/deposit-channels/save', {
      ...channel,
      kind: 'institutional',
      name: 'Institutional account',
      collectionAccount: 'BE68539007547034',
      bic: 'GKCCBEBB',
      minimum: '1000.00',
      maximum: null,
      reason: 'e2e institutional channel',
    });
    const bank = await staffCall<{ id: string }>('/deposit-channels/save', {
      ...channel,
      kind: 'bank_transfer',
      name: 'Bank transfer',
      collectionAccount: 'BE71096123456769',
      bic: 'GKCCBEBB',
      minimum: '10.00',
      maximum: '5000.00',
      reason: 'e2e deposit channel',
    });
    // Wallet → deposit → the channel list → the bank transfer, preselected on the deposit form.
    await app.open('/information/wallet');
    await page.getByTestId('wallet-deposit').click();
    await app.waitForPath('/information/rechargeChannel');
    const institutionalItem = page.getByTestId(`channel-${institutional.id}`);
    await institutionalItem.waitFor({ timeout: TIMEOUT_MS });
    assert.match((await institutionalItem.getByTestId('channel-limits').textContent()) ?? '', /1,000\.00/);
    await page.getByTestId(`channel-${bank.id}`).click();
    await app.waitForPath('/information/recharge');
    const picker = page.locator('#deposit-channel');
    await picker.locator(`option[value="${bank.id}"]`).waitFor({ state: 'attached', timeout: TIMEOUT_MS });
    assert.equal(await picker.inputValue(), bank.id, 'the channel tapped is the one chosen');
    assert.equal(
      await page.getByTestId('deposit-demo').textContent(),
      'Demo mode: no real money is accepted; balances are demo money.',
    );
    await app.fill('Amount (EUR)', '250');
    await page.getByTestId('deposit-proof').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: await idPhoto('#229955'),
    });
    await page.getByRole('button', { name: 'Announce deposit' }).click();
    await page.getByRole('button', { name: 'No, nobody told me to' }).click();
    const reference = page.getByTestId('deposit-reference');
    await reference.waitFor({ timeout: TIMEOUT_MS });
    assert.match((await reference.textContent()) ?? '', /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    await page.screenshot({ path: 'test-results/money-recharge.png', fullPage: true });

    const pending = await staffCall<{ items: { id: string; account: string }[] }>('/deposits/list', {});
    const mine = pending.items.find((item) => item.account === account);
    assert.ok(mine, 'the deposit is in the staff list');
    await staffCall('/deposits/review', { id: mine.id, decision: 'approve', reason: 'transfer matched' });

    const report = await expectAppMatchesLedger('deposit approved');
    assert.equal(eurBalance(report, 'available'), '250.00');
    await expectWalletAndTab({ 'wallet-balance-EUR': '250.00 €' }, 'deposit', '250.00 €');
  });

  it('exchanges 100 EUR to USD at the quote; wallet and records match the server', async () => {
    await app.open('/information/wallet');
    await page.getByTestId('wallet-exchange').click();
    await app.waitForPath('/information/exChange');
    await app.fill('Amount (EUR)', '100');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    const received = page.getByTestId('exchange-received');
    await received.waitFor({ timeout: TIMEOUT_MS });
    const quoted = (await received.textContent()) ?? '';
    await page.screenshot({ path: 'test-results/money-exchange.png', fullPage: true });
    await page.getByRole('button', { name: 'Confirm exchange' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Exchanged' }).waitFor({ timeout: TIMEOUT_MS });

    const report = await expectAppMatchesLedger('exchanged 100 EUR');
    assert.equal(eurBalance(report, 'available'), '150.00');
    const usd =
      report.user.balances.find((b) => b.asset === 'USD' && b.kind === 'available')?.balance ?? '0.00';
    // Exactly the held quote, whatever the market did since.
    const cents = (text: string) => BigInt(text.replace(/[^0-9]/g, ''));
    assert.equal(cents(usd), cents(quoted), `${usd} ≠ ${quoted}`);
    await expectWalletAndTab(
      { 'wallet-balance-EUR': '150.00 €', 'wallet-balance-USD': `$${usd}` },
      'exchange',
      '-100.00 €',
    );
  });

  it('withdraws 120 EUR: fee and payout shown before confirming; the amount is frozen', async () => {
    await app.open('/information/cashOut');
    await page
      .getByTestId('rule-hours')
      .and(page.locator('[data-met="true"]'))
      .waitFor({ timeout: TIMEOUT_MS });
    await app.fill('Amount (EUR)', '120');
    await app.fill('Fund password', '135790');
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    const payout = page.getByTestId('cash-out-payout');
    await payout.waitFor({ timeout: TIMEOUT_MS });
    assert.equal(plainAmount(await payout.textContent()), '118.50');
    await page.screenshot({ path: 'test-results/money-cashOut-confirm.png' });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Withdrawal submitted.' })
      .waitFor({ timeout: TIMEOUT_MS });
    await page
      .getByTestId('withdrawal-waiting')
      .filter({ hasText: 'Waiting for a staff review' })
      .waitFor({ timeout: TIMEOUT_MS });
    const report = await expectAppMatchesLedger('withdrawal submitted');
    // The 120 EUR moved from available to frozen (the screen showed the same); nothing is paid yet.
    assert.equal(eurBalance(report, 'available'), '30.00');
    assert.equal(eurBalance(report, 'frozen'), '120.00');
  });

  it('staff approve the withdrawal: paid out, the fee taken from the amount; app and ledger agree', async () => {
    const pending = await staffCall<{ items: { id: string; account: string; amount: string }[] }>(
      '/withdrawals/list',
      {},
    );
    const mine = pending.items.find((item) => item.account === account);
    assert.ok(mine, 'the withdrawal is in the staff list');
    assert.equal(mine.amount, '120.00');
    await staffCall('/withdrawals/review', { id: mine.id, decision: 'approve', reason: 'paid to the card' });
    await app.open('/information/cashOut');
    await page
      .locator('[data-testid^="withdrawal-"]')
      .filter({ hasText: 'Paid out' })
      .waitFor({ timeout: TIMEOUT_MS });
    const report = await expectAppMatchesLedger('withdrawal paid out');
    assert.equal(eurBalance(report, 'available'), '30.00');
    assert.equal(eurBalance(report, 'frozen'), '0.00');
    const payout = report.user.entries.at(-1);
    assert.equal(payout?.kind, 'withdrawal');
    assert.deepEqual(payout?.changes, [{ asset: 'EUR', accountKind: 'frozen', amount: '-120.00' }]);
  });
});
