import type { Language, Messages } from '@beurs/i18n';
import type { Locator, Page } from 'playwright-core';
import { decimalMark, readAmount } from './amounts';
import { AppPage } from './app-page';
import { MarketPage } from './market-page';

// Page model of trading: the stock detail's Buy and Sell, the order ticket (stockDetailBuy) with its
// cost block and confirm sheet, the positions screen (/trade/index) and the position detail.

const TIMEOUT_MS = 15_000;

export type OrderType = 'market' | 'limit' | 'stop' | 'stop_limit' | 'trailing_stop';
export type TradeTab = 'pending' | 'holdings' | 'closed' | 'cancelled' | 'crypto' | 'fx';

/** The ticket's cost block as plain decimal strings, read before confirming. */
export type ShownCosts = { gross: string; fee: string; tob: string; total: string; left: string };

export class TradePage {
  readonly app: AppPage;
  readonly market: MarketPage;
  constructor(
    readonly page: Page,
    baseUrl: string,
    readonly language: Language,
    readonly messages: Messages,
  ) {
    this.app = new AppPage(page, baseUrl);
    this.market = new MarketPage(page);
  }

  amount(text: string | null): string {
    const amount = readAmount(text, this.language);
    if (amount === null) throw new Error(`no amount in ${JSON.stringify(text)}`);
    return amount;
  }

  /** A decimal typed as a person of this language types it ("71,25" in German). */
  typed(decimal: string): string {
    return decimal.replace('.', decimalMark(this.language));
  }

  /** Home → the market tab → Belgian (or US) shares → the row of `symbol` → its stock detail. */
  async openStock(symbol: string, stockType: 'frank' | 'usd' | 'ETF-BEL' | 'ETF-USA' = 'frank') {
    await this.app.open('/home/index');
    await this.page.getByTestId('tab-market').click();
    await this.app.waitForPath('/market/index');
    await this.market.chooseStockType(stockType);
    await this.market.openFromList(symbol);
  }

  /** From the stock detail: Buy or Sell opens the ticket on that side. */
  async openTicket(side: 'buy' | 'sell'): Promise<void> {
    await this.page.getByTestId(`stock-${side}`).click();
    await this.waitForTicket(side);
  }

  async waitForTicket(side: 'buy' | 'sell'): Promise<void> {
    await this.app.waitForPath('/market/stockDetailBuy');
    await this.page
      .locator(`[data-testid="side-${side}"][aria-checked="true"]`)
      .waitFor({ timeout: TIMEOUT_MS });
  }

  async chooseType(type: OrderType): Promise<void> {
    await this.page.locator('#ticket-type').selectOption(type);
  }

  async setQuantity(quantity: string): Promise<void> {
    await this.page.getByTestId('ticket-quantity').fill(quantity);
  }

  async setLimitPrice(price: string): Promise<void> {
    await this.page.getByTestId('ticket-limit-price').fill(this.typed(price));
  }

  /** The live price in the ticket's header, as a decimal string. */
  async ticketPrice(): Promise<string> {
    const price = this.page.getByTestId('ticket-price');
    await price.waitFor({ timeout: TIMEOUT_MS });
    return this.amount(await price.innerText());
  }

  /**
   * Waits until the cost block prices what the ticket says (the preview is asked after a pause in
   * typing; the review button is enabled once it has answered) and reads it.
   */
  async costs(quantity: string): Promise<ShownCosts> {
    const gross = this.page.getByTestId('cost-gross');
    await this.page
      .getByTestId('cost-block')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${quantity} ×`) }) })
      .waitFor({ timeout: TIMEOUT_MS });
    await this.page.locator('[data-testid="ticket-review"]:not([disabled])').waitFor({ timeout: TIMEOUT_MS });
    const read = async (testId: string) => this.amount(await this.page.getByTestId(testId).innerText());
    return {
      gross: this.amount(await gross.innerText()),
      fee: await read('cost-fee'),
      tob: await read('cost-tob'),
      total: await read('cost-total'),
      left: await read('cost-left'),
    };
  }

  /** The ticket's review button opens the confirm sheet; its total is returned. */
  async review(): Promise<string> {
    await this.page.getByTestId('ticket-review').click();
    const total = this.page.getByTestId('confirm-sheet').getByTestId('confirm-total');
    await total.waitFor({ timeout: TIMEOUT_MS });
    return this.amount(await total.innerText());
  }

  /** Types the trading PIN in the confirm sheet and confirms; the app moves to the positions screen. */
  async confirm(pin: string): Promise<void> {
    await this.page.getByTestId('confirm-pin').fill(pin);
    await this.page.getByTestId('confirm-order').click();
    await this.app.waitForPath('/trade/index');
    await this.page.getByTestId('confirm-sheet').waitFor({ state: 'detached', timeout: TIMEOUT_MS });
  }

  async openTab(tab: TradeTab): Promise<void> {
    await this.page.getByTestId(`trade-tab-${tab}`).click();
    await this.page
      .locator(`[data-testid="trade-tab-${tab}"][aria-selected="true"]`)
      .waitFor({ timeout: TIMEOUT_MS });
  }

  /** A position card in the open tab, by the instrument's code (e.g. "KBC"). */
  positionCard(code: string): Locator {
    return this.page.locator('li[data-testid^="position-"]').filter({ hasText: `${code} ·` });
  }

  /** An order card in the open tab or the position detail, by the instrument's code. */
  orderCards(code: string): Locator {
    return this.page.locator('li[data-testid^="order-"]').filter({ hasText: `${code} ·` });
  }

  /** Taps the position's card and waits for its detail. */
  async openPosition(code: string): Promise<void> {
    await this.positionCard(code).first().locator('a').click();
    await this.app.waitForPath('/trade/positionDetail');
    await this.page.getByTestId('screen-positionDetail').waitFor({ timeout: TIMEOUT_MS });
  }

  /** Answers the open yes/no dialog with its confirming button. */
  async confirmDialog(): Promise<void> {
    await this.page.getByTestId('dialog-confirm').click();
    await this.page.getByTestId('dialog-confirm').waitFor({ state: 'detached', timeout: TIMEOUT_MS });
  }

  /** The figure of a summary row inside `scope`, as a decimal string. */
  async figure(scope: Locator, testId: string): Promise<string> {
    const cell = scope.getByTestId(testId).first();
    await cell.waitFor({ timeout: TIMEOUT_MS });
    return this.amount(await cell.innerText());
  }
}
