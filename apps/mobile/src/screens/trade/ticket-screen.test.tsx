import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../features/market/market-types';
import { forgetPin } from '../../features/trading/trading-pin';
import { configEntries, ok, refusal, type Handlers, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { checked, kbcPreview, type Preview } from '../../test/trade-fixtures';

// The order ticket in the whole app against a fake server: /trade/preview prices every change,
// refusals land at their field, the confirm sheet asks for the trading PIN.

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

const quote: Quote = {
  symbol: 'KBC.BR',
  code: 'KBC',
  name: 'KBC Group',
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
  marketCap: null,
  bid: '52.1200',
  ask: '52.1600',
  session: 'regular',
  source: 'Beurs simulator (demo)',
  delayMs: 0,
  timestamp: '2026-11-20T10:29:59.000Z',
  isSimulated: true,
};

const SIX_DIGITS = 'The fund password is exactly six digits.';
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);
const lastBody = (requests: Recorded[], path: string) => calls(requests, path).at(-1)?.body;

function handlers(preview: NonNullable<Handlers['/trade/preview']>, extra: Handlers = {}): Handlers {
  return {
    '/common/config': () => ok(configEntries('demo')),
    '/market/quote': () => ok(quote),
    '/information/wallet': () =>
      ok({
        balances: [
          { currency: 'EUR', available: '1000.00', frozen: '0.00' },
          { currency: 'USD', available: '0.00', frozen: '0.00' },
        ],
        addresses: [],
      }),
    '/trade/preview': preview,
    ...extra,
  };
}

const placedOrder = (state: 'filled' | 'pending') =>
  checked('place', {
    id: '7',
    symbol: 'KBC.BR',
    code: 'KBC',
    name: 'KBC Group',
    market: 'frank',
    currency: 'EUR',
    side: 'buy',
    type: 'market',
    timeInForce: 'day',
    direction: 'long',
    leverage: 1,
    leverageRatio: '1.00',
    quantity: '10',
    filledQuantity: state === 'filled' ? '10' : '0',
    limitPrice: null,
    stopPrice: null,
    trail: null,
    payCurrency: 'EUR',
    reserved: '0.00',
    state,
    reason: null,
    expiresAt: null,
    createdAt: '2026-11-20T10:30:00.000Z',
    filledAt: state === 'filled' ? '2026-11-20T10:30:00.000Z' : null,
    cancelledAt: null,
    expiredAt: null,
    rejectedAt: null,
    fills: [],
  });

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentSocket);
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
  localStorage.setItem(
    'stockDetail',
    JSON.stringify({
      symbol: 'KBC.BR',
      code: 'KBC',
      name: 'KBC Group',
      market: 'frank',
      kind: 'stock',
      currency: 'EUR',
    }),
  );
});
afterEach(() => forgetPin());

