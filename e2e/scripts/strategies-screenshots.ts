// Phone-sized (390×844) screenshots of the copy-following screens (issue 17 item 5): the list of
// the published strategies and one strategy's page, in each language (a published strategy's name
// reads in the user's language). Usage: npm run build && npx tsx e2e/scripts/strategies-screenshots.ts
// [out-dir]; LANGUAGES=en,nl (default) picks the languages.
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/strategies-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl').split(',');

const { page, app, shoot, close } = await startFundedPhoneSession({
  outDir,
  accountPrefix: '32479',
  deposit: '1000.00',
  isFullPageByDefault: true,
});

try {
  for (const language of languages) {
    await app.setLanguage(language);
    await app.open('/home/fllow');
    await page.getByTestId('strategy-BAL6040').waitFor();
    await shoot(`strategies-list-${language}`);
    await page.getByTestId('strategy-BAL6040').getByRole('link').first().click();
    await page.getByTestId('strategy-detail').waitFor();
    await shoot(`strategy-page-${language}`);
  }
} finally {
  await close();
}
