// Phone-sized (390×844) screenshots of the exchange screen's held quote, for a visual review: the
// quote with its countdown, the same quote once its hold ran out (with "Get a new quote"), the new
// quote, and a quote above the available balance (refused with the amount and its currency). The
// server holds quotes 5 s here (EXCHANGE_QUOTE_HOLD_SECONDS) so the expiry comes quickly.
// Usage: npm run build && npx tsx e2e/scripts/exchange-quote-screenshots.ts [out-dir]
// LANGUAGES=en,fr (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { verifyAndFund } from './funded-user';
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
    await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account,
      password,
      fundPassword: FUND_PASSWORD,
      deposit: '2500.00',
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
