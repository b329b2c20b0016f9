import { adminEndpoints } from './admin';
import { commonEndpoints } from './common';
import type { Endpoint, EndpointsByPath } from './endpoint';
import { adminRecordsEndpoints, fundsEndpoints } from './funds';
import { identityEndpoints } from './identity';
import { adminSupportEndpoints, inboxEndpoints } from './inbox';
import { marketEndpoints } from './market';
import { newsEndpoints } from './news';
import {
  adminProfessionalEndpoints,
  checkInEndpoints,
  creditEndpoints,
  professionalEndpoints,
} from './account-services';
import { adminMarginEndpoints, marginEndpoints } from './margin';
import { adminMarginSettingsEndpoints } from './margin-settings';
import { dayTradingEndpoints } from './day-trading';
import { lendingEndpoints } from './securities-lending';
import { adminIpoEndpoints, ipoEndpoints } from './offerings';
import { adminPlacementEndpoints, placementEndpoints } from './placements';
import { adminStrategyEndpoints, strategyEndpoints } from './strategies';
import { tradeEndpoints } from './trading';
import { userEndpoints } from './users';

// The endpoint tables of the two APIs keyed by path, for typed clients (`@beurs/api-client`):
// `call('/user/login', body)` finds its request and answer types here. Clients import these as
// types only (zod stays out of their bundle); tests and servers may use the values.

/** Every call under `API_BASE_PATH` (the user's app). */
export type UserApi = EndpointsByPath<typeof userEndpoints> &
  EndpointsByPath<typeof commonEndpoints> &
  EndpointsByPath<typeof identityEndpoints> &
  EndpointsByPath<typeof fundsEndpoints> &
  EndpointsByPath<typeof marketEndpoints> &
  EndpointsByPath<typeof tradeEndpoints> &
  EndpointsByPath<typeof inboxEndpoints> &
  EndpointsByPath<typeof newsEndpoints> &
  EndpointsByPath<typeof creditEndpoints> &
  EndpointsByPath<typeof checkInEndpoints> &
  EndpointsByPath<typeof professionalEndpoints> &
  EndpointsByPath<typeof marginEndpoints> &
  EndpointsByPath<typeof dayTradingEndpoints> &
  EndpointsByPath<typeof lendingEndpoints> &
  EndpointsByPath<typeof ipoEndpoints> &
  EndpointsByPath<typeof placementEndpoints> &
  EndpointsByPath<typeof strategyEndpoints>;

/** Every call under `ADMIN_API_BASE_PATH` (the back-office). */
export type AdminApi = EndpointsByPath<typeof adminEndpoints> &
  EndpointsByPath<typeof adminSupportEndpoints> &
  EndpointsByPath<typeof adminProfessionalEndpoints> &
  EndpointsByPath<typeof adminRecordsEndpoints> &
  EndpointsByPath<typeof adminIpoEndpoints> &
  EndpointsByPath<typeof adminPlacementEndpoints> &
  EndpointsByPath<typeof adminStrategyEndpoints> &
  EndpointsByPath<typeof adminMarginEndpoints> &
  EndpointsByPath<typeof adminMarginSettingsEndpoints>;

/** A table of endpoints keyed by their paths. */
export type ApiTable = { readonly [Path in `/${string}`]?: Endpoint };

function byPath<Table>(...groups: readonly Readonly<Record<string, Endpoint>>[]): Table {
  const table: Record<string, Endpoint> = {};
  for (const group of groups) {
    for (const endpoint of Object.values(group)) {
      if (table[endpoint.path]) throw new Error(`two endpoints share the path ${endpoint.path}`);
      table[endpoint.path] = endpoint;
    }
  }
  return table as Table;
}

export const userApi: UserApi = byPath<UserApi>(
  userEndpoints,
  commonEndpoints,
  identityEndpoints,
  fundsEndpoints,
  marketEndpoints,
  tradeEndpoints,
  inboxEndpoints,
  newsEndpoints,
  creditEndpoints,
  checkInEndpoints,
  professionalEndpoints,
  marginEndpoints,
  dayTradingEndpoints,
  lendingEndpoints,
  ipoEndpoints,
  placementEndpoints,
  strategyEndpoints,
);
export const adminApi: AdminApi = byPath<AdminApi>(
  adminEndpoints,
  adminSupportEndpoints,
  adminProfessionalEndpoints,
  adminRecordsEndpoints,
  adminIpoEndpoints,
  adminPlacementEndpoints,
  adminStrategyEndpoints,
  adminMarginEndpoints,
  adminMarginSettingsEndpoints,
);
