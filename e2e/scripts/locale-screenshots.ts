// Phone-sized (390×844) screenshots of every main screen in every language (issue 13, items 8 and
// 9), for a look at leftovers, breaks and overlaps: a verified, funded user with a pending
// withdrawal. Each PNG is named <screen>-<language>.png; `leftovers.json` lists any English phrase
// found on a translated screen (the check locales.e2e.ts makes).
// Usage: npm run build && npx tsx e2e/scripts/locale-screenshots.ts [out-dir]
// LANGUAGES=en,fr,zh (default: all six) and SCREENS=/information/fundRecord,... narrow it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languages as allLanguages, type Language } from '@beurs/i18n';
import { launchChromium, newPhoneContext } from '../src/browser';
import { nextWeekdayMorning, staffApi } from '../src/fixtures';
import { englishPhrases, leftoversIn, shownText } from '../src/leftovers';
import { MAIN_SCREENS, openScreen } from '../src/main-screens';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';
import { verifyAndFund, withdrawToOwnCard } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/locale-screenshots';
const languages = (process.env.LANGUAGES?.split(',') as Language[] | undefined) ?? [...allLanguages];
const screens = process.env.SCREENS?.split(',') ?? [...MAIN_SCREENS];
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
const FUND_PASSWORD = '135790';

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const browser = await launchChromium();
  const leftovers: Record<string, string[]> = {};
  try {
    const page = await (await newPhoneContext(browser)).newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `32477${Date.now().toString().slice(-6)}`;
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    const user = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff: staffApi(server.baseUrl, 'admin', staffPassword, server.now),
      account,
      password,
      fundPassword: FUND_PASSWORD,
      deposit: '750.00',
    });
    await withdrawToOwnCard(user, FUND_PASSWORD, '150.00');
    for (const language of languages) {
      const phrases = language === 'en' ? [] : await englishPhrases(language);
      await app.setLanguage(language);
      for (const path of screens) {
        await openScreen(page, app, path);
        const name = path.replace(/^\//, '').replaceAll('/', '-');
        await page.screenshot({ path: join(outDir, `${name}-${language}.png`), fullPage: true });
        const found = leftoversIn(await shownText(page), phrases);
        if (found.length > 0) leftovers[`${name}-${language}`] = found;
      }
    }
  } finally {
    await writeFile(join(outDir, 'leftovers.json'), JSON.stringify(leftovers, null, 2));
    await browser.close();
    await server.stop();
  }
  console.log(`screenshots in ${outDir}; leftovers: ${Object.keys(leftovers).length}`);
}

await main();
