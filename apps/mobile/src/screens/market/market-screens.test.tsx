import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../features/market/market-types';
import { configEntries, ok, refusal, type Data, type Handlers, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { render } from '@testing-library/react';
import { StreamBadge } from './components/StreamBadge';

// The market screens in the whole app (route table, layout, lazy screens) against a fake server.
// The WebSocket never opens here, so the screens poll: that is the fallback path.

vi.mock('./components/PriceChart', () => ({
  // The canvas chart needs a real browser (the e2e suite draws it); here a stand-in shows its input.
  default: ({
    candles,
    period,
    dataKey,
    indicators = [],
  }: {
    candles: unknown[];
    period: string;
    dataKey: string;
    indicators?: string[];
  }) => (
    <div
      data-testid="price-chart-stub"
      data-indicators={indicators.join(',')}
      data-candles={candles.length}
      data-period={period}
      data-key={dataKey}
    />
  ),
}));

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const quote = (symbol: string, overrides: Partial<Quote> = {}): Quote => ({
  symbol,
  code: symbol.replace('.BR', ''),
  name: `Name ${symbol}`,
  market: 'frank',
  kind: 'stock',
  exchange: 'XBRU',
  currency: 'EUR',
  priceScale: 4,
  latest: '52.1400',
  change: '1.0000',
  changePercent: '1.96',
  open: '51.0000',
  previousClose: '51.1400',
  high: '52.5000',
  low: '50.9000',
  volume: '887943',
  turnover: '46000000.00',
  marketCap: '21000000000.00',
  bid: '52.1200',
  ask: '52.1600',
  session: 'closed',
  source: 'Beurs simulator (demo)',
  delayMs: 0,
  timestamp: '2026-11-20T16:29:59.000Z',
  isSimulated: true,
  ...overrides,
});

/** The minute of the fixture quote's last trade: the intraday chart ends there. */
const lastMinute = Math.floor(Date.parse('2026-11-20T16:29:59.000Z') / 60_000) * 60;

const listRequests = (requests: Recorded[]) =>
  requests.filter((request) => request.path === '/market/list').map((request) => request.body);

function handlers(extra: Handlers = {}): Handlers {
  return {
    '/common/config': () => ok(configEntries('demo')),
    '/market/status': () =>
      ok({
        source: 'Beurs simulator (demo)',
        delayMs: 0,
        isSimulated: true,
        calendars: [{ calendar: 'crypto', timeZone: 'UTC', session: 'regular', nextSessionChangeAt: null }],
      }),
    '/market/indices': () => ok([quote('^BEL20', { name: 'BEL 20', market: 'index', kind: 'index' })]),
    '/market/list': (body) => {
      const market = body.market as Data<'/market/list'>['market'];
      const items =
        market === 'usd'
          ? [quote('AAPL', { market: 'usd', currency: 'USD' })]
          : [quote('KBC.BR'), quote('ABI.BR')];
      return ok({ market, total: items.length, items });
    },
    '/market/watchlist/list': () => ok([]),
    ...extra,
  };
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentSocket);
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('market index', () => {
  it('asks for the sorted list, flips the order, and switches markets into stockType', async () => {
    const { server } = renderApp('/market/index', handlers());
    await screen.findByTestId('quote-row-KBC.BR');
    expect(listRequests(server.requests)[0]).toMatchObject({
      market: 'frank',
      sort: 'change',
      order: 'desc',
    });
    expect(screen.getByTestId('quote-source').textContent).toMatch(
      /^Simulated — Beurs demo simulator · no delay · 2026\.11\.2\d \d{2}:\d{2}:\d{2}$/,
    );

    fireEvent.click(screen.getByTestId('sort-volume'));
    await waitFor(() =>
      expect(listRequests(server.requests).at(-1)).toMatchObject({ sort: 'volume', order: 'desc' }),
    );
    fireEvent.click(screen.getByTestId('sort-volume'));
    await waitFor(() =>
      expect(listRequests(server.requests).at(-1)).toMatchObject({ sort: 'volume', order: 'asc' }),
    );
    expect(screen.getByTestId('sort-volume').getAttribute('data-sort')).toBe('ascending');

    // Lists say the currency of each price: euros here, dollars on the US market.
    expect(screen.getByTestId('latest-KBC.BR').textContent).toBe('52.14 €');
    fireEvent.click(screen.getByTestId('stock-type-usd'));
    await screen.findByTestId('quote-row-AAPL');
    expect(screen.getByTestId('latest-AAPL').textContent).toBe('$52.14');
    expect(localStorage.getItem('stockType')).toBe('usd');
    expect(listRequests(server.requests).at(-1)).toMatchObject({ market: 'usd' });
  });

  it('says the simulator has no pre-market or after-hours prices instead of repeating the regular ones', async () => {
    const usEquity = {
      calendar: 'us_equity' as const,
      timeZone: 'America/New_York',
      session: 'closed' as const,
      nextSessionChangeAt: '2026-11-23T09:00:00.000Z',
    };
    renderApp(
      '/market/index',
      handlers({
        '/market/status': () =>
          ok({ source: 'Beurs simulator (demo)', delayMs: 0, isSimulated: true, calendars: [usEquity] }),
        '/market/list': (body) => {
          const market = body.market as Data<'/market/list'>['market'];
          const items = [quote('AAPL', { market: 'usd', currency: 'USD' })];
          return ok({ market, total: items.length, items });
        },
      }),
    );
    for (const tab of ['pre_market', 'after_hours']) {
      fireEvent.click(await screen.findByTestId(`market-tab-${tab}`));
      expect((await screen.findByTestId('no-extended-hours')).textContent).toBe(
        'The demo simulator has no pre-market or after-hours prices: it prices US stocks in the regular session only. Their prices are under US stocks.',
      );
      expect(screen.queryByTestId('market-list')).toBeNull();
    }
    // The regular-session list is where it says.
    fireEvent.click(screen.getByTestId('market-tab-stocks'));
    await screen.findByTestId('market-list');
  });

  it("names a streaming connection for what it is, not 'Live' beside 'Simulated'", () => {
    render(<StreamBadge status="open" />);
    expect(screen.getByTestId('stream-status').textContent).toBe('Streaming');
  });

  it('offers only the tabs whose calendar the server has', async () => {
    renderApp('/market/index', handlers());
    await screen.findByTestId('market-tab-crypto');
    expect(screen.getByTestId('market-tab-index')).toBeTruthy();
    expect(screen.queryByTestId('market-tab-forex')).toBeNull();
    expect(screen.queryByTestId('market-tab-pre_market')).toBeNull();
  });

  it('keeps the selected stock under stockDetail and shows its quote fields, polling while the socket is down', async () => {
    const { router, server } = renderApp(
      '/market/index',
      handlers({
        '/market/quote': () => ok(quote('KBC.BR')),
        '/market/instrument': () => refusal('NOT_FOUND', {}, 404),
        '/market/candles': (body) =>
          ok({
            symbol: 'KBC.BR',
            period: (body.period ?? 'time_share') as 'time_share',
            range: (body.range ?? '1d') as '1d',
            adjustment: (body.adjustment ?? 'none') as 'none',
            priceScale: 4,
            currency: 'EUR',
            source: 'Beurs simulator (demo)',
            delayMs: 0,
            isSimulated: true,
            candles: [
              {
                time: lastMinute,
                open: '1.0',
                high: '1.0',
                low: '1.0',
                close: '1.0',
                volume: '1',
                turnover: '1.00',
              },
            ],
          }),
        '/market/watchlist/add': () => ok(null),
      }),
    );
    fireEvent.click(await screen.findByTestId('quote-row-KBC.BR'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/stockDetail'));
    expect(JSON.parse(localStorage.getItem('stockDetail') ?? '{}')).toMatchObject({ symbol: 'KBC.BR' });
    expect((await screen.findByTestId('stock-price')).textContent).toBe('52.14');
    expect(screen.getByTestId('field-previousClose').textContent).toBe('51.14');
    expect(screen.getByTestId('field-volume').textContent).toBe('887,943');
    expect(screen.getByTestId('stream-status').textContent).toMatch(/Connecting|refreshing every 5 s/);
    expect((await screen.findByTestId('price-chart-stub')).getAttribute('data-candles')).toBe('1');

    fireEvent.click(screen.getByTestId('period-day'));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/market/candles').at(-1)?.body).toMatchObject({
        period: 'day',
        range: '6m',
        adjustment: 'none',
      }),
    );
    expect((screen.getByTestId('range-1y') as HTMLButtonElement).disabled).toBe(false);
    // The chart is told what its candles are of, the adjustment included, so it redraws them all.
    await waitFor(() =>
      expect(screen.getByTestId('price-chart-stub').getAttribute('data-key')).toBe('KBC.BR|day|6m|none'),
    );
    fireEvent.click(screen.getByTestId('adjustment-backward'));
    await waitFor(() =>
      expect(screen.getByTestId('price-chart-stub').getAttribute('data-key')).toBe('KBC.BR|day|6m|backward'),
    );
    // Indicators are switched on and off, always in the same order (MACD's pane above RSI's).
    fireEvent.click(screen.getByTestId('indicator-rsi'));
    fireEvent.click(screen.getByTestId('indicator-ma'));
    fireEvent.click(screen.getByTestId('indicator-macd'));
    const stub = () => screen.getByTestId('price-chart-stub');
    await waitFor(() => expect(stub().getAttribute('data-indicators')).toBe('ma,macd,rsi'));
    expect(screen.getByTestId('indicator-macd').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('indicator-ma'));
    await waitFor(() => expect(stub().getAttribute('data-indicators')).toBe('macd,rsi'));
    fireEvent.click(screen.getByTestId('period-5m'));
    await waitFor(() => expect((screen.getByTestId('range-1y') as HTMLButtonElement).disabled).toBe(true));
    // The spec's 6-month and 1-year candles, over two years by default.
    expect(screen.getByTestId('period-half_year').textContent).toBe('Half-year');
    fireEvent.click(screen.getByTestId('period-year'));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/market/candles').at(-1)?.body).toMatchObject({
        period: 'year',
        range: '2y',
      }),
    );

    fireEvent.click(screen.getByTestId('watch-toggle'));
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/market/watchlist/add')?.body).toEqual({
        symbol: 'KBC.BR',
      }),
    );
  });
});

