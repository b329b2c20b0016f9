import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECISION_POLL_MS } from '../../shell/PendingDecisions';
import { configEntries, ok, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { orderPage, positionPage } from '../../test/trade-fixtures';
import { ipoSubscription, type IpoSubscriptionFixture } from '../../test/offering-fixtures';

// The positions tab 'subscription' left open follows the IPO draw without a reload: while a
// subscription awaits the draw, the tab asks again every few seconds; once drawn, it stops asking.

const WAIT_MS = DECISION_POLL_MS * 2 + 1_000;

const count = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).length;

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe("positions tab 'subscription' left open", () => {
  it('shows the draw once it has run, then stops asking', async () => {
    let state: IpoSubscriptionFixture['state'] = 'awaiting_draw';
    const { server } = renderApp('/trade/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': () => ok(orderPage([])),
      '/fundRecord/list': () => ok({ total: 0, items: [] }),
      '/ipo/subscriptions': () => ok({ total: 1, items: [ipoSubscription(state)] }),
      '/placement/subscriptions': () => ok({ total: 0, items: [] }),
      '/strategy/mine': () => ok({ holdings: [], requests: { total: 0, items: [] } }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect((await screen.findByTestId('ipo-sub-state')).textContent).toBe('Awaiting draw');
    state = 'not_allocated';
    await waitFor(() => expect(screen.getByTestId('ipo-sub-state').textContent).toBe('Not allocated'), {
      timeout: WAIT_MS,
    });
    const asked = count(server.requests, '/ipo/subscriptions');
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(count(server.requests, '/ipo/subscriptions')).toBe(asked);
  }, 20_000);
});

describe('a drawn subscription whose settlement has not run yet', () => {
  it('says it is being settled, keeps asking, and shows what was paid once settled', async () => {
    let subscription: IpoSubscriptionFixture = {
      ...ipoSubscription('allocated'),
      paid: null,
      released: null,
    };
    const { server } = renderApp('/trade/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': () => ok(orderPage([])),
      '/fundRecord/list': () => ok({ total: 0, items: [] }),
      '/ipo/subscriptions': () => ok({ total: 1, items: [subscription] }),
      '/placement/subscriptions': () => ok({ total: 0, items: [] }),
      '/strategy/mine': () => ok({ holdings: [], requests: { total: 0, items: [] } }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect((await screen.findByTestId('ipo-sub-settling')).textContent).toContain('Being settled');
    expect(screen.queryByTestId('ipo-sub-paid')).toBeNull();
    subscription = ipoSubscription('allocated');
    await waitFor(() => expect(screen.getByTestId('ipo-sub-paid').textContent).toContain('1,253.00'), {
      timeout: WAIT_MS,
    });
    expect(screen.queryByTestId('ipo-sub-settling')).toBeNull();
    const asked = count(server.requests, '/ipo/subscriptions');
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(count(server.requests, '/ipo/subscriptions')).toBe(asked);
  }, 20_000);
});
