import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configEntries, ok, refusal, type Data, type Handlers, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import {
  kbcHolding,
  kbcOrder,
  kbcPositionDetail,
  orderPage,
  pendingSell,
  positionPage,
} from '../../test/trade-fixtures';

// The positions screen and the position detail in the whole app against a fake server, with a
// scripted live-price socket.

class ScriptedSocket {
  static all: ScriptedSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: unknown[] = [];
  constructor() {
    ScriptedSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.deliver({ type: 'subscribed', symbols: [], rejected: [] });
  }
  deliver(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

/** The confirm button of the open dialog (antd-mobile renders it outside the screen). */
async function confirmDialog(name: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name }));
}

const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

const kbcQuote = (latest: string): Data<'/market/quote'> => ({
  symbol: 'KBC.BR',
  code: 'KBC',
  name: 'KBC Group',
  market: 'frank',
  kind: 'stock',
  exchange: 'XBRU',
  currency: 'EUR',
  priceScale: 4,
  latest,
  change: '1.0000',
  changePercent: '1.96',
  open: '51.0000',
  previousClose: '51.1400',
  high: '53.5000',
  low: '50.9000',
  volume: '887943',
  turnover: '46000000.00',
  marketCap: null,
  bid: null,
  ask: null,
  session: 'regular',
  source: 'Beurs simulator (demo)',
  delayMs: 0,
  timestamp: '2026-11-20T10:40:00.000Z',
  isSimulated: true,
});

const base: Handlers = {
  '/common/config': () => ok(configEntries('demo')),
  '/trade/positions': (body) => {
    const { state, assetClass } = body as { state: string; assetClass: string };
    return ok(positionPage(state === 'holding' && assetClass === 'security' ? [kbcHolding()] : []));
  },
  '/trade/orders': () => ok(orderPage([])),
  '/fundRecord/list': () => ok({ total: 0, items: [] }),
  '/market/quote': () => ok(kbcQuote('52.1400')),
  '/margin/history': () => ok({ calls: [], liquidations: [] }),
};

