// Phone-sized (390×844) screenshots of opening a margin account (issue 16, item 1): the Me menu
// entry, the appropriateness test, a failed test with its wrong answers explained and the retake
// date, and (a second verified user) a passed test with the risk disclosure, then the open account.
// Usage: npm run build && npx tsx e2e/scripts/margin-screenshots.ts [out-dir]
// LANGUAGES=en,nl (default) picks the languages.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/margin-screenshots';
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
const failing = { ...passing, short_selling: 'loss_capped_at_proceeds', recall: 'nothing_happens' };

/** A long screen in phone-high parts (`name-1.png`, `name-2.png`, …), easier to read than one strip. */
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

async function answer(page: Page, answers: Record<string, string>) {
  for (const [question, option] of Object.entries(answers)) {
    await page.getByTestId(`margin-answer-${question}-${option}`).check();
  }
  await page.getByTestId('margin-submit-test').click();
  await page.getByTestId('margin-result').waitFor();
}

async function failedUser() {
  const { page, app, shoot, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32477',
    deposit: '100.00',
    isFullPageByDefault: true,
  });
  try {
    for (const [index, language] of languages.entries()) {
      await app.setLanguage(language);
      await app.open('/information/index');
      await page.getByTestId('menu-margin').waitFor();
      await page.getByTestId('menu-margin').scrollIntoViewIfNeeded();
      await shoot(`me-${language}`, false);
      await app.open('/information/margin');
      if (index === 0) {
        await page.getByTestId('margin-test').waitFor();
        await shootParts(page, `test-${language}`);
        await answer(page, failing);
      }
      await page.getByTestId('margin-retake').waitFor();
      await shootParts(page, `failed-${language}`);
    }
  } finally {
    await close();
  }
}

async function openedUser() {
  const { page, app, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32478',
    deposit: '100.00',
    isFullPageByDefault: true,
  });
  try {
    for (const [index, language] of languages.entries()) {
      await app.setLanguage(language);
      await app.open('/information/margin');
      if (index === 0) {
        await page.getByTestId('margin-test').waitFor();
        await answer(page, passing);
        await page.getByTestId('margin-disclosure').waitFor();
        await shootParts(page, `passed-disclosure-${language}`);
        await page.getByTestId('margin-accept').check();
        await page.getByTestId('margin-open').click();
      }
      await page.getByTestId('margin-opened').waitFor();
      await shootParts(page, `opened-${language}`);
    }
  } finally {
    await close();
  }
}

await failedUser();
await openedUser();
