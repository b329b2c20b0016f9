// Phone-sized (390×844) screenshots of a credit loan in the account totals and the records (issue 14):
// a user with 5,000.00 EUR borrows 1,000.00 on the credit line; the loan's cash is in available,
// what is owed on it is its own row, and total assets are net of it (the 5,000.00 the user would
// have after repaying everything). Two days later (the server restarted on a clock two days on) the
// interest due is owed too; a partial repayment then posts each day's interest, a record that moved
// no cash but added to what is owed. The 'me', wallet and records screens, in each language.
// Usage: npm run build && npx tsx e2e/scripts/credit-totals-screenshots.ts [out-dir]
// LANGUAGES=en,nl (default) picks the languages.
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/credit-totals-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl').split(',');

const { page, app, user, shoot, server, close } = await startFundedPhoneSession({
  outDir,
  accountPrefix: '32478',
  deposit: '5000.00',
  isFullPageByDefault: true,
});

async function totals(when: string) {
  for (const language of languages) {
    await app.setLanguage(language);
    await app.open('/information/index');
    await page.getByTestId('balance-EUR-owedCredit').waitFor();
    await shoot(`me-credit-owed-${when}-${language}`);
    await app.open('/information/wallet');
    await page.getByTestId('wallet-balance-EUR-owedCredit').waitFor();
    await shoot(`wallet-credit-owed-${when}-${language}`);
  }
}

try {
  const loan = await user<{ id: string }>(
    '/loan/borrow',
    { amount: '1000.00' },
    { 'idempotency-key': 'credit-totals-shots' },
  );
  await totals('borrowed');
  await server.restart({}, { clockStart: new Date(server.now().getTime() + 2 * 86_400_000) });
  await totals('two-days-on');
  // A partial repayment posts the days' interest not yet posted first (as the hourly job would).
  await user(
    '/loan/repay',
    { loanId: loan.id, amount: '100.00' },
    { 'idempotency-key': 'credit-totals-shots-repay' },
  );
  for (const language of languages) {
    await app.setLanguage(language);
    await app.open('/information/fundRecord');
    await page.getByTestId('record-amount').first().waitFor();
    await shoot(`records-credit-interest-${language}`);
  }
} finally {
  await close();
}
