import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

// Page model of the back-office (apps/admin at /admin/) at a desktop viewport: a staff member's
// sign-in through the screens (first-start password change, two-factor setup with the code an
// authenticator app would show, computed from the secret the screen shows, at the server's clock),
// the menu, the review queues by keyboard.

const TIMEOUT_MS = 15_000;
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;

const { Secret, TOTP } = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'otpauth',
) as {
  Secret: { fromBase32(text: string): unknown };
  TOTP: { generate(options: { secret: unknown; timestamp: number }): string };
};

export class AdminPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
    private readonly now: () => Date,
  ) {}

  static async open(browser: Browser, baseUrl: string, now: () => Date, locale = 'en-GB') {
    const context = await browser.newContext({ ...DESKTOP, locale });
    const page = await context.newPage();
    const admin = new AdminPage(page, baseUrl, now);
    await page.goto(`${baseUrl}/admin/`);
    return admin;
  }

  code(secret: string): string {
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: this.now().getTime() });
  }

  /**
   * First sign-in: username and password, a new password when `newPassword` is given (the
   * first-start account), then the two-factor setup. Answers the TOTP secret.
   */
  async firstSignIn(username: string, password: string, newPassword?: string): Promise<string> {
    try {
      return await this.signInSteps(username, password, newPassword);
    } catch (error) {
      await this.page.screenshot({ path: `test-results/admin-sign-in-failed-${username}.png` });
      throw error;
    }
  }

  private async signInSteps(username: string, password: string, newPassword?: string): Promise<string> {
    const { page } = this;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refused = page.getByRole('alert');
    if (newPassword) {
      const newField = page.getByLabel('New password', { exact: true });
      await Promise.race([
        newField.waitFor({ timeout: TIMEOUT_MS }),
        refused.waitFor({ timeout: TIMEOUT_MS }),
      ]);
      if (await refused.isVisible()) throw new Error(`sign-in refused: ${await refused.textContent()}`);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('New password again').fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
    }
    const setUp = page.getByRole('button', { name: 'Set up two-factor sign-in' });
    await Promise.race([setUp.waitFor({ timeout: TIMEOUT_MS }), refused.waitFor({ timeout: TIMEOUT_MS })]);
    if (await refused.isVisible()) throw new Error(`sign-in refused: ${await refused.textContent()}`);
    await setUp.click();
    const shown = await page.getByTestId('two-factor-secret').textContent({ timeout: TIMEOUT_MS });
    const secret = /([A-Z2-7]{16,})/.exec(shown ?? '')?.[1];
    if (!secret) throw new Error(`no secret shown: ${shown}`);
    await page.getByLabel('Two-factor code').fill(this.code(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByTestId('recovery-codes').waitFor({ timeout: TIMEOUT_MS });
    await page.getByRole('button', { name: 'I have kept them, continue' }).click();
    await page.getByTestId('signed-in').waitFor({ timeout: TIMEOUT_MS });
    return secret;
  }

  async menu(name: string) {
    await this.page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
  }

  async menuItems(): Promise<string[]> {
    return (await this.page.getByRole('menuitem').allTextContents()).map((text) => text.replace(/\d+$/, ''));
  }

  /** Selects the queue row that names `account` and decides it by keyboard (A or R, a listed reason, Enter). */
  async decideByKeyboard(account: string, key: 'a' | 'r', reasonNumber = 1) {
    const { page } = this;
    const row = page.locator('tr', { hasText: account }).first();
    await row.waitFor({ timeout: TIMEOUT_MS });
    await row.click();
    await page.getByTestId('review-detail').filter({ hasText: account }).waitFor({ timeout: TIMEOUT_MS });
    await page.locator('body').press(key);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: TIMEOUT_MS });
    await page.keyboard.press(String(reasonNumber));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT_MS });
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await this.page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: TIMEOUT_MS });
  }

  get url() {
    return `${this.baseUrl}/admin/`;
  }
}
