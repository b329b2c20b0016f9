// Runs a command with TEST_DATABASE_URL and TEST_REDIS_URL set (defaulting to the local PostgreSQL
// and Redis), so that
// `npm run test:pg` needs no extra setup on a development or CI machine.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-test-database.mjs <command> [args...]');
  process.exit(2);
}
console.log(`test:pg against ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: redisUrl },
});
process.exit(result.status ?? 1);
