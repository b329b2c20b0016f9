// Phone-sized (390×844) screenshots of buying on margin (issue 16, items 2 and 6): a user with an
// open margin account prices a KBC.BR buy at 2× (the ticket's leverage choice, margin used,
// borrowed, buying power and the interest rate), confirms it, then reads the margin screen
// (equity, maintenance requirement, buying power, borrowed, interest to date) and moves cash to
// the margin side. Then (issue 16 item 3) staff mark KBC.BR lendable and the ticket offers a short
// sale with its borrow fee and initial margin, and the securities-lending screen offers the opt-in.
// Between them: the 'me' screen's totals with the margin side and what is owed, the holding's
// margin figures, and the records.
// Usage: npm run build && npx tsx e2e/scripts/margin-buying-screenshots.ts [out-dir]
// LANGUAGES=en,nl (default) picks the languages.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SHOTS_FUND_PASSWORD, startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/margin-buying-screenshots';
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

const kbc = {
  symbol: 'KBC.BR',
  code: 'KBC',
  name: 'KBC Group',
  market: 'frank',
  kind: 'stock',
  currency: 'EUR',
};

const { page, app, user, staff, close } = await startFundedPhoneSession({
  outDir,
  accountPrefix: '32479',
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
  for (const [index, language] of languages.entries()) {
    await app.setLanguage(language);
    await app.open('/market/index');
    await page.evaluate((stock) => localStorage.setItem('stockDetail', stock), JSON.stringify(kbc));
    await app.open('/market/stockDetailBuy');
    await page.getByTestId('ticket-leverage').waitFor();
    await page.getByTestId('ticket-leverage').selectOption('2.00');
    await page.getByTestId('ticket-quantity').fill('20');
    await page.getByTestId('cost-borrowed').waitFor();
    await shootParts(page, `ticket-2x-${language}`);
    await page.getByTestId('ticket-review').click();
    await page.getByTestId('confirm-borrowed').waitFor();
    await page.screenshot({ path: join(outDir, `confirm-2x-${language}.png`) });
    if (index === 0) {
      await page.getByTestId('confirm-pin').fill(SHOTS_FUND_PASSWORD);
      await page.getByTestId('confirm-order').click();
      await app.waitForPath('/trade/index');
    }
    await app.open('/information/margin');
    await page.getByTestId('margin-side').waitFor();
    if (index === 0) {
      await page.locator('#margin-amount').fill('500');
      await page.getByTestId('margin-transfer').getByRole('button').click();
      await page.getByTestId('margin-side-marginCash').getByText('500').waitFor();
    }
    await shootParts(page, `margin-screen-${language}`);
    // The account totals count the margin side and subtract what is owed; the holding shows its
    // leverage, borrowing and liquidation price; the records show the capital transfer.
    await app.open('/information/index');
    await page.getByTestId('balance-EUR-owed').waitFor();
    await shootParts(page, `me-owed-${language}`);
    await app.open('/trade/index');
    await page.getByTestId('position-leverage').first().waitFor();
    await shootParts(page, `positions-margin-${language}`);
    await app.open('/information/fundRecord');
    await page.waitForTimeout(1_500);
    await shootParts(page, `records-${language}`);
    if (index === 0) {
      await staff('/margin/instrumentSave', {
        symbol: kbc.symbol,
        notMarginable: false,
        initialBasisPoints: null,
        maintenanceBasisPoints: null,
        lendable: true,
        lendingPaused: false,
        reason: 'securities lending desk',
      });
    }
    await app.open('/market/stockDetailBuy');
    await page.getByTestId('side-sell').click();
    await page.getByTestId('direction-short').click();
    await page.getByTestId('ticket-quantity').fill('10');
    await page.getByTestId('ticket-short-terms').waitFor();
    await shootParts(page, `ticket-short-${language}`);
    await app.open('/information/securitiesLending');
    await page.getByTestId('lending-toggle').waitFor();
    await shootParts(page, `securities-lending-${language}`);
  }
} finally {
  await close();
}
