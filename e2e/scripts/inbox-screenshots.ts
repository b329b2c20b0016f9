// Phone-sized (390×844) screenshots of the messages, support chat, price alerts, notification
// settings and news centre (issue 14; issue 13 item 5): a verified user funded with 500 EUR has the
// identity and deposit messages, writes to support and gets an answer from staff through the API,
// sets a price alert, and reads the news (in demo mode: the simulator's events, labelled simulated).
// Usage: npm run build && npx tsx e2e/scripts/inbox-screenshots.ts [out-dir]
// LANGUAGES=en,zh (default) picks the languages.
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/inbox-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,zh').split(',');

async function main() {
  const { staff, page, app, account, shoot, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32477',
    deposit: '500.00',
    isFullPageByDefault: true,
  });
  try {
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
    await close();
  }
}

await main();
