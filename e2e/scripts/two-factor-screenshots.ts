// Phone-sized (390×844) screenshots of two-factor sign-in in the app, for a visual review: the
// security centre with it off, the QR code and key, the recovery codes, on (with the sign-in
// history), and the sign-in screen's code step with a wrong code refused.
// Usage: npm run build && npx tsx e2e/scripts/two-factor-screenshots.ts [out-dir]
// LANGUAGES=en,zh (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadMessages, type Language } from '@beurs/i18n';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';
import { SecurityPage } from '../page-models/security-page';

const outDir = process.argv[2] ?? 'test-results/two-factor-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,zh').split(',') as Language[];
const password = 'shots-secret-1';
const SETTLE_MS = 900;

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    for (const [index, language] of languages.entries()) {
      const page = await (await newPhoneContext(browser)).newPage();
      const app = new AppPage(page, server.baseUrl);
      const security = new SecurityPage(app, await loadMessages(language), server.now);
      const shoot = async (name: string, fullPage = false) => {
        await page.waitForTimeout(SETTLE_MS);
        await page.screenshot({ path: join(outDir, `${name}-${language}.png`), fullPage });
      };
      const account = `32477${String(Date.now() + index).slice(-6)}`;
      await app.open('/login/start');
      await app.register(account, password, server.invitationCode);
      await app.login(account, password);
      await app.expectHome(account);
      await app.setLanguage(language);
      const { secret } = await security.enable(password, (step) => shoot(`security-${step}`, true));
      await security.signOut();
      await security.signInUntilCode(account, password);
      await shoot('login-code');
      await security.sendSignInCode('000000');
      await page.getByTestId('toast').waitFor();
      await page.screenshot({ path: join(outDir, `login-wrong-${language}.png`) });
      await security.sendSignInCode(await security.nextCode(secret));
      await app.waitForPath('/login/loginAfter');
      await app.open('/information/securityCenter');
      await page.getByTestId('sign-in-history').waitFor();
      await shoot('security-history', true);
      await page.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
