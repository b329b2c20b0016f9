import type { API_BASE_PATH } from '@beurs/contract';
import { describeError } from '../app/i18n';
import { createApiClient } from './client';
import { showToast } from '../shell/toast';

// The contract's base path, checked by type: importing the value would pull zod into the bundle.
const basePath: typeof API_BASE_PATH = '/api/vue';

// The app's client instance. Navigation goes through the hash so this module needs no router.
export const api = createApiClient({
  basePath,
  fetch: (...args) => fetch(...args),
  storage: localStorage,
  toast: (message, durationMs) => showToast(message, durationMs),
  describeError,
  goToLogin: () => {
    window.location.hash = '#/login/login';
  },
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
});
