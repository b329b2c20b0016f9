// Phone-sized (390×844) screenshots of the account totals with real positions, for a visual review:
// the 'me' screen and the wallet (total assets, available, frozen, withdrawable, holdings, total
// profit), the positions screen with the year's report buttons, and About us with its fee-schedule
// link. A verified account funded with 2,500 EUR buys 10 KBC.BR, sells 4 of them (proceeds settle
// T+2, so withdrawable < available) and buys 0.01 BTC paid in EUR, all through the server's trading
// calls, on a weekday morning so Euronext is open.
// Usage: npm run build && npx tsx e2e/scripts/account-screenshots.ts [out-dir]
// LANGUAGES=en,nl (default) picks the languages.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { verifyAndFund } from './funded-user';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/account-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
const FUND_PASSWORD = '135790';
const SETTLE_MS = 900;

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
  const browser = await launchChromium();
  try {
    const page = await (await newPhoneContext(browser)).newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `32475${Date.now().toString().slice(-6)}`;
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    const user = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account,
      password,
      fundPassword: FUND_PASSWORD,
      deposit: '2500.00',
    });
    const place = (key: string, ticket: Record<string, unknown>) =>
      user(
        '/trade/place',
        { fundPassword: FUND_PASSWORD, ...ticket },
        { 'idempotency-key': `${key}-${account}` },
      );
    await place('buy-kbc', { symbol: 'KBC.BR', side: 'buy', quantity: '10' });
    await place('sell-kbc', { symbol: 'KBC.BR', side: 'sell', quantity: '4' });
    await place('buy-btc', { symbol: 'BTCUSD', side: 'buy', quantity: '0.01', payCurrency: 'EUR' });
    // Let the simulated prices move away from the fills.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const summary = await user('/trade/summary', {});
    await writeFile(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
    const report = await user<{ pdf: string }>('/trade/reportPdf', { year: server.now().getUTCFullYear() });
    await writeFile(join(outDir, 'report.pdf'), Buffer.from(report.pdf, 'base64'));

    const shoot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: join(outDir, `${name}.png`), fullPage });
    };
    for (const language of languages) {
      await app.setLanguage(language);
      await app.open('/information/index');
      await page.getByTestId('balance-EUR-profit').waitFor();
      await shoot(`me-${language}`);
      await shoot(`me-full-${language}`, true);
      await app.open('/information/wallet');
      await page.getByTestId('wallet-balance-EUR-profit').waitFor();
      await shoot(`wallet-${language}`);
      await shoot(`wallet-full-${language}`, true);
      await app.open('/trade/index');
      await page.getByTestId('trade-report').waitFor();
      await shoot(`trade-report-${language}`, true);
      await app.open('/information/aboutUs1');
      await page.getByTestId('document-fees-link').waitFor();
      await shoot(`about-us-${language}`, true);
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
