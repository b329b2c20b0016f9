import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/fake-server';
import { kbcOrder } from '../../test/trade-fixtures';
import { userQueries } from '../user/queries';
import { useCancelOrderMutation, usePlaceOrderMutation } from './mutations';

// After an order is placed or cancelled, the account totals of the 'me' and wallet screens are
// fetched again: cash, holdings and profit have moved.

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

function setUp() {
  const server = fakeServer({
    '/trade/place': () => ok(kbcOrder()),
    '/trade/cancel': () => ok(kbcOrder({ state: 'cancelled' })),
  });
  vi.stubGlobal('fetch', server.fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userQueries.info().queryKey, { balances: [] } as never);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const isInvalidated = () => queryClient.getQueryState(userQueries.info().queryKey)?.isInvalidated;
  return { wrapper, isInvalidated };
}

describe('trading mutations', () => {
  it('a placement makes the account totals stale', async () => {
    const { wrapper, isInvalidated } = setUp();
    const { result } = renderHook(() => usePlaceOrderMutation(), { wrapper });
    expect(isInvalidated()).toBe(false);
    await act(() =>
      result.current.mutateAsync({
        ticket: {
          symbol: 'KBC.BR',
          side: 'buy',
          type: 'market',
          quantity: '10',
          timeInForce: 'day',
          payCurrency: 'EUR',
          queueForOpen: false,
        },
        fundPassword: '135790',
        idempotencyKey: 'k-1',
      }),
    );
    await waitFor(() => expect(isInvalidated()).toBe(true));
  });

  it('a cancel makes the account totals stale', async () => {
    const { wrapper, isInvalidated } = setUp();
    const { result } = renderHook(() => useCancelOrderMutation(), { wrapper });
    await act(() => result.current.mutateAsync('8'));
    await waitFor(() => expect(isInvalidated()).toBe(true));
  });
});
