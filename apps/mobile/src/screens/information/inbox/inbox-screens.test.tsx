import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PriceAlert, SupportMessage } from '../../../features/inbox/queries';
import { configEntries, ok, refusal, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

const at = '2026-03-02T10:00:00.000Z';

describe('support chat screen', () => {
  it('shows the conversation beside the kefu link and sends a message', async () => {
    const user = userEvent.setup();
    const messages: SupportMessage[] = [
      { id: '1', author: 'user', body: 'Where is my deposit?', attachmentId: null, createdAt: at },
      { id: '2', author: 'staff', body: 'It is credited today.', attachmentId: null, createdAt: at },
    ];
    const { server } = renderApp('/information/support', {
      '/common/config': () => ok(configEntries('demo')),
      '/support/thread': () => ok({ messages }),
      '/support/send': () => {
        const sent: SupportMessage = {
          id: '3',
          author: 'user',
          body: 'Thank you',
          attachmentId: null,
          createdAt: at,
        };
        messages.push(sent);
        return ok(sent);
      },
    });
    expect(await screen.findByText('It is credited today.')).toBeTruthy();
    expect(screen.getAllByTestId('support-staff')).toHaveLength(1);
    expect(screen.getByTestId('support-kefu').textContent).toBe('Other customer service');
    const send = screen.getByTestId('support-send');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByTestId('support-body'), '  Thank you ');
    await user.click(send);
    await waitFor(() => expect(bodies(server.requests, '/support/send')).toEqual([{ body: 'Thank you' }]));
    expect(await screen.findByText('Thank you')).toBeTruthy();
  });
});

describe('price alerts screen', () => {
  it('sets an alert from the form, shows fired ones and cancels an active one', async () => {
    const user = userEvent.setup();
    const alerts: PriceAlert[] = [
      {
        id: '7',
        symbol: 'KBC.BR',
        name: 'KBC Group',
        condition: 'price_below',
        value: '60.50',
        currency: 'EUR',
        state: 'triggered',
        createdAt: at,
        triggeredAt: at,
        triggeredPrice: '60.48',
      },
      {
        id: '8',
        symbol: 'AAPL',
        name: 'Apple',
        condition: 'change_up',
        value: '5.00',
        currency: 'USD',
        state: 'active',
        createdAt: at,
        triggeredAt: null,
        triggeredPrice: null,
      },
    ];
    const { server } = renderApp('/information/priceAlerts?symbol=kbc.br', {
      '/common/config': () => ok(configEntries('demo')),
      '/alerts/list': () => ok(alerts),
      '/alerts/create': () => refusal('ALERT_ALREADY_MET', { symbol: 'KBC.BR', price: '61.20' }),
      '/alerts/cancel': () => ok({ ...alerts[1]!, state: 'cancelled' }),
    });
    const fired = await screen.findByTestId('alert-7');
    expect(within(fired).getByTestId('alert-state').textContent).toMatch(/^Fired · Fired .* at 60\.48 EUR$/);
    expect(within(fired).queryByRole('button')).toBeNull();

    expect((screen.getByTestId('alert-symbol') as HTMLInputElement).value).toBe('kbc.br');
    await user.selectOptions(screen.getByTestId('alert-condition'), 'price_above');
    await user.type(screen.getByTestId('alert-value'), '61,2');
    await user.click(screen.getByTestId('alert-create'));
    await waitFor(() =>
      expect(bodies(server.requests, '/alerts/create')).toEqual([
        { symbol: 'KBC.BR', condition: 'price_above', value: '61.2' },
      ]),
    );
    // The refusal says the price in words, not a code.
    expect(await screen.findByText(/KBC\.BR is already at 61\.20/)).toBeTruthy();

    await user.click(within(screen.getByTestId('alert-8')).getByRole('button', { name: 'Cancel alert' }));
    await waitFor(() => expect(bodies(server.requests, '/alerts/cancel')).toEqual([{ id: '8' }]));
  });
});
