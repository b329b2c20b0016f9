// Phone-sized (390×844) screenshots of the IPO screens (issue 17): the offerings, one offering with
// its seed hash and dates, the subscribe ticket with the amount frozen before confirming, the
// offering after subscribing, then (the server's clock moved past the lottery date, the draw job
// run) the offering with the published seed and the app's own check of the draw, and the positions
// tab "subscription". Usage: npm run build && npx tsx e2e/scripts/ipo-screenshots.ts [out-dir]
// LANGUAGES=en,fr (default) picks the languages; the first subscribes.
import { startFundedPhoneSession } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/ipo-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,fr').split(',');
const MINUTE = 60_000;

async function main() {
  const { page, app, staff, server, shoot, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32479',
    deposit: '20000.00',
    isFullPageByDefault: true,
  });
  try {
    const start = server.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    const offering = await staff<{ id: string }>('/ipo/create', {
      symbol: 'UCB.BR',
      name: 'UCB new shares',
      issueMarket: 'Euronext Brussels',
      leadUnderwriter: 'KBC Securities',
      issuePrice: '1.0000',
      sharesOffered: '50000',
      minimumQuantity: '10000',
      lotSize: '1000',
      feeBasisPoints: 10,
      feeMinimum: '5.00',
      prospectusUrl: 'https://example.org/ucb-prospectus.pdf',
      opensAt: at(2),
      closesAt: at(60),
      lotteryAt: at(61),
      distributionAt: at(61),
      listingAt: at(24 * 60),
      reason: 'screenshot offering',
    });
    await server.restart({}, { clockStart: new Date(start + 5 * MINUTE) });
    for (const [index, language] of languages.entries()) {
      await app.setLanguage(language);
      await app.open('/home/newStock');
      await page.getByTestId(`ipo-offering-${offering.id}`).waitFor();
      await shoot(`ipo-list-${language}`);
      await app.open(`/home/newStock?id=${offering.id}`);
      await page.getByTestId('ipo-seed-commitment').waitFor();
      await shoot(`ipo-detail-${language}`);
      if (index === 0) {
        await page.getByTestId('ipo-subscribe').click();
        await page.getByTestId('ipo-quantity').waitFor();
        await page.getByTestId('ipo-quantity').fill('10000');
        await page.getByTestId('ipo-preview').click();
        await page.getByTestId('ipo-preview-total').waitFor();
        await shoot(`ipo-ticket-${language}`);
        await page.getByTestId('ipo-confirm').click();
        await page.getByTestId('ipo-sub-frozen').waitFor();
        await shoot(`ipo-subscribed-${language}`);
      }
    }
    await server.restart({}, { clockStart: new Date(start + 62 * MINUTE) });
    for (const language of languages) {
      await app.setLanguage(language);
      for (let attempt = 0; attempt < 30; attempt += 1) {
        await app.open(`/home/newStock?id=${offering.id}`);
        await page.getByTestId('ipo-phase').waitFor();
        if ((await page.getByTestId('ipo-seed').count()) > 0) break;
        await page.waitForTimeout(5_000);
      }
      await page.getByTestId('ipo-draw-check').waitFor();
      await shoot(`ipo-drawn-${language}`);
      await app.open('/trade/index');
      await page.getByTestId('trade-tab-subscription').click();
      await page.getByTestId('ipo-sub-state').first().waitFor();
      await shoot(`ipo-positions-${language}`);
    }
  } catch (error) {
    console.error(server.log().slice(-4_000));
    throw error;
  } finally {
    await close();
  }
}

await main();
