import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, loginByApi } from '../src/api';
import { launchChromium } from '../src/browser';
import { idPhoto, nextWeekdayMorning } from '../src/fixtures';
import { startServer, type RunningServer } from '../src/server';
import { AdminPage } from '../page-models/admin-page';

// The back-office in Chromium at 1440×900 against the built server on fresh PGlite: the printed
// staff account signs in at /admin/ (changes the first-start password, sets up two-factor sign-in)
// and creates a reviewer, two payments officers and an auditor; a user (through the API, as the
// mobile app calls it) submits an identity, a deposit and a withdrawal; the reviewer approves the
// identity and a payments officer the deposit and the withdrawal, by keyboard; that officer
// proposes a correction above the threshold, which they cannot approve themselves and the second
// officer approves; a support agent answers the user's chat, then on the user's page reads it and
// asks for a withdrawal bar that the administrator approves in its queue (the page's trail shows
// the decisions on the user's items); a product staff member creates an IPO offering (a refusal
// shown with its message first), listed with its seed commitment and never its seed; the auditor
// finds every decision in the audit log and reads the offering without a create button. Each role
// sees only its menu.

const TIMEOUT_MS = 15_000;
const ADMIN_PASSWORD = 'first-start-password-1';
const STAFF_PASSWORD = 'staff-password-e2e-1';
const account = `3247${String(Date.now()).slice(-7)}`;
const userPassword = 'admin-e2e-secret-1';

let server: RunningServer;
let browser: Browser;
let session: { token: string; account: string };

/**
 * The back-office dialog holding `text`, once its opening animation is over. Two CI runs saw a
 * dialog filled in and confirmed during that animation stay open with no message (the close-early
 * dialog, then the strategy-close one); why was not proven.
 */
async function openedDialog(page: Page, text: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor({ timeout: TIMEOUT_MS });
  await page.locator('.ant-modal.ant-zoom-appear').waitFor({ state: 'detached', timeout: TIMEOUT_MS });
  return dialog;
}

async function upload(background: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'image/png' },
    body: new Uint8Array(await idPhoto(background)),
  });
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const staffOf: Record<string, AdminPage> = {};

