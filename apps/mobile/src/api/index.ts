import { API_BASE_PATH } from '@beurs/contract/paths';
import { describeError } from '../app/i18n';
import { createApiClient } from './client';
import { showToast } from '../shell/toast';

// The app's client instance. Navigation goes through the hash so this module needs no router.
export const api = createApiClient({
  basePath: API_BASE_PATH,
  fetch: (...args) => fetch(...args),
  storage: localStorage,
  toast: (message, durationMs) => showToast(message, durationMs),
  describeError,
  goToLogin: () => {
    window.location.hash = '#/login/login';
  },
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
});
