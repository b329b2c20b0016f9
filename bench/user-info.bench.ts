import { loadavg } from 'node:os';
import { load } from './lib/autocannon';
import { api, isSmoke, startBeurs, startProcess } from './lib/processes';

// Issue 2 target: authenticated /user/getUserinfo at >= 40% of a bare Fastify JSON endpoint,
// both measured in this run (autocannon, 50 connections, 10 s), p99 latency reported.

const connections = 50;
const durationSeconds = isSmoke ? 2 : 10;
const TARGET_RATIO = 0.4;

const bare = await startProcess('bench/lib/bare-fastify.server.ts', { ready: /listening at (http:\/\/\S+)/ });
const baseline = await load({ url: `${bare.url}/json`, connections, durationSeconds });
await bare.stop();

// Sign-up and sign-in are rate limited per address; the bench signs up its users from one address.
const beurs = await startBeurs({
  REGISTER_RATE_LIMIT_PER_MINUTE: '10000',
  LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const account = `3247${Date.now().toString().slice(-9)}`;
const password = 'bench password 1';
await api(beurs.url, '/user/register', {
  account,
  password,
  confirmPassword: password,
  invitationCode: beurs.invitationCode,
});
const { token } = await api<{ token: string }>(beurs.url, '/user/login', { account, password });
const userInfo = await load({
  url: `${beurs.url}/api/vue/user/getUserinfo`,
  connections,
  durationSeconds,
  headers: { token, account },
});

// The same call spread over many users: each user's overview is cached for at most a second, so
// this shows the cost of the database reads that the single-user figure mostly avoids.
const userCount = isSmoke ? 10 : 200;
const sessions: Array<Record<string, string>> = [];
for (let index = 0; index < userCount; index += 1) {
  const other = `3248${String(Date.now()).slice(-7)}${String(index).padStart(3, '0')}`;
  await api(beurs.url, '/user/register', {
    account: other,
    password,
    confirmPassword: password,
    invitationCode: beurs.invitationCode,
  });
  const session = await api<{ token: string }>(beurs.url, '/user/login', { account: other, password });
  sessions.push({ token: session.token, account: other });
}
const manyUsers = await load({
  url: `${beurs.url}/api/vue/user/getUserinfo`,
  connections,
  durationSeconds,
  rotatingHeaders: sessions,
});
await beurs.stop();

const ratio = userInfo.requestsPerSecond / baseline.requestsPerSecond;
const row = (name: string, result: typeof baseline) =>
  `| ${name} | ${Math.round(result.requestsPerSecond)} | ${result.latencyP50Ms} | ${result.latencyP99Ms} | ${result.errors + result.non2xx} |`;
console.log(
  `\n/user/getUserinfo vs bare Fastify (${connections} connections, ${durationSeconds} s${isSmoke ? ', smoke' : ''})`,
);
console.log('| endpoint | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|');
console.log(row('bare Fastify JSON (baseline)', baseline));
console.log(row('getUserinfo, one user (authenticated)', userInfo));
console.log(row(`getUserinfo, ${userCount} users round robin`, manyUsers));
console.log(`ratio, one user: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`);
console.log(
  `ratio, ${userCount} users: ${(manyUsers.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`,
);
console.log(`machine load average at the end: ${loadavg()[0]!.toFixed(2)}`);
if (userInfo.errors + userInfo.non2xx + manyUsers.errors + manyUsers.non2xx > 0) {
  console.error('getUserinfo answered errors under load');
  process.exit(1);
}
if (!isSmoke && ratio < TARGET_RATIO) process.exitCode = 1;