before(async () => {
  server = await startServer(
    // No demo IPO nor demo placement: the staff member's offering and placement are the only ones.
    { INITIAL_STAFF_PASSWORD: ADMIN_PASSWORD, DEMO_IPO: 'off', DEMO_PLACEMENT: 'off' },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  browser = await launchChromium();
  const registered = await callApi(server.baseUrl, '/user/register', {
    account,
    password: userPassword,
    confirmPassword: userPassword,
    invitationCode: server.invitationCode,
  });
  assert.equal(registered.body.status, 1, JSON.stringify(registered.body));
  session = await loginByApi(server.baseUrl, account, userPassword);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function userCall<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...session, ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { status: number; data: T };
  if (json.status !== 1) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

describe('back-office', () => {
  it('the printed staff account signs in at /admin/: new password, two-factor setup', async () => {
    const admin = await AdminPage.open(browser, server.baseUrl, server.now);
    staffOf.admin = admin;
    assert.match(server.log(), /back-office:\s+http:\/\/\S+\/admin\//);
    await admin.firstSignIn('admin', ADMIN_PASSWORD, 'administrator-password-2');
    assert.deepEqual(await admin.menuItems(), [
      'Identities',
      'Deposits',
      'Withdrawals',
      'Corrections',
      'Professional clients',
      'Withdrawal bars',
      'Escalated deposits',
      'Escalated withdrawals',
      'Users',
      'Support',
      'Deposit channels',
      'Fees and TOB',
      'Margin and lending',
      'Offerings (IPO)',
      'Placements (block trades)',
      'Strategies',
      'Staff',
      'Audit log',
      'Reconciliation',
      'My account',
    ]);
  });

  it('the administrator creates a reviewer, two payments officers and an auditor', async () => {
    const { page } = staffOf.admin!;
    await staffOf.admin!.menu('Staff');
    for (const [username, role] of [
      ['rita', 'Reviewer'],
      ['paul', 'Payments'],
      ['petra', 'Payments'],
      ['aude', 'Auditor'],
      ['sam', 'Support'],
      ['pia', 'Product'],
    ] as const) {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('First password (they change it)').fill(STAFF_PASSWORD);
      await page.getByLabel('Role').click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: new RegExp(`^${role}$`) })
        .click();
      await page.getByLabel('Reason').fill('joins the operations team');
      await page.getByRole('button', { name: 'Create staff account' }).click();
      await page.locator('tr', { hasText: username }).waitFor({ timeout: TIMEOUT_MS });
      await page.getByLabel('Username').waitFor();
    }
    await page.screenshot({ path: 'test-results/admin-staff.png' });
  });

  it('a payments officer adds a deposit channel', async () => {
    const paul = await AdminPage.open(browser, server.baseUrl, server.now);
    staffOf.paul = paul;
    await paul.firstSignIn('paul', STAFF_PASSWORD);
    assert.deepEqual(await paul.menuItems(), [
      'Deposits',
      'Withdrawals',
      'Corrections',
      'Escalated deposits',
      'Escalated withdrawals',
      'Users',
      'Deposit channels',
      'Fees and TOB',
      'Margin and lending',
      'Offerings (IPO)',
      'Placements (block trades)',
      'Strategies',
      'Reconciliation',
      'My account',
    ]);
    const { page } = paul;
    await paul.menu('Deposit channels');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await page.getByLabel('Name').fill('Bank transfer');
    await page.getByLabel('Collection account').fill('BE71096123456769');
    await page.getByLabel('Beneficiary').fill('Beurs Demo NV');
    await page.getByLabel('BIC').fill('GKCCBEBB');
    await page.getByLabel('Maximum (empty: none)').fill('5000.00');
    await page.getByLabel('Reason').fill('the collection account opened today');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('tr', { hasText: 'BE71096123456769' }).waitFor({ timeout: TIMEOUT_MS });
  });

  it('the reviewer approves the identity the user submitted, by keyboard, the photos beside the data', async () => {
    await userCall('/information/submitAuth', {
      realname: 'An Peeters',
      documentType: 'be_national_register',
      documentNumber: '85.07.30-033.28',
      frontImageId: await upload('#336699'),
      backImageId: await upload('#993366'),
    });
    const rita = await AdminPage.open(browser, server.baseUrl, server.now);
    staffOf.rita = rita;
    await rita.firstSignIn('rita', STAFF_PASSWORD);
    assert.deepEqual(await rita.menuItems(), [
      'Identities',
      'Professional clients',
      'Users',
      'Fees and TOB',
      'My account',
    ]);
    await rita.menu('Identities');
    const { page } = rita;
    await page.getByTestId('review-detail').getByText('An Peeters').first().waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('img', { name: 'Document front' }).waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('img', { name: 'Document back' }).waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/admin-identity-queue.png' });
    await rita.decideByKeyboard(account, 'a');
    await page.getByText('Nothing waiting for a decision.').waitFor({ timeout: TIMEOUT_MS });
    const info = await userCall<unknown>('/information/authInfo', {});
    assert.match(JSON.stringify(info), /authenticated/);
  });

  it('the payments officer approves the deposit and then the withdrawal the user made', async () => {
    await userCall('/information/fundPass/set', { password: '135790', confirmPassword: '135790' });
    await userCall('/information/scamCheck', { trigger: 'first_deposit', wasToldByOnlineContact: false });
    const channels = await userCall<{ channels: { id: string; currency: string }[] }>(
      '/recharge/channels',
      {},
    );
    await userCall(
      '/recharge/submit',
      { channelId: channels.channels[0]?.id, amount: '500.00', proofImageId: await upload('#229955') },
      { 'idempotency-key': `deposit-${account}` },
    );
    const paul = staffOf.paul!;
    const { page } = paul;
    await paul.menu('Deposits');
    await page.getByTestId('review-detail').getByText('500.00').waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('img', { name: 'Proof of payment' }).waitFor({ timeout: TIMEOUT_MS });
    // Matching helpers: the statement's reference and amount typed in, compared with the deposit's.
    const matching = page.getByTestId('deposit-matching');
    await matching
      .getByText("The user's first deposit through this channel")
      .waitFor({ timeout: TIMEOUT_MS });
    await matching.getByText('The picture is not the proof of any other deposit').waitFor();
    const reference =
      (await page
        .getByTestId('review-detail')
        .getByText(/^\+\+\+/)
        .first()
        .textContent()) ?? '';
    await matching.getByLabel('Reference on the statement').fill(reference.replace(/\D/g, ''));
    await matching.getByText('Reference matches').waitFor({ timeout: TIMEOUT_MS });
    await matching.getByLabel('Amount on the statement').fill('450,00');
    await matching.getByText('Amount differs').waitFor({ timeout: TIMEOUT_MS });
    await matching.getByLabel('Amount on the statement').fill('500,00');
    await matching.getByText('Amount matches').waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/admin-deposit-queue.png' });
    await paul.decideByKeyboard(account, 'a');
    await page.getByText('Nothing waiting for a decision.').waitFor({ timeout: TIMEOUT_MS });

    await userCall('/information/scamCheck', {
      trigger: 'first_payout_method',
      wasToldByOnlineContact: false,
    });
    const card = await userCall<{ id: string }>('/information/addBankCard', {
      holderName: 'An Peeters',
      iban: 'BE68 5390 0754 7034',
      bic: 'GKCCBEBB',
      bankName: 'Belfius Bank',
      branch: '',
    });
    await userCall(
      '/cashOut/submit',
      { currency: 'EUR', amount: '120.00', cardId: card.id, fundPassword: '135790' },
      { 'idempotency-key': `withdraw-${account}` },
    );
    await paul.menu('Withdrawals');
    await page.getByText('Account holder matches the verified name').waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/admin-withdrawal-queue.png' });
    await paul.decideByKeyboard(account, 'a');
    await page.getByText('Nothing waiting for a decision.').waitFor({ timeout: TIMEOUT_MS });
  });

  it('a correction above the threshold waits for a second officer: not its author', async () => {
    const paul = staffOf.paul!;
    await paul.menu('Users');
    await paul.page.getByLabel('Find').fill('An Peeters');
    await paul.page.getByLabel('Find').press('Enter');
    await paul.page.locator('tr', { hasText: account }).filter({ hasText: 'name' }).click();
    await paul.page.getByText('Balances (from the ledger)').waitFor({ timeout: TIMEOUT_MS });
    await paul.page.getByLabel('Amount').fill('150.00');
    await paul.page.getByLabel('Reason').fill('interest owed for March, ticket 4411');
    await paul.page.getByRole('button', { name: 'Propose' }).click();
    await paul.page.getByText('Correction waits for a second staff member').waitFor({ timeout: TIMEOUT_MS });
    await paul.menu('Corrections');
    await paul.page.getByText('You proposed this correction: a second staff member decides it.').waitFor({
      timeout: TIMEOUT_MS,
    });
    assert.equal(await paul.page.getByRole('button', { name: 'Approve' }).isDisabled(), true);

    const petra = await AdminPage.open(browser, server.baseUrl, server.now);
    staffOf.petra = petra;
    await petra.firstSignIn('petra', STAFF_PASSWORD);
    await petra.menu('Corrections');
    await petra.decideByKeyboard(account, 'a');
    await petra.page.getByText('Nothing waiting for a decision.').waitFor({ timeout: TIMEOUT_MS });
  });

  it('a support agent answers the user in the support chat', async () => {
    await userCall('/support/send', { body: 'When is my withdrawal paid out?' });
    const sam = await AdminPage.open(browser, server.baseUrl, server.now);
    await sam.firstSignIn('sam', STAFF_PASSWORD);
    staffOf.sam = sam;
    assert.deepEqual(await sam.menuItems(), [
      'Withdrawal bars',
      'Users',
      'Support',
      'Fees and TOB',
      'My account',
    ]);
    await sam.menu('Support');
    await sam.page.getByTestId(`conversation-${account}`).click();
    await sam.page.getByTestId('support-thread').getByText('When is my withdrawal paid out?').waitFor({
      timeout: TIMEOUT_MS,
    });
    await sam.page.getByLabel('Answer').fill('It was paid this morning; banks take up to one business day.');
    await sam.page.getByRole('button', { name: 'Send answer' }).click();
    await sam.page
      .getByTestId('support-thread')
      .getByText('It was paid this morning')
      .waitFor({ timeout: TIMEOUT_MS });
    await sam.page.screenshot({ path: 'test-results/admin-support.png' });
    const thread = await userCall<{ messages: { author: string; body: string }[] }>('/support/thread', {});
    assert.deepEqual(
      thread.messages.map((message) => message.author),
      ['user', 'staff'],
    );
  });

  it('on the user page support reads the chat and asks for a withdrawal bar, which another staff member approves; the trail has every staff action on the user', async () => {
    const sam = staffOf.sam!;
    await sam.page.goto(`${sam.url}#/users/${account}`);
    await sam.page.getByRole('button', { name: 'Open the conversation' }).click();
    await sam.page
      .getByTestId('support-thread')
      .getByText('When is my withdrawal paid out?')
      .waitFor({ timeout: TIMEOUT_MS });
    await sam.page.getByLabel('Days').fill('5');
    await sam.page.getByLabel('Note for staff').fill('bank reported a possible takeover, ticket 5120');
    await sam.page.getByRole('button', { name: 'Ask for the bar' }).click();
    await sam.page.getByText('Asked: another staff member must approve it.').waitFor({ timeout: TIMEOUT_MS });
    await sam.menu('Withdrawal bars');
    await sam.page
      .getByText('You asked for this bar: another staff member decides.')
      .waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await sam.page.getByRole('button', { name: 'Approve' }).isDisabled(), true);
    await sam.page.screenshot({ path: 'test-results/admin-withdrawal-bars.png' });

    const admin = staffOf.admin!;
    await admin.menu('Withdrawal bars');
    await admin.decideByKeyboard(account, 'a');
    await admin.page.getByText('Nothing waiting for a decision.').waitFor({ timeout: TIMEOUT_MS });
    const refused = await fetch(`${server.baseUrl}/api/vue/cashOut/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session, 'idempotency-key': `barred-${account}` },
      body: JSON.stringify({ currency: 'EUR', amount: '20.00', cardId: '1', fundPassword: '135790' }),
    });
    assert.match(await refused.text(), /WITHDRAWAL_BARRED/);

    // The trail on the user page: the decisions on the user's items (logged against the items).
    await admin.page.goto(`${admin.url}#/users/${account}`);
    for (const [action, who] of [
      ['identity.approve', 'rita'],
      ['deposit.approve', 'paul'],
      ['withdrawal.approve', 'paul'],
      ['correction.approve', 'petra'],
      ['withdrawal_bar.propose', 'sam'],
      ['withdrawal_bar.approve', 'admin'],
      ['support.reply', 'sam'],
    ]) {
      await admin.page
        .locator('tr', { hasText: action })
        .filter({ hasText: who })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
    }
  });

  it('a product staff member creates an IPO offering: a refusal shows its message, the list shows the seed commitment and never the seed', async () => {
    const pia = await AdminPage.open(browser, server.baseUrl, server.now);
    await pia.firstSignIn('pia', STAFF_PASSWORD);
    assert.deepEqual(await pia.menuItems(), [
      'Deposit channels',
      'Fees and TOB',
      'Margin and lending',
      'Offerings (IPO)',
      'Placements (block trades)',
      'Strategies',
      'My account',
    ]);
    await pia.menu('Offerings');
    const { page } = pia;
    await page.getByText('No offering yet.').waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'New offering' }).click();
    // The form says what a symbol may be: a free CODE.BR creates a new instrument.
    assert.match(
      (await page.getByTestId('offering-symbol-help').textContent()) ?? '',
      /free Euronext Brussels symbol CODE\.BR .* creates that new instrument/,
    );
    // The window opens after the server's clock (ahead of the browser's), in the browser's zone.
    const local = (days: number) => {
      const at = new Date(server.now().getTime() + days * 86_400_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    };
    for (const [label, value] of [
      ['Symbol', 'NOPE'],
      ['Name', 'UCB new shares'],
      ['Issue market', 'Euronext Brussels'],
      ['Lead underwriter', 'KBC Securities'],
      ['Issue price (EUR)', '1.25'],
      ['Shares offered', '50000'],
      ['Minimum fee (EUR, optional)', '5.00'],
      ['Prospectus (web address)', 'https://example.org/ucb-prospectus.pdf'],
      ['Window opens', local(1)],
      ['Window closes', local(3)],
      ['Lottery date', local(4)],
      ['Distribution date', local(4)],
      ['Listing date', local(6)],
      ['Reason', 'IPO window agreed with the issuer'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Create the offering' }).click();
    await page
      .getByRole('alert')
      .getByText('No instrument has the symbol NOPE.')
      .waitFor({ timeout: TIMEOUT_MS });
    await page.getByLabel('Symbol', { exact: true }).fill('UCB.BR');
    await page.getByRole('button', { name: 'Create the offering' }).click();
    const row = page.locator('tr', { hasText: 'UCB new shares' });
    await row.waitFor({ timeout: TIMEOUT_MS });
    await row.getByText('To be subscribed').waitFor({ timeout: TIMEOUT_MS });
    // Who created it: a staff member, by id (the simulator's demo offerings say so instead).
    assert.match(
      (await row.locator('[data-testid^="offering-created-by-"]').textContent()) ?? '',
      /^Staff member #\d+$/,
    );
    const commitment = page.locator('[data-testid^="offering-commitment-"]');
    assert.match((await commitment.textContent()) ?? '', /^[0-9a-f]{64}$/);
    assert.equal(await page.locator('[data-testid^="offering-seed-"]').count(), 0);
    await page.getByText('Published after the draw').waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/admin-offerings.png' });

    // A placement (block trade) of a listed share, then closed early with a reason.
    await pia.menu('Placements');
    await page.getByText('No placement yet.').waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'New placement' }).click();
    for (const [label, value] of [
      ['Symbol', 'KBC.BR'],
      ['Name', 'KBC Group block'],
      ['Fixed price', '58.50'],
      ['Block (shares)', '5000'],
      ['Minimum (shares)', '200'],
      ['Daily limit per user (shares)', '1000'],
      ['Window opens', local(1)],
      ['Window closes', local(2)],
      ['Reason', 'block agreed with the seller'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Create the placement' }).click();
    const placement = page.locator('tr', { hasText: 'KBC Group block' });
    await placement.getByText('Upcoming').waitFor({ timeout: TIMEOUT_MS });
    // Who created it: a staff member, by id (the simulator's demo placements say so instead).
    assert.match(
      (await placement.locator('[data-testid^="placement-created-by-"]').textContent()) ?? '',
      /^Staff member #\d+$/,
    );
    await placement.getByRole('button', { name: 'Close early' }).click();
    const closeDialog = await openedDialog(page, 'Close and refund everyone');
    const closeReason = closeDialog.getByLabel('Reason', { exact: true });
    await closeReason.fill('seller withdrew the block');
    // The form must hold the reason before it is sent (the dialog validates it on submit).
    assert.equal(await closeReason.inputValue(), 'seller withdrew the block');
    await closeDialog.getByRole('button', { name: 'Close and refund everyone' }).click();
    // The dialog closes when the server agrees; a refusal stays in it as an alert: name it if so.
    const outcome = await Promise.race([
      closeDialog.waitFor({ state: 'hidden', timeout: TIMEOUT_MS }).then(() => 'closed'),
      closeDialog
        .getByRole('alert')
        .waitFor({ timeout: TIMEOUT_MS })
        .then(async () => `refused: ${await closeDialog.getByRole('alert').textContent()}`),
    ]);
    assert.equal(outcome, 'closed');
    await placement.getByText('Closed early').waitFor({ timeout: TIMEOUT_MS });
    await placement.getByText('seller withdrew the block').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await placement.getByRole('button', { name: 'Close early' }).count(), 0);
    await page.screenshot({ path: 'test-results/admin-placements.png' });

    // The copy-following strategies: the published ones listed; one closed to new follows; a new one published.
    await pia.menu('Strategies');
    const trend = page.getByTestId('strategy-state-TRENDBR');
    await trend.getByText('Open').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await page.getByTestId('strategy-state-BAL6040').textContent(), 'Open');
    assert.equal(await page.getByTestId('strategy-followers-TRENDBR').textContent(), '0');
    await page.locator('tr', { hasText: 'TRENDBR' }).getByRole('button', { name: 'Close' }).click();
    const strategyDialog = await openedDialog(page, 'Close TRENDBR to new follows');
    await strategyDialog.getByRole('textbox').fill('rule retired by the committee');
    assert.equal(await strategyDialog.getByRole('textbox').inputValue(), 'rule retired by the committee');
    await strategyDialog.getByRole('button', { name: 'Confirm' }).click();
    await strategyDialog.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
    await trend.getByText('Closed').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(
      await page.locator('tr', { hasText: 'TRENDBR' }).getByRole('button', { name: 'Close' }).count(),
      0,
    );
    // A new strategy from the form: a weights total off 10,000 is named before anything is sent.
    await page.getByRole('button', { name: 'New strategy' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Publish a new strategy' });
    await drawer.getByLabel('Code').fill('kbucb73');
    await drawer.getByLabel('Name').fill('KBC and UCB, 70/30');
    for (const [index, symbol, weight] of [
      [0, 'KBC.BR', '7000'],
      [1, 'UCB.BR', '2000'],
    ] as const) {
      const row = drawer.getByTestId(`strategy-instrument-${index}`);
      await row.getByLabel('Symbol').fill(symbol);
      await row.getByLabel('Weight (basis points)').fill(weight);
    }
    await drawer.getByLabel('Reason').fill('approved by the product committee');
    await drawer.getByRole('button', { name: 'Publish the strategy' }).click();
    await drawer
      .getByText('The weights sum to 10,000 basis points (now 9,000).')
      .waitFor({ timeout: TIMEOUT_MS });
    await drawer.getByTestId('strategy-instrument-1').getByLabel('Weight (basis points)').fill('3000');
    await drawer.getByRole('button', { name: 'Publish the strategy' }).click();
    await drawer.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
    await page.getByTestId('strategy-state-KBUCB73').getByText('Open').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(
      await page.getByTestId('strategy-rule-KBUCB73').textContent(),
      'fixed weights: KBC.BR 70.00 %, UCB.BR 30.00 %',
    );
    await page.screenshot({ path: 'test-results/admin-strategies.png' });
  });

  it('the auditor finds every decision in the audit log, and sees no queue action', async () => {
    const aude = await AdminPage.open(browser, server.baseUrl, server.now);
    await aude.firstSignIn('aude', STAFF_PASSWORD);
    assert.deepEqual(await aude.menuItems(), [
      'Identities',
      'Deposits',
      'Withdrawals',
      'Corrections',
      'Professional clients',
      'Withdrawal bars',
      'Escalated deposits',
      'Escalated withdrawals',
      'Users',
      'Deposit channels',
      'Fees and TOB',
      'Margin and lending',
      'Offerings (IPO)',
      'Placements (block trades)',
      'Strategies',
      'Staff',
      'Audit log',
      'Reconciliation',
      'My account',
    ]);
    await aude.menu('Audit log');
    const { page } = aude;
    for (const [action, who] of [
      ['identity.approve', 'rita'],
      ['deposit.approve', 'paul'],
      ['withdrawal.approve', 'paul'],
      ['correction.propose', 'paul'],
      ['correction.approve', 'petra'],
      ['deposit_channel.create', 'paul'],
      ['ipo.create', 'pia'],
    ]) {
      const row = page.locator('tr', { hasText: action }).filter({ hasText: who });
      await row.first().waitFor({ timeout: TIMEOUT_MS });
    }
    await page.screenshot({ path: 'test-results/admin-audit.png' });
    await page.getByLabel('Action').fill('correction.approve');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.ant-table-row').length === 1, null, {
      timeout: TIMEOUT_MS,
    });
    await aude.menu('Reconciliation');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(server.now());
    for (const label of ['From', 'Until']) {
      const field = page.getByLabel(label);
      // A date field filled while the screen re-renders can lose the value: fill until it holds.
      for (let attempt = 0; attempt < 5 && (await field.inputValue()) !== day; attempt += 1) {
        await field.fill(day);
        await page.waitForTimeout(200);
      }
      assert.equal(await field.inputValue(), day);
    }
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('tr', { hasText: day }).filter({ hasText: '120.00' }).waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'Verify the ledger now' }).click();
    // The check run now; the hourly one (queued at start) shows the same sentence in the health card.
    await page.getByText('Checked at').nth(1).waitFor({ timeout: 60_000 });
    assert.equal(await page.getByText('Every ledger check passed').count(), 2);
    await page.getByText('Seals in the chain').waitFor({ timeout: TIMEOUT_MS });
    await page.locator('tr', { hasText: 'fees' }).first().waitFor({ timeout: TIMEOUT_MS });
    await page.screenshot({ path: 'test-results/admin-reconciliation.png' });
    await aude.menu('Staff');
    await page.locator('tr', { hasText: 'petra' }).waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await page.getByRole('button', { name: 'Create staff account' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Disable' }).count(), 0);
    await aude.menu('Offerings');
    await page.locator('tr', { hasText: 'UCB new shares' }).waitFor({ timeout: TIMEOUT_MS });
    await page.locator('[data-testid^="offering-commitment-"]').waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await page.getByRole('button', { name: 'New offering' }).count(), 0);
  });
});
