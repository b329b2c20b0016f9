// Phone-sized (390×844) screenshots of the exchange screen's held quote, for a visual review: the
// quote with its countdown, the same quote once its hold ran out (with "Get a new quote"), the new
// quote, and a quote above the available balance (refused with the amount and its currency). The
// server holds quotes 5 s here (EXCHANGE_QUOTE_HOLD_SECONDS) so the expiry comes quickly.
// Usage: npm run build && npx tsx e2e/scripts/exchange-quote-screenshots.ts [out-dir]
// LANGUAGES=en,fr (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { idPhoto, nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/exchange-quote-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,fr').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
const FUND_PASSWORD = '135790';
const HOLD_SECONDS = 5;
const SETTLE_MS = 600;

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword, EXCHANGE_QUOTE_HOLD_SECONDS: String(HOLD_SECONDS) },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
  const browser = await launchChromium();
  try {
    const page = await (await newPhoneContext(browser)).newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `32476${Date.now().toString().slice(-6)}`;
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    const session = await loginByApi(server.baseUrl, account, password);
    const user = async <T>(path: string, body: unknown, headers = {}) => {
      const response = await fetch(`${server.baseUrl}/api/vue${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...session, ...headers },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { status: number; data: T };
      if (json.status !== 1) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    const upload = async (background: string) => {
      const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'image/png' },
        body: new Uint8Array(await idPhoto(background)),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    await user('/information/submitAuth', {
      realname: 'An Peeters',
      documentType: 'be_national_register',
      documentNumber: '85.01.01-123.87',
      frontImageId: await upload('#336699'),
      backImageId: await upload('#993366'),
    });
    const identities = await staff<{ items: { id: string; account: string }[] }>('/identity/list', {});
    await staff('/identity/review', {
      id: identities.items.find((item) => item.account === account)?.id,
      decision: 'approve',
      reason: 'documents match',
    });
    await user('/information/fundPass/set', { password: FUND_PASSWORD, confirmPassword: FUND_PASSWORD });
    await staff('/deposit-channels/save', {
      kind: 'bank_transfer',
      name: 'Bank transfer',
      currency: 'EUR',
      collectionAccount: 'BE71096123456769',
      beneficiaryName: 'Beurs Demo NV',
      bic: 'GKCCBEBB',
      minimum: '10.00',
      maximum: '5000.00',
      isEnabled: true,
      reason: 'screenshots',
    });
    await user('/information/scamCheck', { trigger: 'first_deposit', wasToldByOnlineContact: false });
    const channels = await user<{ channels: { id: string; currency: string }[] }>('/recharge/channels', {});
    await user(
      '/recharge/submit',
      {
        channelId: channels.channels.find((item) => item.currency === 'EUR')?.id,
        amount: '2500.00',
        proofImageId: await upload('#229955'),
      },
      { 'idempotency-key': `deposit-${account}` },
    );
    const deposits = await staff<{ items: { id: string; account: string }[] }>('/deposits/list', {});
    await staff('/deposits/review', {
      id: deposits.items.find((item) => item.account === account)?.id,
      decision: 'approve',
      reason: 'transfer matched',
    });

    const shoot = async (name: string) => {
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: join(outDir, `${name}.png`) });
    };
    const quote = async (amount: string) => {
      await page.locator('input[inputmode="decimal"]').fill(amount);
      await page.locator('form button[type="submit"]').click();
    };
    for (const language of languages) {
      await app.setLanguage(language);
      await app.open('/information/exChange');
      await quote('100');
      await page.getByTestId('exchange-countdown').waitFor();
      await shoot(`exchange-held-${language}`);
      await page.getByTestId('exchange-expired').waitFor({ timeout: (HOLD_SECONDS + 5) * 1000 });
      await shoot(`exchange-expired-${language}`);
      await page.getByTestId('exchange-requote').click();
      await page.getByTestId('exchange-countdown').waitFor();
      await shoot(`exchange-requoted-${language}`);
      await quote('1000000');
      await page.getByTestId('toast').waitFor();
      await shoot(`exchange-insufficient-${language}`);
      await page.reload();
    }
  } catch (error) {
    console.log(server.log().slice(-3000));
    throw error;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
