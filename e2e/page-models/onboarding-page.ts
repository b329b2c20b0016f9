import type { Messages } from '@beurs/i18n';
import type { Page } from 'playwright-core';
import { idPhoto } from '../src/fixtures';
import { AppPage } from './app-page';

// Page model of what a new user does before a first trade: the identity with two photos, the fund
// password (the trading PIN), and a deposit with a proof. Labels come from the language's own
// messages, so the same steps run in any of the six languages.

const TIMEOUT_MS = 15_000;

/** Answers that pass the margin account's appropriateness test (the published rule, margin-enums.ts). */
const PASSING_MARGIN_ANSWERS: Readonly<Record<string, string>> = {
  margin_call: 'add_cash_or_reduce',
  liquidation: 'closed_at_market',
  loss_beyond_deposit: 'yes_debt',
  short_selling: 'unlimited_loss',
  interest: 'daily_on_borrowed',
  recall: 'forced_buy_in',
  leveraged_experience: 'never',
  trade_frequency: 'monthly',
};

export class OnboardingPage {
  readonly app: AppPage;
  constructor(
    readonly page: Page,
    baseUrl: string,
    readonly messages: Messages,
  ) {
    this.app = new AppPage(page, baseUrl);
  }

  private async fill(label: string, value: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).fill(value);
  }

  /** Me → identity: name, document number and two photos, submitted; the screen says it is in review. */
  async submitIdentity(realname: string, documentNumber: string): Promise<void> {
    const m = this.messages.authInfo;
    await this.app.open('/information/authInfo');
    await this.page.getByTestId('auth-form').waitFor({ timeout: TIMEOUT_MS });
    await this.fill(m.realname, realname);
    await this.fill(m.documentNumber, documentNumber);
    await this.page
      .getByTestId('auth-front')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await idPhoto('#336699') });
    await this.page
      .getByTestId('auth-back')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await idPhoto('#993366') });
    await this.page.getByAltText(m.previewOf.replace('{{side}}', m.back)).waitFor({ timeout: TIMEOUT_MS });
    await this.page.getByRole('button', { name: m.submit, exact: true }).click();
    await this.page.getByText(m.underReview).waitFor({ timeout: TIMEOUT_MS });
  }

  /** The identity screen's state card once it says verified (waits up to `timeout`). */
  async waitForVerified(timeout = TIMEOUT_MS): Promise<void> {
    await this.page
      .getByTestId('auth-state')
      .filter({ hasText: this.messages.me.identityStates.authenticated })
      .waitFor({ timeout });
  }

  /** Me → fund password: six digits, twice. */
  async setFundPassword(pin: string): Promise<void> {
    const m = this.messages.fundPass;
    await this.app.open('/information/fundPass');
    await this.fill(m.newPassword, pin);
    await this.fill(m.confirmPassword, pin);
    await this.page.getByRole('button', { name: m.submit.set, exact: true }).click();
    await this.page.getByText(m.isSet).waitFor({ timeout: TIMEOUT_MS });
  }

  /**
   * Wallet → deposit → the channel of this kind and currency → the amount and a proof picture,
   * announced after answering the safety question ("nobody told me to"). Returns the deposit's
   * element id as the history lists it (`deposit-<id>`).
   */
  async announceDeposit(kind: string, currency: string, amount: string): Promise<string> {
    await this.app.open('/information/wallet');
    await this.page.getByTestId('wallet-deposit').click();
    await this.app.waitForPath('/information/rechargeChannel');
    const channel = this.page
      .locator(`a[data-testid^="channel-"][data-kind="${kind}"]`)
      .filter({ hasText: this.messages.rechargeChannel.currency.replace('{{currency}}', currency) });
    await channel.first().click();
    await this.app.waitForPath('/information/recharge');
    await this.page.getByTestId('deposit-form').waitFor({ timeout: TIMEOUT_MS });
    await this.fill(this.messages.cashOut.amount.replace('{{currency}}', currency), amount);
    await this.page
      .getByTestId('deposit-proof')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await idPhoto('#229955') });
    await this.page.getByRole('button', { name: this.messages.recharge.submit, exact: true }).click();
    await this.page.getByRole('button', { name: this.messages.scam.answerNo, exact: true }).click();
    const item = this.page.locator('li[data-testid^="deposit-"]').first();
    await item.getByTestId('deposit-reference').waitFor({ timeout: TIMEOUT_MS });
    return (await item.getAttribute('data-testid')) ?? '';
  }

  /** Me → margin account: the test passed, the risk disclosure ticked, the account opened. */
  async openMarginAccount(): Promise<void> {
    await this.app.open('/information/margin');
    await this.page.getByTestId('margin-test').waitFor({ timeout: TIMEOUT_MS });
    for (const [question, answer] of Object.entries(PASSING_MARGIN_ANSWERS)) {
      await this.page.getByTestId(`margin-answer-${question}-${answer}`).check();
    }
    await this.page.getByTestId('margin-submit-test').click();
    await this.page.getByTestId('margin-disclosure').waitFor({ timeout: TIMEOUT_MS });
    await this.page.getByTestId('margin-accept').check();
    await this.page.getByTestId('margin-open').click();
    await this.page.getByTestId('margin-opened').waitFor({ timeout: TIMEOUT_MS });
  }
}
