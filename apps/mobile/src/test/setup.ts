import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '../app/i18n';
import { takeDrift } from './fake-server';

// Lazy route chunks are transformed on first use, which can take more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en');
});

afterEach(() => {
  // A fixture that no longer matches the contract fails the test, even if the screen hid the error.
  const [drift] = takeDrift();
  if (drift) throw drift;
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.querySelectorAll('.toast').forEach((element) => element.remove());
});
