// Phone-sized screenshots of the market screens in a few languages, for looking at them.
// Usage: BASE_URL=http://127.0.0.1:3000 INVITATION_CODE=XXXX npx tsx e2e/scripts/market-screenshots.ts [out-dir]
// Without BASE_URL it starts a server of its own on a fresh database.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/market-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,zh').split(',');

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = process.env.BASE_URL
    ? {
        baseUrl: process.env.BASE_URL,
        invitationCode: process.env.INVITATION_CODE ?? '',
        stop: async () => {},
      }
    : await startServer();
  const browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `3248${Date.now().toString().slice(-7)}`;
    await app.register(account, 'secret123', server.invitationCode);
    await app.login(account, 'secret123');
    await app.expectHome(account);
    const shot = async (name: string, language: string, fullPage = false) => {
      await page.waitForTimeout(1200);
      await page.screenshot({ path: join(outDir, `${name}-${language}.png`), fullPage });
    };
    for (const language of languages) {
      await app.setLanguage(language);
      await app.open('/home/index');
      await shot('home', language, true);
      await app.open('/market/index');
      await shot('market-index', language);
      await page.getByTestId('market-tab-crypto').click();
      await shot('market-crypto', language);
      await page.getByTestId('quote-row-BTCUSD').click();
      await app.waitForPath('/market/stockDetail');
      await page.locator('[data-price-chart] canvas').first().waitFor();
      await shot('stock-detail', language, true);
      await page.getByTestId('period-day').click();
      await page.getByTestId('range-1y').click();
      await shot('stock-detail-day', language);
      await page.getByTestId('period-year').click();
      await shot('stock-detail-year', language);
      await page.getByTestId('watch-toggle').click();
      await app.open('/favorite/index');
      await shot('favorite', language);
      await app.open('/favorite/search');
      await page.getByTestId('search-input').fill('ab');
      await shot('search', language);
      await app.open('/information/setting');
      await shot('setting', language, true);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
