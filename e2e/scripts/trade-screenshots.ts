// Phone-sized (390×844) screenshots of the trade screens, for a visual review: the stock detail with
// Buy and Sell, the order ticket (empty, priced, a refusal at its field, an amount-based buy, a US
// share paid in EUR, the confirm sheet), and the fees screen. A verified account with a fund
// password and an approved EUR deposit, on a weekday morning so Euronext is open.
// Usage: npm run build -w @beurs/mobile && npx tsx e2e/scripts/trade-screenshots.ts [out-dir]
// LANGUAGES=en,de (default) picks the languages.
import { startFundedPhoneSession } from './funded-user';
import {
  kbcHolding,
  kbcOrder,
  kbcPositionDetail,
  orderPage,
  pendingSell,
  positionPage,
} from '../../apps/mobile/src/test/trade-fixtures';

const outDir = process.argv[2] ?? 'test-results/trade-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,de').split(',');

async function main() {
  const { server, page, app, shoot, close } = await startFundedPhoneSession({
    outDir,
    accountPrefix: '32474',
    deposit: '2500.00',
    isFullPageByDefault: false,
  });
  try {
    const stocks = {
      kbc: {
        symbol: 'KBC.BR',
        code: 'KBC',
        name: 'KBC Group',
        market: 'frank',
        kind: 'stock',
        currency: 'EUR',
      },
      aapl: { symbol: 'AAPL', code: 'AAPL', name: 'Apple', market: 'usd', kind: 'stock', currency: 'USD' },
    };
    for (const language of languages) {
      await app.setLanguage(language);
      await app.open('/market/index');
      await page.evaluate((stock) => localStorage.setItem('stockDetail', stock), JSON.stringify(stocks.kbc));
      await app.open('/market/stockDetail');
      await page.getByTestId('stock-buy').waitFor();
      await shoot(`stock-detail-${language}`);
      await page.getByTestId('stock-buy').click();
      await app.waitForPath('/market/stockDetailBuy');
      await shoot(`ticket-empty-${language}`);
      await page.getByTestId('ticket-quantity').fill('10');
      await page.getByTestId('cost-block').waitFor();
      await shoot(`ticket-priced-${language}`, true);
      await page.getByTestId('ticket-review').click();
      await page.getByTestId('confirm-sheet').waitFor();
      await shoot(`ticket-confirm-${language}`);
      await page.keyboard.press('Escape');
      await app.page.reload();
      await page.getByTestId('ticket-quantity').waitFor();
      await page.locator('#ticket-type').selectOption('limit');
      await page.getByTestId('ticket-quantity').fill('10');
      await page.getByTestId('ticket-limit-price').fill('999');
      await page.locator('[data-testid="ticket-limit-price"][aria-invalid="true"]').waitFor();
      await shoot(`ticket-refused-${language}`);
      await page.locator('#ticket-type').selectOption('trailing_stop');
      await shoot(`ticket-trailing-${language}`);
      await app.page.reload();
      await page.getByTestId('sizing-amount').click();
      await page.getByTestId('ticket-amount').fill('500');
      await page.getByTestId('rounded-down').waitFor();
      await shoot(`ticket-amount-${language}`, true);
      await app.open('/market/index');
      await page.evaluate((stock) => localStorage.setItem('stockDetail', stock), JSON.stringify(stocks.aapl));
      await app.open('/market/stockDetailBuy');
      await page.locator('#ticket-pay').selectOption('EUR');
      await page.getByTestId('ticket-quantity').fill('3');
      // Before the US open the market order is queued for it.
      const queue = page.getByTestId('queue-for-open').locator('input');
      await queue.waitFor({ timeout: 5_000 }).catch(() => undefined);
      if (await queue.isVisible()) await queue.check();
      await page.getByTestId('cost-fx').waitFor();
      await shoot(`ticket-usd-in-eur-${language}`, true);
      await app.open('/trade/fees');
      await page.getByTestId('fee-schedule').waitFor();
      await shoot(`fees-${language}`, true);
    }
    // Orders and positions come from the server's trading module once it has them; until then the
    // positions screens are shot with the component tests' fixtures answered in the browser.
    const answer = (data: unknown) => ({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 1, msg: '', data }),
    });
    const usd = kbcHolding({
      id: '4',
      symbol: 'AAPL',
      code: 'AAPL',
      name: 'Apple',
      market: 'usd',
      currency: 'USD',
      quantity: '3',
      availableQuantity: '3',
      averageCost: '176.6700',
      costBasis: '530.01',
      lastPrice: '181.2000',
      marketValue: '543.60',
      unrealisedPnl: '13.59',
      unrealisedPnlEur: '12.52',
    });
    await page.route('**/api/vue/trade/positions', (route) =>
      route.fulfill(answer(positionPage([kbcHolding(), usd]))),
    );
    await page.route('**/api/vue/trade/orders', (route) => route.fulfill(answer(orderPage([pendingSell()]))));
    await page.route('**/api/vue/trade/position', (route) =>
      route.fulfill(answer(kbcPositionDetail([pendingSell(), kbcOrder()]))),
    );
    for (const language of languages) {
      await app.setLanguage(language);
      await app.open('/trade/index');
      await page.getByTestId('position-3').waitFor();
      await shoot(`trade-holdings-${language}`);
      await page.getByTestId('trade-tab-pending').click();
      await page.getByTestId('order-8').waitFor();
      await shoot(`trade-pending-${language}`);
      await page.getByTestId('trade-tab-fx').click();
      await shoot(`trade-fx-${language}`);
      await app.open('/trade/positionDetail?id=3');
      await page.getByTestId('screen-positionDetail').waitFor();
      await shoot(`position-detail-${language}`, true);
    }
  } catch (error) {
    console.log(server.log().slice(-3000));
    throw error;
  } finally {
    await close();
  }
}

await main();
