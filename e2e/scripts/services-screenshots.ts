// Phone-sized (390×844) screenshots of the account services (issue 14): the Me menu, the credit
// score with its factors, the loan list with a borrowing preview, a loan after borrowing, the daily
// check-in after checking in, and the professional-client application. A verified user funded with
// 500 EUR borrows 400 EUR in the app; the second language sees the open loan.
// Usage: npm run build && npx tsx e2e/scripts/services-screenshots.ts [out-dir]
// LANGUAGES=en,zh (default) picks the languages.
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/services-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,zh').split(',');

async function main() {
  const { page, app, shoot, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32476',
    deposit: '500.00',
    isFullPageByDefault: true,
  });
  try {
    for (const [index, language] of languages.entries()) {
      await app.setLanguage(language);
      await app.open('/information/index');
      await page.getByTestId('menu-creditScore').waitFor();
      await shoot(`me-${language}`);
      await app.open('/information/creditScore');
      await page.getByTestId('credit-score').waitFor();
      await shoot(`credit-score-${language}`);
      await app.open('/information/loanList');
      if (index === 0) {
        await page.getByTestId('borrow-amount').fill('400');
        await page.getByTestId('borrow-preview').click();
        await page.getByTestId('loan-schedule').waitFor();
        await shoot(`loan-preview-${language}`);
        await page.getByTestId('borrow-confirm').click();
        await app.waitForPath('/information/loan');
      } else {
        await page.getByTestId('open-loan').waitFor();
        await shoot(`loan-list-${language}`);
        await page.getByTestId('open-loan-link').click();
      }
      await page.getByTestId('loan-owed').waitFor();
      await shoot(`loan-${language}`);
      await app.open('/information/checkIn');
      await page.getByTestId('checkin-submit').waitFor();
      if (index === 0) await page.getByTestId('checkin-submit').click();
      await page.getByTestId('checkin-card').waitFor();
      await shoot(`check-in-${language}`);
      await app.open('/information/seatAccount');
      await page.getByTestId('seat-form').waitFor();
      await shoot(`seat-account-${language}`);
    }
  } finally {
    await close();
  }
}

await main();