describe('stock detail title', () => {
  it('names what the detail shows: a cryptocurrency, an index, a stock', async () => {
    const candles = (symbol: string) => () =>
      ok({
        symbol,
        period: 'time_share' as const,
        range: '1d' as const,
        adjustment: 'none' as const,
        priceScale: 2,
        currency: 'USD',
        source: 'Beurs simulator (demo)',
        delayMs: 0,
        isSimulated: true,
        candles: [],
      });
    const shown = [
      { symbol: 'BTCUSD', kind: 'crypto' as const, title: 'Cryptocurrency' },
      { symbol: '^BEL20', kind: 'index' as const, title: 'Index' },
      { symbol: 'KBC.BR', kind: 'stock' as const, title: 'Stock' },
    ];
    for (const { symbol, kind, title } of shown) {
      const selected = quote(symbol, { kind, market: kind === 'crypto' ? 'crypto' : 'frank' });
      localStorage.setItem(
        'stockDetail',
        JSON.stringify({
          symbol,
          code: symbol,
          name: selected.name,
          market: selected.market,
          kind,
          currency: 'USD',
        }),
      );
      const { unmount } = renderApp(
        '/market/stockDetail',
        handlers({
          '/market/quote': () => ok(selected),
          '/market/instrument': () => refusal('NOT_FOUND', {}, 404),
          '/market/candles': candles(symbol),
        }),
      );
      await waitFor(() => expect(document.querySelector('.top-bar-title')?.textContent).toBe(title));
      unmount();
    }
  });
});

