import type { DataOf, dayTradingEndpoints } from '@beurs/contract';
import { dayTradingPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// Day trading (issue 16 item 5): the rules in force, the eligible instruments with today's
// auto-close time, and the positions opened intraday today with their P&L. Asked again every
// minute while the screen is in front (prices move; the auto-close may have run).

export type DayTrading = DataOf<typeof dayTradingEndpoints.dayTrading>;

export const dayTradingQuery = () =>
  queryOptions({
    queryKey: ['margin', 'dayTrading'],
    queryFn: () => api.call(dayTradingPaths.dayTrading, {}),
    enabled: isLoggedIn(),
    refetchInterval: 60_000,
  });

/** `isWanted` false: not asked (the ticket asks only once the margin account is open). */
export const useDayTrading = (isWanted = true) =>
  useQuery({ ...dayTradingQuery(), enabled: isWanted && isLoggedIn() });
