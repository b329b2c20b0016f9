import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECISION_POLL_MS } from '../../shell/PendingDecisions';
import { configEntries, ok, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { orderPage, positionPage } from '../../test/trade-fixtures';
import {
  ipoSubscription,
  placementRequest,
  type IpoSubscriptionFixture,
  type PlacementRequestFixture,
} from '../../test/offering-fixtures';
import { userInfo } from '../../test/user-fixtures';

// Once the page's polling sees a draw or an allocation, money has moved (paid, released) and shares
// may have arrived: the user's balances and holdings are fetched again without a reload. While the
// subscription still waits, polling it does not ask for them again.

const WAIT_MS = DECISION_POLL_MS * 2 + 1_000;

const count = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).length;

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe("positions tab 'subscription': balances follow a draw or an allocation", () => {
  it('asks for the balances again once the IPO subscription is drawn, not while it waits', async () => {
    let state: IpoSubscriptionFixture['state'] = 'awaiting_draw';
    const { server } = renderApp('/trade/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/user/getUserinfo': () =>
        ok(userInfo('3747.00', state === 'allocated' ? '0.00' : '1253.00', '5000.00')),
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': () => ok(orderPage([])),
      '/fundRecord/list': () => ok({ total: 0, items: [] }),
      '/ipo/subscriptions': () => ok({ total: 1, items: [ipoSubscription(state)] }),
      '/placement/subscriptions': () => ok({ total: 0, items: [] }),
      '/strategy/mine': () => ok({ holdings: [], requests: { total: 0, items: [] } }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect((await screen.findByTestId('ipo-sub-state')).textContent).toBe('Awaiting draw');
    // Still waiting: a poll or two, and the balances are not asked for again.
    const polled = count(server.requests, '/ipo/subscriptions');
    await waitFor(() => expect(count(server.requests, '/ipo/subscriptions')).toBeGreaterThan(polled), {
      timeout: WAIT_MS,
    });
    const infoBefore = count(server.requests, '/user/getUserinfo');
    expect(infoBefore).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(count(server.requests, '/user/getUserinfo')).toBe(infoBefore);
    state = 'allocated';
    await waitFor(() => expect(screen.getByTestId('ipo-sub-state').textContent).toBe('Allocated'), {
      timeout: WAIT_MS,
    });
    await waitFor(() => expect(count(server.requests, '/user/getUserinfo')).toBeGreaterThan(infoBefore));
  }, 30_000);

  it('asks for the balances again once the placement request is allocated', async () => {
    let state: PlacementRequestFixture['state'] = 'requested';
    const { server } = renderApp('/trade/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/user/getUserinfo': () =>
        ok(userInfo('3997.00', state === 'allocated' ? '0.00' : '1003.00', '5000.00')),
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': () => ok(orderPage([])),
      '/fundRecord/list': () => ok({ total: 0, items: [] }),
      '/ipo/subscriptions': () => ok({ total: 0, items: [] }),
      '/placement/subscriptions': () => ok({ total: 1, items: [placementRequest(state)] }),
      '/strategy/mine': () => ok({ holdings: [], requests: { total: 0, items: [] } }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect((await screen.findByTestId('placement-sub-state')).textContent).toBe('Requested');
    const infoBefore = count(server.requests, '/user/getUserinfo');
    expect(infoBefore).toBeGreaterThan(0);
    state = 'allocated';
    await waitFor(
      () => expect(screen.getByTestId('placement-sub-state').textContent).toContain('Allocated'),
      {
        timeout: WAIT_MS,
      },
    );
    await waitFor(() => expect(count(server.requests, '/user/getUserinfo')).toBeGreaterThan(infoBefore));
  }, 30_000);
});
