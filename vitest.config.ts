import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace; `npm run test:pg` runs only the server projects, against PostgreSQL.
//
// Test files run two at a time even on a 2-core machine (Vitest's default there is one): a server
// test spends much of its time waiting on PostgreSQL, a child process or a timer. Files that share
// one Redis (its pub/sub channels and keys are not per test) form their own project, run after the
// others, one file at a time.
//
// Server test files share their worker's modules (`isolate: false`): each builds its own app,
// database and clock, and no server module keeps state at module level that a test depends on, so
// the server's modules load and PGlite compiles once per worker instead of once per file (the
// trading tests: 71.5 s isolated, 44.5 s shared; every project: 892 s isolated, 684 s shared).
const redisTests = [
  'src/http/redis-shared-state.test.ts',
  'src/modules/market/market.stream-redis.test.ts',
  'src/modules/users/user-info-follows-the-ledger.test.ts',
  'src/modules/trading/resting-orders-announced.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          exclude: redisTests,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-redis',
          root: 'apps/server',
          include: redisTests,
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});
