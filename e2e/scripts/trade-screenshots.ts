// Phone-sized (390×844) screenshots of the trade screens, for a visual review: the stock detail with
// Buy and Sell, the order ticket (empty, priced, a refusal at its field, an amount-based buy, a US
// share paid in EUR, the confirm sheet), and the fees screen. A verified account with a fund
// password and an approved EUR deposit, on a weekday morning so Euronext is open.
// Usage: npm run build -w @beurs/mobile && npx tsx e2e/scripts/trade-screenshots.ts [out-dir]
// LANGUAGES=en,de (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, newPhoneContext } from '../src/browser';
import { nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { verifyAndFund } from './funded-user';
import { AppPage } from '../page-models/app-page';
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
    const account = `32474${Date.now().toString().slice(-6)}`;
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
      deposit: '2500.00',
    });

    const shoot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(SETTLE_MS);
      await page.screenshot({ path: join(outDir, `${name}.png`), fullPage });
    };
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
    await browser.close();
    await server.stop();
  }
}

await main();
