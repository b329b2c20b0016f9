import type { Messages } from '@beurs/i18n';
import { totpCode, totpStep } from '../src/fixtures';
import type { AppPage } from './app-page';

// Two-factor sign-in in the app, as a user does it with an authenticator app: the test computes
// the app's codes from the key the security centre shows, at the server's clock, with the server's
// own TOTP library (e2e/src/fixtures). A code is taken once, so each use waits for a new 30-second
// step after the last one used.

const TIMEOUT_MS = 15_000;
const STEP_MS = 30_000;

export class SecurityPage {
  private lastStep = -1;

  constructor(
    readonly app: AppPage,
    readonly messages: Messages,
    /** The server's clock. */
    readonly now: () => Date,
  ) {}

  private get texts() {
    return this.messages.twoFactor;
  }

  /** The authenticator app's next unused code for `secret` (waits for a new step if need be). */
  async nextCode(secret: string): Promise<string> {
    let step = totpStep(this.now());
    for (let waited = 0; step <= this.lastStep; waited += 500) {
      if (waited > 2 * STEP_MS) throw new Error('no new TOTP step: the server clock stands still');
      await new Promise((resolve) => setTimeout(resolve, 500));
      step = totpStep(this.now());
    }
    this.lastStep = step;
    return totpCode(secret, step);
  }

  /**
   * Turns two-factor sign-in on from the security centre; `shoot` is called at each step (off, the
   * QR code, the recovery codes, on). Answers the key and the recovery codes shown.
   */
  async enable(password: string, shoot: (step: string) => Promise<void> = async () => undefined) {
    const page = this.app.page;
    await this.app.open('/information/securityCenter');
    await page.getByRole('button', { name: this.texts.turnOn }).waitFor({ timeout: TIMEOUT_MS });
    await shoot('off');
    await page.getByRole('button', { name: this.texts.turnOn }).click();
    await page.getByLabel(this.texts.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: this.texts.next }).click();
    const qr = page.getByAltText(this.texts.qrAlt);
    await qr.waitFor({ timeout: TIMEOUT_MS });
    await page.waitForFunction(
      (alt) => (document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null)?.complete === true,
      this.texts.qrAlt,
    );
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    await page.getByLabel(this.texts.code, { exact: true }).fill(await this.nextCode(secret));
    await shoot('scan');
    await page.getByRole('button', { name: this.texts.confirm, exact: true }).click();
    const codes = page.getByTestId('two-factor-codes');
    await codes.waitFor({ timeout: TIMEOUT_MS });
    const recoveryCodes = await codes.locator('li').allInnerTexts();
    await page.getByLabel(this.texts.saved).check();
    await shoot('codes');
    await page.getByRole('button', { name: this.texts.done }).click();
    await page.getByRole('button', { name: this.texts.turnOff }).waitFor({ timeout: TIMEOUT_MS });
    await shoot('on');
    return { secret, recoveryCodes };
  }

  async signOut(): Promise<void> {
    await this.app.open('/information/index');
    await this.app.page.getByTestId('logout').click();
    await this.app.waitForPath('/login/login');
  }

  /** Phone number and password; answers once the screen asks for the code. */
  async signInUntilCode(account: string, password: string): Promise<void> {
    const page = this.app.page;
    await this.app.open('/login/login');
    await page.getByLabel(this.messages.login.account, { exact: true }).fill(account);
    await page.getByLabel(this.messages.login.password, { exact: true }).fill(password);
    await page.locator('form').getByRole('button', { name: this.messages.login.submit }).click();
    await page.getByTestId('screen-login-code').waitFor({ timeout: TIMEOUT_MS });
  }

  /** Types a code on the sign-in code step and sends it. */
  async sendSignInCode(code: string): Promise<void> {
    const page = this.app.page;
    await page.getByLabel(this.texts.code, { exact: true }).fill(code);
    await page.locator('form').getByRole('button', { name: this.messages.login.submit }).click();
  }
}