beforeEach(() => {
  ScriptedSocket.all = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('positions screen', () => {
  it('lists holdings with value and P&L, priced again by the live stream', async () => {
    const { server } = renderApp('/trade/index', base);
    const card = await screen.findByTestId('position-3');
    expect(within(card).getByTestId('position-value').textContent).toBe('521.40 €');
    expect(within(card).getByTestId('position-unrealised').textContent).toBe('-0.20 €');
    expect(calls(server.requests, '/trade/positions')[0]?.body).toEqual({
      state: 'holding',
      assetClass: 'security',
      page: 1,
      pageSize: 50,
    });
    await waitFor(() => expect(ScriptedSocket.all.length).toBeGreaterThan(0));
    const socket = ScriptedSocket.all.at(-1) as ScriptedSocket;
    act(() => socket.open());
    await waitFor(() =>
      expect(socket.sent).toContainEqual(
        expect.objectContaining({ symbols: expect.arrayContaining(['KBC.BR']) }),
      ),
    );
    act(() => socket.deliver({ type: 'quotes', sentAtMs: Date.now(), data: [kbcQuote('53.1650')] }));
    await waitFor(() => expect(within(card).getByTestId('position-value').textContent).toBe('531.65 €'));
    const pnl = within(card).getByTestId('position-unrealised');
    expect(pnl.textContent).toBe('+10.05 €');
    // Up in the user's colours: green for English readers unless they chose red-up.
    expect(pnl.className).toContain('tone-green');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/trade/positionDetail?id=3');
  });

  it('shows a short as such, with the P&L the server counted for it', async () => {
    // 4 sold short at 53.225 (212.90 received), the last price 53.00: a gain of 0.90.
    const short = kbcHolding({
      direction: 'short',
      quantity: '4',
      availableQuantity: '4',
      averageCost: '53.2250',
      costBasis: '212.90',
      lastPrice: '53.0000',
      marketValue: '212.00',
      unrealisedPnl: '0.90',
      unrealisedPnlEur: '0.90',
      // Borrowed 4 shares sold at 53.225 (212.90 at the sale price); 50 % of that held as margin.
      margin: { leverage: '2.00', marginPaid: '106.45', borrowed: '212.90', liquidationPrice: '64.3548' },
    });
    renderApp('/trade/index', {
      ...base,
      '/trade/positions': (body) =>
        ok(positionPage((body as { state: string }).state === 'holding' ? [short] : [])),
    });
    const card = await screen.findByTestId('position-3');
    expect(within(card).getByTestId('position-direction').textContent).toBe('Short');
    // The P&L as the server counted it (the live price's: live-position.test.ts).
    expect(within(card).getByTestId('position-unrealised').textContent).toBe('+0.90 €');
    // A short's margin figures say what they are: the margin held and the shares borrowed.
    expect(within(card).getByText('Initial margin held')).toBeTruthy();
    expect(within(card).getByText('Shares borrowed (at the sale price)')).toBeTruthy();
    expect(within(card).queryByText('Margin paid (initial part)')).toBeNull();
    expect(within(card).getByTestId('position-liquidation-price').textContent).toContain('64.3548');
  });

  it('shows no direction on a long holding', async () => {
    renderApp('/trade/index', base);
    const card = await screen.findByTestId('position-3');
    expect(within(card).queryByTestId('position-direction')).toBeNull();
  });

  it('shows an empty state per tab, cancels a pending order, and lists the user’s exchanges', async () => {
    const user = userEvent.setup();
    let pending = [pendingSell()];
    const exchange = {
      type: 'exchange',
      from: 'EUR',
      to: 'USD',
      amount: '100.00',
      received: '116.20',
      appliedRate: '1.162000',
      spreadBasisPoints: 50,
      rateSource: 'simulator',
    } as const;
    const record = (currency: 'EUR' | 'USD', amount: string): Data<'/fundRecord/list'>['items'][number] => ({
      id: '5',
      kind: 'exchange',
      memo: '',
      currency,
      amount,
      availableChange: amount,
      marginChange: '0.00',
      owedChange: '0.00',
      detail: exchange,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    const { server } = renderApp('/trade/index', {
      ...base,
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': (body) =>
        ok(
          orderPage(
            (body as { tab: string }).tab === 'pending'
              ? pending
              : [
                  kbcOrder({
                    id: '9',
                    state: 'cancelled',
                    cancelledAt: '2026-11-20T11:00:00.000Z',
                    fills: [],
                    filledAt: null,
                    filledQuantity: '0',
                  }),
                ],
          ),
        ),
      '/trade/cancel': (body) => {
        pending = [];
        return ok({
          ...pendingSell(),
          id: (body as { id: string }).id,
          state: 'cancelled',
          cancelledAt: '2026-11-20T11:00:00.000Z',
        });
      },
      '/fundRecord/list': () => ok({ total: 2, items: [record('EUR', '-100.00'), record('USD', '116.20')] }),
    });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('You hold no shares yet.');
    await user.click(screen.getByTestId('trade-tab-closed'));
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No closed positions yet.');
    await user.click(screen.getByTestId('trade-tab-crypto'));
    expect((await screen.findByTestId('empty-state')).textContent).toBe('You hold no crypto.');

    await user.click(screen.getByTestId('trade-tab-pending'));
    const order = await screen.findByTestId('order-8');
    expect(order.textContent).toContain('Sell 10 · Limit · limit 57.00 · Good till cancelled');
    expect(within(order).getByTestId('order-state').textContent).toBe('Pending');
    await user.click(within(order).getByTestId('cancel-8'));
    await confirmDialog('Cancel order');
    await waitFor(() => expect(calls(server.requests, '/trade/cancel')).toHaveLength(1));
    expect(calls(server.requests, '/trade/cancel')[0]?.body).toEqual({ id: '8' });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No pending orders.');

    await user.click(screen.getByTestId('trade-tab-cancelled'));
    expect(within(await screen.findByTestId('order-9')).getByTestId('order-state').textContent).toBe(
      'Cancelled',
    );

    await user.click(screen.getByTestId('trade-tab-fx'));
    const fx = await screen.findByTestId('exchange-5');
    expect(fx.textContent).toContain('$116.20');
    expect(fx.textContent).toContain('1.162000');
    expect(calls(server.requests, '/fundRecord/list').at(-1)?.body).toMatchObject({ tab: 'exchange' });
    // One line per exchange, not one per currency.
    expect(screen.getAllByTestId(/^exchange-/)).toHaveLength(1);
  }, 30_000);

  it('opens on the tab the ticket asks for', async () => {
    const { router } = renderApp('/trade/fees', {
      ...base,
      '/trade/orders': () => ok(orderPage([pendingSell()])),
    });
    await act(() => router.navigate('/trade/index', { state: { tab: 'pending' } }));
    expect(await screen.findByTestId('order-8')).toBeTruthy();
  }, 30_000);
});

describe('position detail', () => {
  it('shows fills, fees, the TOB voucher, lots and the timeline; sell, close and cancel', async () => {
    const user = userEvent.setup();
    const { router, server } = renderApp('/trade/positionDetail?id=3', {
      ...base,
      '/trade/position': () => ok(kbcPositionDetail()),
      '/trade/cancel': () => refusal('ORDER_NOT_PENDING'),
    });
    const detail = await screen.findByTestId('screen-positionDetail');
    expect(calls(server.requests, '/trade/position')[0]?.body).toEqual({ id: '3' });
    expect(within(detail).getByTestId('position-state').textContent).toBe('Holding');
    expect(within(detail).getByTestId('position-lots').textContent).toContain('10 at 52.16');
    const fill = within(detail).getByTestId('fill-11');
    expect(fill.textContent).toContain('Fill: 10 at 52.16');
    const voucher = within(fill).getByTestId('tob-voucher');
    const rows = [...voucher.querySelectorAll('.summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Rate', '0.35 %'],
      ['Base', '521.60 €'],
      ['Tax', '1.83 €'],
    ]);
    expect(fill.textContent).toContain('Fee2.50 €');
    // The fill's lines add up to its total: the tax is one of them, above the voucher's detail.
    const lines = [...fill.querySelectorAll(':scope > dl > .summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['Quantity × price', '521.60 €'],
      ['Fee', '2.50 €'],
      ['Stock-exchange tax, TOB (0.35 %)', '1.83 €'],
      ['Total', '525.93 €'],
    ]);
    expect(fill.textContent).toMatch(/Price: the ask from Beurs simulator \(demo\), 2026\.11\.20 \d\d:29:59/);
    const timeline = within(within(detail).getByTestId('order-7')).getByTestId('order-timeline');
    expect([...timeline.querySelectorAll('li span')].map((span) => span.textContent)).toEqual([
      'Placed',
      'Filled',
    ]);

    // A refused cancel is told in a toast, nothing else changes.
    await user.click(within(detail).getByTestId('cancel-8'));
    await confirmDialog('Cancel order');
    expect((await screen.findByTestId('toast')).textContent).toBe('Only a pending order can be cancelled.');

    await user.click(within(detail).getByTestId('position-close'));
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(1));
    await confirmDialog('Close position');
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/stockDetailBuy'));
    expect(router.state.location.state).toEqual({ side: 'sell', quantity: '10' });
    expect(JSON.parse(localStorage.getItem('stockDetail') ?? '{}')).toMatchObject({ symbol: 'KBC.BR' });
  }, 30_000);

  it('shows a closed position by its realised P&L, without the average cost of shares no longer held', async () => {
    const closed = kbcHolding({
      state: 'closed',
      quantity: '0',
      availableQuantity: '0',
      averageCost: '0.0000',
      costBasis: '0.00',
      lastPrice: null,
      marketValue: null,
      unrealisedPnl: null,
      unrealisedPnlEur: null,
      realisedPnl: '-9.18',
      realisedPnlEur: '-9.18',
      todayChange: null,
      closedAt: '2026-11-20T11:00:00.000Z',
    });
    renderApp('/trade/positionDetail?id=3', {
      ...base,
      '/trade/position': () => {
        const buy = kbcOrder();
        const sale = {
          ...buy,
          id: '9',
          side: 'sell' as const,
          fills: buy.fills.map((fill) => ({ ...fill, id: '12', settlesOn: '2026-11-24' })),
        };
        return ok({ ...kbcPositionDetail([sale, buy]), ...closed, lots: [] });
      },
    });
    const detail = await screen.findByTestId('screen-positionDetail');
    expect(within(detail).getByTestId('position-state').textContent).toBe('Closed');
    expect(within(detail).getByTestId('position-realised').textContent).toBe('-9.18 €');
    expect(within(detail).queryByText('Average cost')).toBeNull();
    expect(within(detail).queryByText('Cost')).toBeNull();
    expect(within(detail).queryByTestId('position-sell')).toBeNull();
    expect(within(detail).getByTestId('fill-settles').textContent).toBe('Withdrawable from 2026.11.24');
  });

  it('shows a margin position with its leverage, borrowing and liquidation price, locked while a liquidation runs, and the liquidation that closed it', async () => {
    const sale = pendingSell();
    const margin = {
      leverage: '2.00',
      marginPaid: '260.80',
      borrowed: '260.80',
      liquidationPrice: '34.3157',
    };
    renderApp('/trade/positionDetail?id=3', {
      ...base,
      '/trade/position': () => ok({ ...kbcPositionDetail([sale]), margin, isLiquidating: true }),
      '/margin/history': () =>
        ok({
          calls: [],
          liquidations: [
            {
              id: '5',
              state: 'running',
              startedAt: '2026-11-20T11:00:00.000Z',
              endedAt: null,
              levelBasisPoints: 7450,
              endLevelBasisPoints: null,
              shortfall: null,
              sales: [
                {
                  orderId: sale.id,
                  symbol: 'KBC.BR',
                  currency: 'EUR',
                  quantity: '10',
                  cost: '521.60',
                  value: '330.00',
                  lossEur: '191.60',
                  last: '33.0000',
                  bid: '32.9800',
                  ask: '33.0200',
                  quoteAt: '2026-11-20T11:00:00.000Z',
                },
              ],
            },
          ],
        }),
    });
    const detail = await screen.findByTestId('screen-positionDetail');
    expect(within(detail).getByTestId('position-leverage').textContent).toContain('2.00×');
    expect(within(detail).getByTestId('position-borrowed').textContent).toContain('260.80');
    expect(within(detail).getByTestId('position-liquidation-price').textContent).toContain('34.3157');
    expect(within(detail).getByTestId('position-liquidating').textContent).toContain('being liquidated');
    expect(within(detail).getByTestId('position-sell')).toHaveProperty('disabled', true);
    expect(within(detail).getByTestId('position-close')).toHaveProperty('disabled', true);
    const log = await within(detail).findByTestId('position-liquidations');
    expect(log.textContent).toContain('liquidation at margin level 74.50 %');
    expect(within(log).getByTestId('liquidation-sale').textContent).toContain('Sold 10 KBC.BR at 33.00');
    expect(within(log).getByTestId('liquidation-sale').textContent).toContain('bid 32.98, ask 33.02');
  });
});
