// @beurs/api-client: the typed client of the Beurs API for every app. Zod-free at run time: it
// loads only the contract's zod-free entry points and takes its types from the endpoint tables.
export {
  API_TIMEOUT_MS,
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type CallOptions,
} from './client';
export { ApiError, isCatalogued, isRefusal, type TransportCode } from './errors';
export { staffSessionHeaders, userSessionHeaders, type UserSession } from './headers';
export type { AdminApi, UserApi } from '@beurs/contract';