describe('order ticket', () => {
  it('prices the ticket with every cost, then places it with the trading PIN', async () => {
    // The sheet slides in with pointer-events off while it animates; happy-dom never ends the animation.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const placeAnswers = [refusal('WRONG_FUND_PASSWORD', { attemptsLeft: 4 }), ok(placedOrder('filled'))];
    const { server, router } = renderApp(
      '/market/stockDetailBuy',
      handlers(() => ok(kbcPreview()), {
        '/trade/place': () => placeAnswers.shift() ?? ok(placedOrder('filled')),
      }),
    );
    expect(await screen.findByTestId('screen-stockDetailBuy')).toBeTruthy();
    expect(screen.getByTestId('cost-hint').textContent).toContain('Enter a quantity');
    const quantity = screen.getByTestId('ticket-quantity');
    expect(quantity.getAttribute('inputmode')).toBe('decimal');
    await user.type(quantity, '9');
    await user.click(screen.getByRole('button', { name: 'More: Quantity' }));
    expect((quantity as HTMLInputElement).value).toBe('10');

    const block = await screen.findByTestId('cost-block');
    const lines = [...block.querySelectorAll('.summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['10 × 52.16', '521.60 €'],
      ['Fee (minimum 2.50 €)', '2.50 €'],
      ['Stock-exchange tax, TOB (0.35 %)', '1.83 €'],
      ['Total to pay', '525.93 €'],
      ['Available now', '1,000.00 €'],
      ['Cash left after', '474.07 €'],
    ]);
    expect(screen.getByTestId('cost-quote-source').textContent).toMatch(
      /^Estimated at the ask, 52\.16, from Beurs simulator \(demo\), 2026\.11\.20 \d\d:29:59$/,
    );
    expect(screen.getByTestId('trading-hours').textContent).toMatch(
      /^Market open until 2026\.11\.20 17:30:00/,
    );
    expect(screen.getByTestId('sell-lock').textContent).toBe(
      'Sell lock: T+1 days after buying · sale proceeds withdrawable at T+2',
    );
    expect(lastBody(server.requests, '/trade/preview')).toEqual({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'market',
      quantity: '10',
      timeInForce: 'day',
      payCurrency: 'EUR',
      queueForOpen: false,
    });

    await user.click(screen.getByTestId('ticket-review'));
    const sheet = await screen.findByTestId('confirm-sheet');
    expect(within(sheet).getByTestId('confirm-total').textContent).toBe('525.93 €');
    const pin = within(sheet).getByLabelText('Trading PIN (your fund password)');
    await user.type(pin, '12345');
    await user.click(within(sheet).getByTestId('confirm-order'));
    expect(within(sheet).getByRole('alert').textContent).toBe(SIX_DIGITS);
    expect(calls(server.requests, '/trade/place')).toHaveLength(0);

    await user.type(pin, '9');
    await user.click(within(sheet).getByTestId('confirm-order'));
    expect(await within(sheet).findByText('The fund password is wrong. Attempts left: 4.')).toBeTruthy();
    const first = calls(server.requests, '/trade/place')[0];
    expect(first?.body).toEqual({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'market',
      quantity: '10',
      timeInForce: 'day',
      payCurrency: 'EUR',
      queueForOpen: false,
      fundPassword: '123459',
    });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(within(sheet).getByRole('checkbox'));
    await user.click(within(sheet).getByTestId('confirm-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/index'));
    expect(router.state.location.state).toEqual({ tab: 'holdings' });
    expect(screen.getByTestId('toast').textContent).toBe('Order filled.');
    const second = calls(server.requests, '/trade/place')[1];
    // A retry after a refusal is the same confirmation: the same idempotency key.
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // Back on the ticket the remembered PIN is filled in.
    await act(() => router.navigate('/market/stockDetailBuy'));
    // The route may show the previous screen while the next loads: wait for the one ticket.
    await waitFor(() => expect(screen.getAllByTestId('ticket-quantity')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('ticket-quantity'), { target: { value: '10' } });
    await screen.findByTestId('cost-block');
    await user.click(screen.getByTestId('ticket-review'));
    const again = await screen.findByTestId('confirm-sheet');
    expect((within(again).getByLabelText('Trading PIN (your fund password)') as HTMLInputElement).value).toBe(
      '123459',
    );
    expect(within(again).getByText(/^PIN remembered until /)).toBeTruthy();
  }, 30_000);

  it('shows a refusal at the field it concerns and the limit price only for limit orders', async () => {
    const user = userEvent.setup();
    const { server } = renderApp(
      '/market/stockDetailBuy',
      handlers((body) => {
        const ticket = body as { limitPrice?: string };
        return ticket.limitPrice === '70'
          ? refusal('PRICE_LIMIT_EXCEEDED', { low: '46.9300', high: '57.3500' })
          : ok(
              kbcPreview({
                type: 'limit',
                price: ticket.limitPrice ? `${ticket.limitPrice}.0000` : '52.1600',
              }),
            );
      }),
    );
    await screen.findByTestId('screen-stockDetailBuy');
    expect(screen.queryByTestId('ticket-limit-price')).toBeNull();
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: 'limit' } });
    const limit = screen.getByTestId('ticket-limit-price');
    expect(screen.queryByTestId('ticket-stop-price')).toBeNull();
    await user.type(screen.getByTestId('ticket-quantity'), '10');
    await user.type(limit, '70');
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(limit.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('The price is outside the allowed range (46.9300 – 57.3500).');
    expect(screen.queryByTestId('cost-block')).toBeNull();
    expect((screen.getByTestId('ticket-review') as HTMLButtonElement).disabled).toBe(true);

    await user.clear(limit);
    await user.type(limit, '52');
    await waitFor(() => expect(limit.getAttribute('aria-invalid')).toBeNull());
    expect(await screen.findByTestId('cost-block')).toBeTruthy();
    expect(lastBody(server.requests, '/trade/preview')).toMatchObject({ type: 'limit', limitPrice: '52' });

    // Good-till-cancelled takes an expiry day; a market order cannot be GTC.
    fireEvent.change(screen.getByLabelText('Time in force'), { target: { value: 'gtc' } });
    expect(screen.getByLabelText('Valid until')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: 'market' } });
    expect(
      [...(screen.getByLabelText('Time in force') as HTMLSelectElement).options].map(
        (option) => option.value,
      ),
    ).toEqual(['day', 'ioc', 'fok']);
  });

  it('queues a market order for the open when the market is closed, and buys for an amount', async () => {
    const user = userEvent.setup();
    const closed = {
      phase: 'closed',
      isOpen: false,
      opensAt: '2026-11-23T08:00:00.000Z',
      closesAt: null,
      timeZone: 'Europe/Brussels',
    } as const;
    const { server } = renderApp(
      '/market/stockDetailBuy',
      handlers((body) => {
        const ticket = body as { queueForOpen: boolean; amount?: string };
        if (!ticket.queueForOpen) return refusal('MARKET_CLOSED', { opensAt: '2026-11-23T08:00:00.000Z' });
        return ok(
          kbcPreview({
            session: closed,
            willQueueForOpen: true,
            priceBasis: 'last',
            price: '52.1400',
            quantity: '9',
            requestedAmount: ticket.amount ?? null,
            isRoundedDown: ticket.amount !== undefined,
            gross: '469.26',
            tob: { ...kbcPreview().tob, base: '469.26', amount: '1.64' },
            totalInTradeCurrency: '473.40',
            total: '473.40',
            reserve: '497.07',
            cashLeft: '526.60',
            expiresAt: null,
          }),
        );
      }),
    );
    await screen.findByTestId('screen-stockDetailBuy');
    await user.click(screen.getByTestId('sizing-amount'));
    await user.type(screen.getByTestId('ticket-amount'), '500');
    expect((await screen.findByTestId('ticket-refusal')).textContent).toMatch(
      /^The market is closed\. It opens at 2026\.11\.23/,
    );
    await user.click(within(screen.getByTestId('queue-for-open')).getByRole('checkbox'));
    expect((await screen.findByTestId('rounded-down')).textContent).toBe(
      '500.00 € buys 9: rounded down to whole lots, costs included.',
    );
    expect(screen.getByTestId('trading-hours').textContent).toMatch(
      /^Market closed, opens 2026\.11\.23 09:00:00/,
    );
    expect(lastBody(server.requests, '/trade/preview')).toEqual({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'market',
      amount: '500.00',
      timeInForce: 'day',
      payCurrency: 'EUR',
      queueForOpen: true,
    });
    await user.click(screen.getByTestId('ticket-review'));
    expect(await screen.findByText('The market is closed: this order waits for the open.')).toBeTruthy();
  });

  it('converts a USD share paid in EUR and shows rate, spread and source; Max spends what is available', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      'stockDetail',
      JSON.stringify({
        symbol: 'AAPL',
        code: 'AAPL',
        name: 'Apple',
        market: 'usd',
        kind: 'stock',
        currency: 'USD',
      }),
    );
    const usd: Preview = kbcPreview({
      symbol: 'AAPL',
      code: 'AAPL',
      name: 'Apple',
      market: 'usd',
      currency: 'USD',
      quantity: '2',
      price: '230.0000',
      gross: '460.00',
      fee: { basisPoints: 10, minimum: '2.50', amount: '2.50', isMinimum: true },
      tob: { ...kbcPreview().tob, base: '460.00', amount: '1.61' },
      totalInTradeCurrency: '464.11',
      fx: {
        from: 'EUR',
        to: 'USD',
        marketRate: '1.085000',
        spreadBasisPoints: 50,
        appliedRate: '1.079575',
        amount: '429.90',
        converted: '464.11',
        source: 'Beurs simulator (demo)',
        timestamp: '2026-11-20T10:29:59.000Z',
      },
      total: '429.90',
      cashLeft: '570.10',
      reserve: '429.90',
    });
    const { server } = renderApp(
      '/market/stockDetailBuy',
      handlers(() => ok(usd)),
    );
    await screen.findByTestId('screen-stockDetailBuy');
    fireEvent.change(screen.getByLabelText('Pay from'), { target: { value: 'EUR' } });
    await user.click(screen.getByTestId('ticket-max'));
    await waitFor(() => expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('2'));
    expect(calls(server.requests, '/trade/preview')[0]?.body).toMatchObject({
      amount: '1000.00',
      payCurrency: 'EUR',
    });
    expect(calls(server.requests, '/trade/preview')[0]?.body).not.toHaveProperty('quantity');
    const block = await screen.findByTestId('cost-block');
    const lines = [...block.querySelectorAll('.summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['2 × 230.00', '$460.00'],
      ['Fee (minimum $2.50)', '$2.50'],
      ['Stock-exchange tax, TOB (0.35 %)', '$1.61'],
      ['Total in the trade currency', '$464.11'],
      ['Market rate (USD per EUR)', '1.085000'],
      ['Spread', '50 basis points'],
      ['Your rate (USD per EUR)', '1.079575'],
      ['Total to pay', '429.90 €'],
      ['Available now', '1,000.00 €'],
      ['Cash left after', '570.10 €'],
    ]);
    expect(screen.getByTestId('cost-fx-source').textContent).toMatch(/^Rate from Beurs simulator \(demo\), /);
    expect(screen.getByTestId('cost-total').textContent).toBe('429.90 €');
  });

  it('opens on the sell side with the whole quantity when a position of 10 is closed', async () => {
    const { router } = renderApp(
      '/home/index',
      handlers(() => ok(kbcPreview({ side: 'sell' }))),
    );
    await act(() => router.navigate('/market/stockDetailBuy', { state: { side: 'sell', quantity: '10' } }));
    await waitFor(() => expect(screen.getAllByTestId('ticket-quantity')).toHaveLength(1));
    expect((screen.getByTestId('ticket-quantity') as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('side-sell').getAttribute('aria-checked')).toBe('true');
  });
});
