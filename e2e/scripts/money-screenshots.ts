// Phone-sized screenshots of the money screens (issue 4) in a few languages, for looking at them.
// Usage: npx tsx e2e/scripts/money-screenshots.ts [out-dir] — starts a server on a fresh database.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { callApi, loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/money-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,de').split(',');
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `3247${Date.now().toString().slice(-7)}`;
    await app.open('/login/start');
    await app.register(account, 'secret123', server.invitationCode);
    await app.login(account, 'secret123');
    await app.expectHome(account);
    const session = await loginByApi(server.baseUrl, account, 'secret123');
    await callApi(
      server.baseUrl,
      '/information/scamCheck',
      { trigger: 'first_payout_method', wasToldByOnlineContact: false },
      session,
    );
    const added = await callApi(
      server.baseUrl,
      '/information/addWallet',
      { network: 'BTC', address: BTC, label: 'Ledger' },
      session,
    );
    console.log('addWallet', JSON.stringify(added.body));
    for (const language of languages) {
      await app.setLanguage(language);
      for (const path of [
        '/information/wallet',
        '/information/fundPass',
        '/information/index',
        '/information/cashOut',
        '/information/exChange',
      ]) {
        const name = path.split('/').at(-1) ?? 'screen';
        await app.open(path);
        await page.waitForTimeout(800);
        await page.screenshot({ path: join(outDir, `${name}-${language}.png`) });
        await page.screenshot({ path: join(outDir, `${name}-full-${language}.png`), fullPage: true });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
