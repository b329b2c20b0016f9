import type { Page } from 'playwright-core';
import { AppPage } from './app-page';

// Page model of the market screens: market index, stock detail, watchlist and search.

const TIMEOUT_MS = 15_000;

export class MarketPage {
  readonly app: AppPage;
  constructor(readonly page: Page) {
    this.app = new AppPage(page, '');
  }

  async chooseStockType(stockType: 'frank' | 'usd' | 'ETF-BEL' | 'ETF-USA'): Promise<void> {
    await this.page.getByTestId(`stock-type-${stockType}`).click();
    await this.page.waitForFunction((value) => localStorage.getItem('stockType') === value, stockType, {
      timeout: TIMEOUT_MS,
    });
  }

  async chooseTab(tab: string): Promise<void> {
    await this.page.getByTestId(`market-tab-${tab}`).click();
  }

  /** The symbols of the market list, top to bottom. */
  async listedSymbols(): Promise<string[]> {
    await this.page.getByTestId('market-list').waitFor({ timeout: TIMEOUT_MS });
    return this.page
      .getByTestId('market-list')
      .locator('[data-testid^="quote-row-"]')
      .evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-testid')?.replace('quote-row-', '') ?? ''),
      );
  }

  async sortBy(column: 'change' | 'volume' | 'turnover'): Promise<void> {
    await this.page.getByTestId(`sort-${column}`).click();
  }

  async openFromList(symbol: string): Promise<void> {
    await this.page.getByTestId(`quote-row-${symbol}`).click();
    await this.app.waitForPath('/market/stockDetail');
    await this.page.getByTestId('stock-price').waitFor({ timeout: TIMEOUT_MS });
  }

  price(): Promise<string> {
    return this.page.getByTestId('stock-price').innerText();
  }

  source(): Promise<string> {
    return this.page.getByTestId('stock-source').innerText();
  }

  /** Waits until the displayed price differs from `before`; returns the new one. */
  async waitForPriceChange(before: string, timeout = 20_000): Promise<string> {
    await this.page.waitForFunction(
      (old) => document.querySelector('[data-testid="stock-price"]')?.textContent !== old,
      before,
      { timeout, polling: 100 },
    );
    return this.price();
  }

  async choosePeriod(period: string): Promise<void> {
    await this.page.getByTestId(`period-${period}`).click();
    await this.page
      .locator(`[data-testid="chart"][data-period="${period}"]`)
      .waitFor({ timeout: TIMEOUT_MS });
  }

  async chooseRange(range: string): Promise<void> {
    await this.page.getByTestId(`range-${range}`).click();
    await this.page.locator(`[data-testid="chart"][data-range="${range}"]`).waitFor({ timeout: TIMEOUT_MS });
  }

  /** Waits for the chart canvas with the number of candles it draws. */
  async chartCandles(): Promise<number> {
    const chart = this.page.locator('[data-price-chart][aria-busy="false"]');
    await chart.waitFor({ timeout: TIMEOUT_MS });
    await this.page.locator('[data-price-chart] canvas').first().waitFor({ timeout: TIMEOUT_MS });
    return Number(await chart.getAttribute('data-candles'));
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId('search-input').fill(text);
  }
}
