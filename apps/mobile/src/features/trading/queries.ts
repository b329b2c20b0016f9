import type { DataOf, RequestOf, tradeEndpoints } from '@beurs/contract';
import type { OrderListTab, PositionState } from '@beurs/contract/enums';
import { tradePaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';
import type { TicketRequest } from './ticket';

// Query-key factory of the trading feature (CONVENTIONS.md "Front end").

export type CostPreview = DataOf<typeof tradeEndpoints.preview>;
export type Fees = DataOf<typeof tradeEndpoints.fees>;
export type Order = DataOf<typeof tradeEndpoints.order>;
export type OrderPage = DataOf<typeof tradeEndpoints.orders>;
export type Position = DataOf<typeof tradeEndpoints.positions>['items'][number];
export type PositionPage = DataOf<typeof tradeEndpoints.positions>;
export type PositionDetail = DataOf<typeof tradeEndpoints.position>;
export type Fill = Order['fills'][number];
export type PositionsRequest = RequestOf<typeof tradeEndpoints.positions>;

export const TRADE_LIST_SIZE = 50;

export const tradeQueries = {
  all: ['trade'] as const,
  fees: () =>
    queryOptions({
      queryKey: [...tradeQueries.all, 'fees'],
      queryFn: () => api.call(tradePaths.fees, {}, { quiet: true }),
      staleTime: 5 * 60_000,
      enabled: isLoggedIn(),
    }),
  orders: (tab: OrderListTab, symbol?: string) =>
    queryOptions({
      queryKey: [...tradeQueries.all, 'orders', tab, symbol ?? ''],
      queryFn: () =>
        api.call(
          tradePaths.orders,
          { tab, ...(symbol ? { symbol } : {}), page: 1, pageSize: TRADE_LIST_SIZE },
          { quiet: true },
        ),
    }),
  positions: (state: PositionState, assetClass: NonNullable<PositionsRequest['assetClass']>) =>
    queryOptions({
      queryKey: [...tradeQueries.all, 'positions', state, assetClass],
      queryFn: () =>
        api.call(
          tradePaths.positions,
          { state, assetClass, page: 1, pageSize: TRADE_LIST_SIZE },
          { quiet: true },
        ),
    }),
  position: (id: string) =>
    queryOptions({
      queryKey: [...tradeQueries.all, 'position', id],
      queryFn: () => api.call(tradePaths.position, { id }, { quiet: true }),
      enabled: id !== '',
    }),
};

/** Prices a ticket (writes nothing). Quiet: the ticket shows a refusal at its field. */
export const fetchPreview = (ticket: TicketRequest) => api.call(tradePaths.preview, ticket, { quiet: true });

export const useFees = () => useQuery(tradeQueries.fees());
