// Phone-sized (390×844) screenshots of the messages, support chat, price alerts, notification
// settings and news centre (issue 14; issue 13 item 5): a verified user funded with 500 EUR has the
// identity and deposit messages, writes to support and gets an answer from staff through the API,
// sets a price alert, and reads the news (in demo mode: the simulator's events, labelled simulated).
// Usage: npm run build && npx tsx e2e/scripts/inbox-screenshots.ts [out-dir]
// LANGUAGES=en,zh (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';
import { verifyAndFund } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/inbox-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,zh').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
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
    const account = `32477${Date.now().toString().slice(-6)}`;
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account,
      password,
      fundPassword: '135790',
      deposit: '500.00',
    });
    const shoot = async (name: string) => {
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
    };
    for (const [index, language] of languages.entries()) {
      await app.setLanguage(language);
      if (index === 0) {
        await app.open('/information/support');
        await page.getByTestId('support-body').fill('Has my deposit arrived?');
        await page.getByTestId('support-send').click();
        await page.getByTestId('support-user').waitFor();
        const conversations = await staff<{ items: Array<{ userId: string; account: string }> }>(
          '/support/conversations',
          { pageSize: 100 },
        );
        const conversation = conversations.items.find((item) => item.account === account);
        if (!conversation) throw new Error('the conversation is not listed for staff');
        await staff('/support/reply', { userId: conversation.userId, body: 'Yes: 500.00 € is credited.' });
      }
      await app.open('/information/index');
      await page.getByTestId('menu-support').waitFor();
      await shoot(`me-${language}`);
      await app.open('/information/userInfo');
      await page.getByTestId('screen-userInfo').waitFor();
      await shoot(`messages-${language}`);
      await page.locator('[data-testid^="message-m"]').first().click();
      await page.getByTestId('screen-msgInfo').waitFor();
      await shoot(`message-${language}`);
      await app.open('/information/support');
      await page.getByTestId('support-staff').waitFor();
      await shoot(`support-${language}`);
      await app.open('/information/priceAlerts?symbol=KBC.BR');
      if (index === 0) {
        await page.getByTestId('alert-value').fill('9999');
        await page.getByTestId('alert-create').click();
      }
      await page.locator('[data-testid^="alert-"][data-testid$="1"]').first().waitFor();
      await shoot(`price-alerts-${language}`);
      await app.open('/information/notifications');
      await page.getByTestId('push-kind-support').waitFor();
      await shoot(`notifications-${language}`);
      await app.open('/home/newsList');
      await page.getByTestId('screen-newsList').waitFor();
      await page.locator('[data-testid^="news-"]').nth(3).waitFor();
      await shoot(`news-${language}`);
      await page.getByTestId('news-tab-stock').click();
      await page.locator('li[data-testid^="news-"] a').first().click();
      await page.getByTestId('screen-newsDetail').waitFor();
      await shoot(`news-detail-${language}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
