// Phone-sized screenshots of the app's screens in a few languages, for looking at them.
// Usage: BASE_URL=http://127.0.0.1:3000 INVITATION_CODE=XXXX npx tsx e2e/scripts/screenshots.ts [out-dir]
// Without BASE_URL it starts a server of its own on a fresh database.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/screenshots';
const languages = (process.env.LANGUAGES ?? 'en,de,zh,ko').split(',');

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
    const account = `3247${Date.now().toString().slice(-7)}`;
    await app.open('/login/start');
    await page.screenshot({ path: join(outDir, 'start-en.png') });
    await app.register(account, 'secret123', server.invitationCode);
    await app.login(account, 'secret123');
    await app.expectHome(account);
    for (const language of languages) {
      await app.setLanguage(language);
      for (const path of [
        '/home/index',
        '/information/index',
        '/information/setting',
        '/information/securityCenter',
        '/information/userInfo',
        '/information/aboutUs2',
        '/login/register',
      ]) {
        await app.open(path);
        await page.waitForTimeout(400);
        await page.screenshot({
          path: join(outDir, `${path.replaceAll('/', '_').slice(1)}-${language}.png`),
        });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
