import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm run test:pg` runs only the server project, against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
      { test: { name: 'api-client', root: 'packages/api-client', include: ['src/**/*.test.ts'] } },
      // The mobile app's build plugins, in Node (the app's own tests run in happy-dom).
      {
        test: {
          name: 'mobile-build',
          root: 'apps/mobile',
          include: ['build/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
