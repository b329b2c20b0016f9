import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../app/i18n';

beforeAll(async () => {
  if (!(await import('../app/i18n')).i18n.isInitialized) await initI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.querySelectorAll('.toast').forEach((element) => element.remove());
});
