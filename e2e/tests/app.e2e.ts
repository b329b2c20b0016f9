import { loadMessages, languages, type Messages } from '@beurs/i18n';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

// The mobile app in Debian's Chromium at a phone viewport, against a real server on a fresh
// PGlite database. The steps run in order and share one user.

const account = `3247${String(Date.now()).slice(-7)}`;
const firstPassword = 'first-secret-1';
const secondPassword = 'second-secret-2';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let app: AppPage;
/** Every Content-Security-Policy violation or page error during the whole run (issue 12, item 7). */
const cspProblems: string[] = [];

describe('mobile app end to end', () => {
  before(async () => {
    server = await startServer();
    browser = await launchChromium();
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) cspProblems.push(message.text());
    });
    page.on('pageerror', (error) => cspProblems.push(`page error: ${error.message}`));
    app = new AppPage(page, server.baseUrl);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('redirects / to /login/start and shows the demo banner', async () => {
    await page.goto(`${server.baseUrl}/`);
    await app.waitForPath('/login/start');
    assert.equal(await app.demoBanner().textContent(), 'Demo — simulated prices, no real money');
    const viewport = page.viewportSize();
    assert.deepEqual(viewport, { width: 390, height: 844 });
  });

  it('validates the registration form before any call', async () => {
    await app.open('/login/register');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/vue/user/register')) calls.push(request.url());
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'Enter your phone number.',
      'Enter a password.',
      'Confirm your password.',
      'Enter your invitation code.',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await app.fill('Phone number', account);
    await app.fill('Password', firstPassword);
    await app.fill('Confirm password', `${firstPassword}x`);
    await app.fill('Invitation code', server.invitationCode);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords do not match.', { exact: true }).waitFor();
    assert.deepEqual(calls, []);
  });

  it('refuses a wrong invitation code with the translated message', async () => {
    await app.fill('Confirm password', firstPassword);
    await app.fill('Invitation code', 'NOPE-0000');
    await page.getByRole('button', { name: 'Create account' }).click();
    await app.toast().filter({ hasText: 'This invitation code is not valid.' }).waitFor();
    assert.equal(app.hashPath(), '/login/register');
  });

  it('registers with the start-up invitation code and logs in', async () => {
    await app.register(account, firstPassword, server.invitationCode);
    await app.login(account, firstPassword);
    await app.expectHome(account);
    assert.ok(await page.evaluate(() => window.localStorage.getItem('tokend')));
    assert.equal(await page.evaluate(() => window.localStorage.getItem('account')), account);
    assert.equal(await app.demoBanner().isVisible(), true);
  });

  it('switches through all six languages and shows translated screens', async () => {
    for (const language of languages) {
      const messages: Messages = await loadMessages(language);
      await app.setLanguage(language);
      await page.getByRole('heading', { name: messages.titles.changeLang, exact: true }).waitFor();
      assert.equal(await app.demoBanner().textContent(), messages.common.demoBanner);
      await app.open('/information/index');
      for (const label of [messages.me.totalAssets, messages.me.menu.securityCenter]) {
        await page.getByText(label, { exact: false }).first().waitFor();
      }
      assert.equal(await page.getByTestId('tab-me').textContent(), messages.tabs.me);
      assert.equal(
        await page.evaluate(() => document.documentElement.lang),
        { zh: 'zh-Hant' }[language as 'zh'] ?? language,
      );
    }
    await app.setLanguage('en');
  });

  it('reads a notice and the unread dot goes away', async () => {
    await app.open('/home/index');
    await page.getByTestId('unread-dot').waitFor();
    await page.getByTestId('home-bell').click();
    await app.waitForPath('/information/userInfo');
    await page.locator('[data-testid^="message-"]').first().click();
    await app.waitForPath('/information/msgInfo');
    await page.getByText('Welcome to Beurs').first().waitFor();
    await app.open('/home/index');
    await page.getByTestId('home-display-name').filter({ hasText: account }).waitFor();
    await page.getByTestId('unread-dot').waitFor({ state: 'detached' });
    const readMsg = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem('readMsg') ?? '[]') as string[],
    );
    assert.equal(readMsg.length, 1);
  });

  it('signs out another session from the security center', async () => {
    const other = await loginByApi(
      server.baseUrl,
      account,
      firstPassword,
      'Mozilla/5.0 (iPhone) Safari/605.1',
    );
    const otherSessions = await callApi<{ id: string; isCurrent: boolean }[]>(
      server.baseUrl,
      '/user/sessions',
      {},
      other,
    );
    assert.equal(otherSessions.body.status, 1);
    const otherId =
      otherSessions.body.status === 1 ? otherSessions.body.data.find((s) => s.isCurrent)?.id : undefined;
    assert.ok(otherId);
    await app.open('/information/securityCenter');
    await page.getByTestId(`revoke-${otherId}`).click();
    await app.toast().filter({ hasText: 'The session was signed out.' }).waitFor();
    await page.getByTestId(`session-${otherId}`).waitFor({ state: 'detached' });
    const refused = await callApi(server.baseUrl, '/user/getUserinfo', {}, other);
    assert.equal(refused.httpStatus, 401);
  });

  it('signs out all other sessions after confirming', async () => {
    const second = await loginByApi(server.baseUrl, account, firstPassword);
    const third = await loginByApi(server.baseUrl, account, firstPassword);
    await app.open('/home/index');
    await app.open('/information/securityCenter');
    await page.getByTestId('revoke-others').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await app.toast().filter({ hasText: 'Signed out: 2' }).waitFor();
    await page.getByText('No other device is signed in.').waitFor();
    for (const session of [second, third]) {
      assert.equal((await callApi(server.baseUrl, '/user/getUserinfo', {}, session)).httpStatus, 401);
    }
  });

  it('changes the login password, logs out, and logs in with the new one', async () => {
    await app.open('/information/loginPass');
    await app.fill('Current password', firstPassword);
    await app.fill('New password', secondPassword);
    await app.fill('Confirm new password', 'something-else');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two passwords do not match.', { exact: true }).waitFor();
    await app.fill('Confirm new password', secondPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await app.toast().filter({ hasText: 'Password changed.' }).waitFor();
    await app.waitForPath('/information/index');

    const started = Date.now();
    await page.getByTestId('logout').click();
    await app.waitForPath('/login/login');
    assert.ok(Date.now() - started >= 900, 'logout waits 1 s before going to login');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('tokend')), null);

    await app.fill('Phone number', account);
    await app.fill('Password', firstPassword);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await app.toast().filter({ hasText: 'Wrong account or password.' }).waitFor();
    await app.login(account, secondPassword);
    await app.expectHome(account);
  });

  it('goes to login when the session is revoked on the server', async () => {
    const elsewhere = await loginByApi(server.baseUrl, account, secondPassword);
    const revoked = await callApi<{ revoked: number }>(
      server.baseUrl,
      '/user/revokeOtherSessions',
      {},
      elsewhere,
    );
    assert.equal(revoked.body.status, 1);
    await page.reload();
    await app.toast().filter({ hasText: 'Your session has ended. Please sign in again.' }).waitFor();
    await app.waitForPath('/login/login', 5_000);
    assert.equal(await page.evaluate(() => window.localStorage.getItem('tokend')), null);
  });

  it('runs the app and the API docs under the CSP without a single violation', async () => {
    const answer = await fetch(`${server.baseUrl}/`);
    const csp = answer.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'( 'sha256-[\w+/=]+')*;/);
    assert.match(csp, /frame-ancestors 'none'/);
    await page.goto(`${server.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .info .title').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    assert.deepEqual(cspProblems, []);
  });
});
