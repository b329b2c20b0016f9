import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadMessages, type Messages } from '@beurs/i18n';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';
import { AppPage } from '../page-models/app-page';
import { SecurityPage } from '../page-models/security-page';

// Issue 12, item 6 in Chromium: a user turns two-factor sign-in on in the security centre (the key
// read from the screen, the first code computed from it as an authenticator app would), keeps the
// ten recovery codes, signs out, is asked for the code at sign-in, is refused a wrong one and signs
// in with the next code; the sign-in history lists both sign-ins.

const password = 'two-factor-secret-1';
const account = `3246${String(Date.now()).slice(-7)}`;
const TIMEOUT_MS = 15_000;

let server: RunningServer;
let browser: Browser;
let page: Page;
let messages: Messages;
let app: AppPage;
let security: SecurityPage;

describe('two-factor sign-in in the app', () => {
  before(async () => {
    server = await startServer();
    messages = await loadMessages('en');
    browser = await launchChromium();
    page = await (await newPhoneContext(browser)).newPage();
    app = new AppPage(page, server.baseUrl);
    security = new SecurityPage(app, messages, server.now);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  let secret = '';

  it('turns it on: password, QR code and key, a first code, ten recovery codes shown once', async () => {
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    const enabled = await security.enable(password);
    secret = enabled.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal(enabled.recoveryCodes.length, 10);
    assert.equal(new Set(enabled.recoveryCodes).size, 10);
    for (const code of enabled.recoveryCodes) assert.match(code, /^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    assert.equal(await page.getByText(messages.twoFactor.codesLeft.replace('{{count}}', '10')).count(), 1);
  });

  it('asks for the code at sign-in, refuses a wrong one and signs in with the right one', async () => {
    await security.signOut();
    await security.signInUntilCode(account, password);
    await security.sendSignInCode('000000');
    await app
      .toast()
      .filter({ hasText: messages.errors.WRONG_TWO_FACTOR_CODE })
      .waitFor({ timeout: TIMEOUT_MS });
    assert.equal(app.hashPath(), '/login/login');
    await security.sendSignInCode(await security.nextCode(secret));
    await app.waitForPath('/login/loginAfter');
    await app.expectHome(account);

    await app.open('/information/securityCenter');
    const history = page.getByTestId('sign-in-history').locator('li');
    await history.first().waitFor({ timeout: TIMEOUT_MS });
    assert.equal(await history.count(), 2);
    assert.match(await history.first().innerText(), new RegExp(messages.twoFactor.historyCurrent));
    assert.match(await history.first().innerText(), /Chrome · Android/);
  });
});
