import { load, type LoadResult } from './lib/autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { isSmoke, startBeurs, startProcess } from './lib/processes';

// Issue 5 targets: one year of daily candles p99 < 20 ms and search p99 < 10 ms, on the real
// server (simulated market, PGlite), against a bare Fastify JSON endpoint measured in the same
// run with the same load. Each is measured with one client (the latency a user sees; the targets
// apply here) and with ten concurrent clients (where queueing behind other requests adds up).

const durationSeconds = isSmoke ? 2 : 10;
const concurrencies = [1, 10];
const TARGETS_P99_MS = { candles: 20, search: 10 };

type Row = { name: string; connections: number; result: LoadResult };
const rows: Row[] = [];

const bare = await startProcess('bench/lib/bare-fastify.server.ts', { ready: /listening at (http:\/\/\S+)/ });
for (const connections of concurrencies) {
  rows.push({
    name: 'bare Fastify JSON (baseline)',
    connections,
    result: await load({ url: `${bare.url}/json`, connections, durationSeconds }),
  });
}
await bare.stop();

const beurs = await startBeurs();
const candlesBody = { symbol: 'AAPL', period: 'day', range: '1y' };
const searchBody = { query: 'ba', limit: 20 };
// One call each first: the series is built before the clock starts (as after any start-up), and
// the answers are checked, so a fast refusal cannot pass for a fast answer.
const probe = async (path: string, body: unknown) =>
  (await (
    await fetch(`${beurs.url}/api/vue${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as { status: number; data: unknown };
const candlesProbe = await probe('/market/candles', candlesBody);
const searchProbe = await probe('/market/search', searchBody);
const candleCount = (candlesProbe.data as { candles?: unknown[] } | undefined)?.candles?.length ?? 0;
const resultCount = Array.isArray(searchProbe.data) ? searchProbe.data.length : 0;
if (candlesProbe.status !== 1 || candleCount < 240 || searchProbe.status !== 1 || resultCount === 0) {
  console.error('market queries did not answer as expected', { candleCount, resultCount });
  process.exit(1);
}
console.log(`probe: ${candleCount} daily candles, ${resultCount} search results`);
for (const connections of concurrencies) {
  for (const [name, path, body] of [
    ['/market/candles AAPL day 1y', '/market/candles', candlesBody],
    ['/market/search "ba"', '/market/search', searchBody],
  ] as const) {
    const result = await load({
      url: `${beurs.url}/api/vue${path}`,
      connections,
      durationSeconds,
      body: JSON.stringify(body),
    });
    rows.push({ name, connections, result });
  }
}
await beurs.stop();

const baselineP99 = (connections: number) =>
  rows.find((row) => row.connections === connections && row.name.startsWith('bare'))?.result.latencyP99Ms ??
  1;
console.log(`\nmarket queries vs bare Fastify (${durationSeconds} s each${isSmoke ? ', smoke' : ''})`);
console.log(`machine load average (1 min): ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
console.log(
  '| endpoint | clients | req/s | p50 ms | p99 ms | p99 / baseline p99 | errors |\n|---|---|---|---|---|---|---|',
);
for (const { name, connections, result } of rows) {
  const ratio = (result.latencyP99Ms / Math.max(1, baselineP99(connections))).toFixed(1);
  console.log(
    `| ${name} | ${connections} | ${Math.round(result.requestsPerSecond)} | ${result.latencyP50Ms} | ${result.latencyP99Ms} | ${ratio} | ${result.errors + result.non2xx} |`,
  );
}
console.log(
  `targets (one client): candles p99 < ${TARGETS_P99_MS.candles} ms, search p99 < ${TARGETS_P99_MS.search} ms`,
);

const single = (prefix: string) =>
  rows.find((row) => row.connections === 1 && row.name.startsWith(prefix))?.result;
if (rows.some((row) => row.result.errors + row.result.non2xx > 0)) {
  console.error('market queries answered errors under load');
  process.exit(1);
}
const candles = single('/market/candles');
const search = single('/market/search');
if (
  !isSmoke &&
  (!candles ||
    !search ||
    candles.latencyP99Ms >= TARGETS_P99_MS.candles ||
    search.latencyP99Ms >= TARGETS_P99_MS.search)
) {
  process.exitCode = 1;
}
