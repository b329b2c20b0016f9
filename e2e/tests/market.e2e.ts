import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';
import { AppPage } from '../page-models/app-page';
import { MarketPage } from '../page-models/market-page';

// The market screens in Debian's Chromium at a phone viewport, against a real server on a fresh
// PGlite database with the built-in simulator. Live movement is checked on Bitcoin: the simulator
// moves a price only while its market is open, and the crypto calendar is open around the clock,
// so the test does not depend on the day it runs (the test also checks the session says so).

const account = `3249${String(Date.now()).slice(-7)}`;
const password = 'market-secret-1';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let app: AppPage;
let market: MarketPage;

type Quote = { symbol: string; volume: string; session: string };

async function session(): Promise<{ token: string; account: string }> {
  return page.evaluate(() => ({
    token: localStorage.getItem('tokend') ?? '',
    account: localStorage.getItem('account') ?? '',
  }));
}

async function watchlistSymbols(): Promise<string[]> {
  const result = await callApi<{ symbol: string }[]>(
    server.baseUrl,
    '/market/watchlist/list',
    {},
    await session(),
  );
  assert.equal(result.body.status, 1);
  return result.body.status === 1 ? result.body.data.map((item) => item.symbol) : [];
}

describe('market screens end to end', () => {
  before(async () => {
    server = await startServer();
    browser = await launchChromium();
    context = await newPhoneContext(browser);
    page = await context.newPage();
    app = new AppPage(page, server.baseUrl);
    market = new MarketPage(page);
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the market from the tab bar on BEL stocks, and switches to US stocks', async () => {
    await page.getByTestId('tab-market').click();
    await app.waitForPath('/market/index');
    assert.equal(await page.getByTestId('stock-type-frank').getAttribute('aria-pressed'), 'true');
    const bel = await market.listedSymbols();
    assert.ok(bel.length > 10 && bel.every((symbol) => symbol.endsWith('.BR')), bel.join());
    for (const index of ['^BEL20', '^FCHI', '^AEX', '^GSPC', '^NDX', '^DJI']) {
      await page.getByTestId(`index-${index}`).waitFor();
    }
    await page
      .getByTestId('quote-source')
      .first()
      .filter({ hasText: 'Simulated — Beurs demo simulator' })
      .waitFor();

    await market.chooseStockType('usd');
    // The list changes market: its first row is no longer a Brussels share.
    await page.waitForFunction(() => {
      const first = document.querySelector('[data-testid="market-list"] [data-testid^="quote-row-"]');
      const symbol = first?.getAttribute('data-testid') ?? '';
      return symbol !== '' && !symbol.endsWith('.BR');
    });
    const us = await market.listedSymbols();
    assert.ok(!us.some((symbol) => symbol.endsWith('.BR')), us.join());
  });

  it('sorts the list by volume, most first, and flips the order', async () => {
    await market.sortBy('volume');
    await page.locator('[data-testid="sort-volume"][data-sort="descending"]').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="market-list"]')?.getAttribute('aria-busy') === 'false',
    );
    const descending = await market.listedSymbols();
    const quotes = await callApi<Quote[]>(server.baseUrl, '/market/quotes', {
      symbols: descending.slice(0, 10),
    });
    assert.equal(quotes.body.status, 1);
    const volumes = quotes.body.status === 1 ? quotes.body.data.map((quote) => BigInt(quote.volume)) : [];
    assert.ok(volumes[0]! >= volumes[9]!, `first ${volumes[0]} ≥ tenth ${volumes[9]}`);

    await market.sortBy('volume');
    await page.locator('[data-testid="sort-volume"][data-sort="ascending"]').waitFor();
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid^="quote-row-"]')?.getAttribute('data-testid') !==
        `quote-row-${first}`,
      descending[0],
    );
    const ascending = await market.listedSymbols();
    assert.notEqual(ascending[0], descending[0]);
  });

  it('offers the tabs with data and opens Bitcoin from digital currency', async () => {
    for (const tab of ['index', 'pre_market', 'after_hours', 'forex', 'crypto']) {
      await page.getByTestId(`market-tab-${tab}`).waitFor();
    }
    await market.chooseTab('crypto');
    await page.getByTestId('quote-row-BTCUSD').waitFor();
    await market.openFromList('BTCUSD');
    assert.equal(await page.getByTestId('stock-code').innerText(), 'BTC/USD');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('stockDetail') ?? '{}') as { symbol?: string },
    );
    assert.equal(stored.symbol, 'BTCUSD');
    assert.equal(await page.getByTestId('session').innerText(), 'Open');
    assert.match(
      await market.source(),
      /^Simulated — Beurs demo simulator · no delay · \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });

  it('moves the price live over the WebSocket', async () => {
    await page.locator('[data-testid="stream-status"][data-status="open"]').waitFor({ timeout: 15_000 });
    const first = await market.price();
    const second = await market.waitForPriceChange(first);
    const third = await market.waitForPriceChange(second);
    assert.notEqual(first, second);
    assert.notEqual(second, third);
  });

  it('changes the chart period and range', async () => {
    const intraday = await market.chartCandles();
    assert.ok(intraday > 0);
    await market.choosePeriod('day');
    await market.chooseRange('1y');
    await page.waitForFunction(
      () => Number(document.querySelector('[data-price-chart]')?.getAttribute('data-candles')) > 300,
    );
    const daily = await market.chartCandles();
    assert.ok(daily >= 360 && daily <= 367, `one year of daily crypto candles, got ${daily}`);

    await market.choosePeriod('5m');
    assert.equal(await page.getByTestId('range-1y').isDisabled(), true);
    assert.equal(await page.getByTestId('range-1d').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('adjustment-forward').click();
    await page.locator('[data-testid="adjustment-forward"][aria-pressed="true"]').waitFor();
    assert.ok((await market.chartCandles()) > 0);
  });

  it('adds the stock to the watchlist', async () => {
    await page.getByTestId('watch-toggle').filter({ hasText: 'Add to watchlist' }).click();
    await page.getByTestId('watch-toggle').filter({ hasText: 'Remove from watchlist' }).waitFor();
    assert.deepEqual(await watchlistSymbols(), ['BTCUSD']);
  });

  it('finds it by search from the top bar, marked as watched, and keeps it in the history', async () => {
    await page.getByRole('link', { name: 'Search' }).click();
    await app.waitForPath('/favorite/search');
    await market.search('bitc');
    await page.getByTestId('result-BTCUSD').waitFor();
    await page.getByTestId('watched-BTCUSD').waitFor();
    await market.search('AAP');
    await page.getByTestId('result-AAPL').waitFor();
    const ranked = await page
      .getByTestId('search-results')
      .locator('[data-testid^="result-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
    assert.equal(ranked[0], 'result-AAPL', 'the exact code comes first');
    await market.search('bitcoin');
    await page.getByTestId('result-BTCUSD').click();
    await app.waitForPath('/market/stockDetail');
    await app.open('/favorite/search');
    await page.getByTestId('history-BTCUSD').waitFor();
  });

  it('removes it from the watchlist with select all and delete', async () => {
    await app.open('/favorite/index');
    await page.getByTestId('watch-item-BTCUSD').waitFor();
    await page.getByTestId('edit-watchlist').click();
    await page.getByTestId('select-all').check();
    await page.getByTestId('delete-selected').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('watchlist-empty').waitFor();
    assert.deepEqual(await watchlistSymbols(), []);
  });

  it('falls back to polling when the live connection is refused, and still moves', async () => {
    const blocked = await browser.newContext({ ...(await import('../src/browser')).PHONE, locale: 'en-GB' });
    try {
      await blocked.routeWebSocket(/\/api\/ws/, (socket) => socket.close());
      const other = await blocked.newPage();
      const state = await session();
      await other.goto(`${server.baseUrl}/#/login/start`);
      await other.evaluate(({ token, account: name }) => {
        localStorage.setItem('tokend', token);
        localStorage.setItem('account', name);
        localStorage.setItem(
          'stockDetail',
          JSON.stringify({
            symbol: 'BTCUSD',
            code: 'BTC/USD',
            name: 'Bitcoin',
            market: 'crypto',
            kind: 'crypto',
            currency: 'USD',
          }),
        );
      }, state);
      const otherApp = new AppPage(other, server.baseUrl);
      await otherApp.open('/market/stockDetail');
      const otherMarket = new MarketPage(other);
      await other.locator('[data-testid="stream-status"][data-status="down"]').waitFor({ timeout: 15_000 });
      assert.match(await other.getByTestId('stream-status').innerText(), /refreshing every 5 s/);
      await other.getByTestId('stock-price').waitFor();
      const before = await otherMarket.price();
      await otherMarket.waitForPriceChange(before, 15_000);
    } finally {
      await blocked.close();
    }
  });

  it('shows movers of the chosen market on the home screen', async () => {
    await app.open('/home/index');
    await page.getByTestId('movers-list').waitFor();
    const movers = await page
      .getByTestId('movers-list')
      .locator('[data-testid^="quote-row-"]')
      .evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-testid')?.replace('quote-row-', '') ?? ''),
      );
    assert.equal(movers.length, 5);
    assert.ok(!movers.some((symbol) => symbol.endsWith('.BR')), `US movers: ${movers.join()}`);
    await page.getByTestId('movers-losers').click();
    await page.locator('[data-testid="movers-losers"][aria-pressed="true"]').waitFor();
  });

  it('follows the up/down colour setting', async () => {
    await app.open('/information/setting');
    await page.getByTestId('colours-red-up').click();
    await app.open('/market/index');
    const pill = page.locator('[data-change-pill]').first();
    await pill.waitFor();
    const text = await pill.innerText();
    const tone = await pill.getAttribute('data-tone');
    if (text.startsWith('+')) assert.equal(tone, 'tone-red');
    else if (text.startsWith('-')) assert.equal(tone, 'tone-green');
  });
});
