import { screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { DECISION_POLL_MS } from '../../../shell/PendingDecisions';
import { configEntries, ok, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// A placement page left open follows an early close (or the allocation) without a reload: while a
// request waits, the page asks again every few seconds; once it is decided, it stops asking.

const WAIT_MS = DECISION_POLL_MS * 2 + 1_000;

type Detail = Data<'/placement/detail'>;
type State = Detail['subscriptions'][number]['state'];

const detail = (state: State): Detail => ({
  placement: {
    id: '7',
    symbol: 'KBC.BR',
    name: 'KBC Group',
    market: 'frank',
    currency: 'EUR',
    price: '10.0000',
    blockQuantity: '200',
    lotSize: '1',
    minimumQuantity: '1',
    dailyLimit: '300',
    feeBasisPoints: 10,
    feeMinimum: '3.00',
    opensAt: '2026-11-21T09:00:00.000Z',
    closesAt: '2026-11-28T16:00:00.000Z',
    phase: state === 'refunded' ? 'closed_early' : 'open',
    quantityRequested: '100',
    subscriptionCount: 1,
    quantityAllocated: null,
    settledAt: null,
    closedEarlyAt: state === 'refunded' ? '2026-11-21T11:00:00.000Z' : null,
    closeReason: state === 'refunded' ? 'Issuer withdrew' : null,
  },
  subscriptions: [
    {
      id: '31',
      placementId: '7',
      symbol: 'KBC.BR',
      name: 'KBC Group',
      state,
      quantity: '100',
      lots: 100,
      price: '10.0000',
      currency: 'EUR',
      gross: '1000.00',
      fee: '3.00',
      frozen: '1003.00',
      allocatedQuantity: null,
      paid: null,
      released: state === 'refunded' ? '1003.00' : null,
      orderId: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      settledAt: state === 'refunded' ? '2026-11-21T11:00:00.000Z' : null,
    },
  ],
  dailyLeft: state === 'refunded' ? '0' : '200',
});

const count = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).length;

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('placement page left open', () => {
  it('shows the request refunded once staff close the placement early, then stops asking', async () => {
    let state: State = 'requested';
    const { server } = renderApp('/home/newStock2?id=7', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/authInfo': () =>
        ok({
          state: 'authenticated',
          realname: 'An Peeters',
          documentType: 'be_national_register',
          documentNumberMasked: '850730*****8',
          reason: '',
          submittedAt: '2026-11-21T10:00:00.000Z',
          reviewedAt: '2026-11-21T10:00:10.000Z',
          reviewedBy: 'demo_desk',
          frontImageId: '41',
          backImageId: '42',
        }),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/placement/detail': () => ok(detail(state)),
    });
    expect((await screen.findByTestId('placement-sub-state')).textContent).toBe('Requested');
    state = 'refunded';
    await waitFor(() => expect(screen.getByTestId('placement-sub-state').textContent).toBe('Refunded'), {
      timeout: WAIT_MS,
    });
    // Nothing waits any more: the page is not asked for again.
    const asked = count(server.requests, '/placement/detail');
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(count(server.requests, '/placement/detail')).toBe(asked);
  }, 20_000);
});
