import { describeError } from '../app/i18n';
import { createAppApiClient } from './client';
import { showToast } from '../shell/toast';

// The app's client instance. Navigation goes through the hash so this module needs no router.
export const api = createAppApiClient({
  fetch: (...args) => fetch(...args),
  storage: localStorage,
  toast: (message, durationMs) => showToast(message, durationMs),
  describeError,
  goToLogin: () => {
    window.location.hash = '#/login/login';
  },
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
});
