import type { Page } from 'playwright-core';

// Page model of the mobile app: navigation by hash route, and the flows the tests share.

const TIMEOUT_MS = 15_000;

export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /** Opens a route by its hash path, e.g. `/login/login`. */
  async open(path: string): Promise<void> {
    const url = `${this.baseUrl}/#${path}`;
    if (this.page.url().startsWith(this.baseUrl)) {
      await this.page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
    } else {
      await this.page.goto(url);
    }
    const pathname = path.split('?')[0] ?? path;
    await this.waitForPath(pathname);
    // The address changes at once, but a lazy screen renders only once its chunk has loaded: until
    // then the previous screen (and its buttons) is still on the page.
    await this.page.locator(`main[data-path="${pathname}"]`).waitFor({ timeout: TIMEOUT_MS });
  }

  hashPath(): string {
    return new URL(this.page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';
  }

  async waitForPath(path: string, timeout = TIMEOUT_MS): Promise<void> {
    await this.page.waitForFunction(
      (expected) => window.location.hash.replace(/^#/, '').split('?')[0] === expected,
      path,
      {
        timeout,
      },
    );
  }

  demoBanner() {
    return this.page.getByTestId('demo-banner');
  }

  toast() {
    return this.page.getByTestId('toast');
  }

  async fill(label: string, value: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  async register(account: string, password: string, invitationCode: string): Promise<void> {
    await this.open('/login/register');
    await this.fill('Phone number', account);
    await this.fill('Password', password);
    await this.fill('Confirm password', password);
    await this.fill('Invitation code', invitationCode);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.waitForPath('/login/login');
  }

  async login(account: string, password: string): Promise<void> {
    await this.open('/login/login');
    await this.fill('Phone number', account);
    await this.fill('Password', password);
    await this.page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await this.waitForPath('/login/loginAfter');
  }

  async expectHome(name: string): Promise<void> {
    await this.waitForPath('/home/index');
    await this.page
      .getByTestId('home-display-name')
      .filter({ hasText: name })
      .waitFor({ timeout: TIMEOUT_MS });
  }

  async setLanguage(language: string): Promise<void> {
    await this.open('/information/changeLang');
    await this.page.getByTestId(`language-${language}`).click();
    await this.page.waitForFunction((code) => window.localStorage.getItem('language') === code, language, {
      timeout: TIMEOUT_MS,
    });
  }
}