describe('search', () => {
  it('shows ranked results, and keeps the opened stock in the history', async () => {
    const results: Data<'/market/search'> = [
      {
        symbol: 'AAPL',
        code: 'AAPL',
        name: 'Apple',
        market: 'usd',
        kind: 'stock',
        exchange: 'XNAS',
        currency: 'USD',
      },
      {
        symbol: 'AAP',
        code: 'AAP',
        name: 'Advance Auto Parts',
        market: 'usd',
        kind: 'stock',
        exchange: 'XNYS',
        currency: 'USD',
      },
    ];
    const { router } = renderApp(
      '/favorite/search',
      handlers({
        '/market/search': () => ok(results),
        '/market/quote': () => ok(quote('AAPL', { market: 'usd' })),
      }),
    );
    expect((await screen.findByRole('main')).textContent).toContain('Type a stock code or name.');
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'aap' } });
    await screen.findByTestId('result-AAPL');
    const order = [...screen.getByTestId('search-results').querySelectorAll('[data-testid^="result-"]')].map(
      (row) => row.getAttribute('data-testid'),
    );
    expect(order).toEqual(['result-AAPL', 'result-AAP']);

    fireEvent.click(screen.getByTestId('result-AAPL'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/stockDetail'));
    expect(JSON.parse(localStorage.getItem('searchHistory') ?? '[]')[0]).toMatchObject({ symbol: 'AAPL' });

    await router.navigate('/favorite/search');
    await screen.findByTestId('history-AAPL');
    fireEvent.click(screen.getByTestId('clear-history'));
    await waitFor(() => expect(screen.queryByTestId('history-AAPL')).toBeNull());
    expect(localStorage.getItem('searchHistory')).toBeNull();
  });
});

describe('watchlist', () => {
  it('selects all and deletes them in one call after confirming', async () => {
    let items = [
      quote('KBC.BR'),
      quote('ABI.BR'),
      quote('BTCUSD', { kind: 'crypto', currency: 'USD', latest: '67432.10' }),
    ].map((q) => ({
      symbol: q.symbol,
      addedAt: q.timestamp,
      quote: q,
    }));
    const { server } = renderApp(
      '/favorite/index',
      handlers({
        '/market/watchlist/list': () => ok(items),
        '/market/watchlist/removeMany': (body) => {
          const { symbols } = body as { symbols: string[] };
          items = items.filter((item) => !symbols.includes(item.symbol));
          return ok({ removed: symbols.length });
        },
      }),
    );
    await screen.findByTestId('watch-item-ABI.BR');
    // EUR and USD side by side, each with its currency.
    expect(screen.getByTestId('watch-item-ABI.BR').textContent).toContain('52.14 €');
    expect(screen.getByTestId('watch-item-BTCUSD').textContent).toContain('$67,432.10');
    fireEvent.click(screen.getByTestId('edit-watchlist'));
    fireEvent.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('delete-selected').textContent).toBe('Delete (3)');
    fireEvent.click(screen.getByTestId('delete-selected'));
    fireEvent.click(await screen.findByText('Delete'));
    await screen.findByTestId('watchlist-empty');
    expect(server.requests.find((r) => r.path === '/market/watchlist/removeMany')?.body).toEqual({
      symbols: ['KBC.BR', 'ABI.BR', 'BTCUSD'],
    });
  });
});
