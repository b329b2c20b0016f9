// Phone-sized (390×844) screenshots of the day-trading screen (issue 16 item 5, /home/dayTrading):
// a user with an open margin account places a day trade of KBC.BR at 4.00× through the API (the
// app's ticket does not offer day trades yet), then reads the screen: the rules, today's intraday
// P&L, the position opened intraday and the eligible instruments with the auto-close time in
// Brussels time.
// Usage: npm run build && npx tsx e2e/scripts/day-trading-screenshots.ts [out-dir]
// LANGUAGES=en,nl (default) picks the languages.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SHOTS_FUND_PASSWORD, startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/day-trading-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl').split(',');

const passing: Record<string, string> = {
  margin_call: 'add_cash_or_reduce',
  liquidation: 'closed_at_market',
  loss_beyond_deposit: 'yes_debt',
  short_selling: 'unlimited_loss',
  interest: 'daily_on_borrowed',
  recall: 'forced_buy_in',
  leveraged_experience: 'never',
  trade_frequency: 'monthly',
};

async function shootParts(page: Page, name: string) {
  await page.waitForTimeout(900);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  for (let part = 0; part * viewport.height < height; part += 1) {
    const y = part * viewport.height;
    await page.screenshot({
      path: join(outDir, `${name}-${part + 1}.png`),
      fullPage: true,
      clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) },
    });
  }
}

const { page, app, user, close } = await startFundedPhoneSession({
  outDir,
  accountPrefix: '32478',
  deposit: '5000.00',
  isFullPageByDefault: true,
});
try {
  await user('/margin/test', { answers: passing });
  const status = await user<{ disclosure: { version: string; hash: string } }>('/margin/status', {
    language: 'en',
  });
  await user('/margin/accept', {
    language: 'en',
    disclosureVersion: status.disclosure.version,
    disclosureHash: status.disclosure.hash,
    accepts: true,
  });
  await user(
    '/trade/place',
    {
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'market',
      quantity: '10',
      leverage: '4.00',
      intraday: true,
      fundPassword: SHOTS_FUND_PASSWORD,
    },
    { 'idempotency-key': `day-trade-${Date.now()}` },
  );
  for (const language of languages) {
    await app.setLanguage(language);
    await app.open('/home/dayTrading');
    await page.getByTestId('day-trading-rules').waitFor();
    await page.getByTestId('day-trading-position-KBC.BR').waitFor();
    await shootParts(page, `day-trading-${language}`);
  }
} finally {
  await close();
}
