import WebSocket from 'ws';
import { availableParallelism, loadavg } from 'node:os';
import { isSmoke, startProcess, type RunningServer } from './lib/processes';

// Issue 5 target: one server process streams to 2,000 WebSocket clients, each subscribed to 20
// symbols: p99 delivery latency under 250 ms and no client dropped. The clients run in this
// process; the server in its own. Baseline: a bare ws server broadcasting a batch of the same size
// to the same number of clients once a second, measured in the same run.
//
// Latencies: "send → client" from the server's send stamp to receipt; "tick → client" from the
// start of the second the price was made (quote.timestamp) to receipt, which adds the simulator's
// tick alignment (it publishes within 100 ms of each second).

const CLIENTS = isSmoke ? 100 : 2_000;
const SYMBOLS_PER_CLIENT = 20;
const MEASURE_SECONDS = isSmoke ? 3 : 15;
const WARMUP_SECONDS = isSmoke ? 2 : 3;
const TARGET_P99_MS = 250;
const SENT_AT = /^\{"type":"quotes","sentAtMs":(\d+)/;
const TIMESTAMP_KEY = Buffer.from('"timestamp":"');

type Result = {
  sendP50: number;
  sendP99: number;
  tickP99: number | null;
  batches: number;
  dropped: number;
  starved: number;
};

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
};

async function run(server: RunningServer, symbols: string[]): Promise<Result> {
  const offsetMs = Number(/clock offset (-?\d+)/.exec(server.output())?.[1] ?? 0);
  const url = `${server.url.replace('http', 'ws')}/api/ws`;
  const sendLatencies: number[] = [];
  const tickLatencies: number[] = [];
  const batchesPerClient = new Array<number>(CLIENTS).fill(0);
  let measuring = false;
  let dropped = 0;
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const socket = new WebSocket(url);
    socket.on('message', (data: Buffer) => {
      // Read only what is measured (the send stamp and the first quote's time), without parsing
      // the whole batch: with 2,000 clients in one process, full JSON parsing would measure the
      // load generator instead of the server.
      if (!measuring) return;
      const head = data.subarray(0, 48).toString('latin1');
      const sentAtMs = SENT_AT.exec(head)?.[1];
      if (sentAtMs === undefined) return;
      const nowMs = Date.now() + offsetMs;
      sendLatencies.push(nowMs - Number(sentAtMs));
      const at = data.indexOf(TIMESTAMP_KEY);
      if (at > 0) {
        const madeMs = Date.parse(
          data.subarray(at + TIMESTAMP_KEY.length, at + TIMESTAMP_KEY.length + 24).toString('latin1'),
        );
        if (madeMs > nowMs - 5_000) tickLatencies.push(nowMs - madeMs);
      }
      batchesPerClient[index] = (batchesPerClient[index] ?? 0) + 1;
    });
    socket.on('close', () => {
      if (measuring) dropped += 1;
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const chosen = Array.from(
      { length: SYMBOLS_PER_CLIENT },
      (_, offset) => symbols[(index * 7 + offset) % symbols.length],
    );
    socket.send(JSON.stringify({ op: 'subscribe', symbols: chosen }));
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, MEASURE_SECONDS * 1000));
  measuring = false;
  for (const socket of sockets) socket.terminate();
  return {
    sendP50: percentile(sendLatencies, 0.5),
    sendP99: percentile(sendLatencies, 0.99),
    tickP99: tickLatencies.length > 0 ? percentile(tickLatencies, 0.99) : null,
    batches: sendLatencies.length,
    dropped,
    starved: batchesPerClient.filter((count) => count < MEASURE_SECONDS - 1).length,
  };
}

const baselineServer = await startProcess('bench/market-ws-baseline.server.ts', {
  ready: /listening at (http:\/\/\S+)/,
});
const baseline = await run(baselineServer, ['ANY']);
await baselineServer.stop();

const beurs = await startProcess('bench/market-stream.server.ts', { ready: /listening at (http:\/\/\S+)/ });
const status = (await (
  await fetch(`${beurs.url}/api/vue/market/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market: 'usd', limit: 200 }),
  })
).json()) as { data: { items: { symbol: string }[] } };
const brussels = (await (
  await fetch(`${beurs.url}/api/vue/market/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market: 'frank', limit: 200 }),
  })
).json()) as { data: { items: { symbol: string }[] } };
const symbols = [...status.data.items, ...brussels.data.items].map((item) => item.symbol);
const market = await run(beurs, symbols);
await beurs.stop();

const row = (name: string, result: Result) =>
  `| ${name} | ${result.sendP50} | ${result.sendP99} | ${result.tickP99 ?? '—'} | ${result.batches} | ${result.dropped} | ${result.starved} |`;
console.log(
  `\nmarket stream: ${CLIENTS} clients × ${SYMBOLS_PER_CLIENT} symbols, ${MEASURE_SECONDS} s${isSmoke ? ' (smoke)' : ''}`,
);
console.log(`machine load average (1 min): ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
console.log(
  '| server | send→client p50 ms | send→client p99 ms | tick→client p99 ms | batches | dropped | starved |',
);
console.log('|---|---|---|---|---|---|---|');
console.log(row('bare ws broadcast (baseline)', baseline));
console.log(row('Beurs /api/ws', market));
console.log(
  `ratio of p99 (send→client): ${(market.sendP99 / Math.max(1, baseline.sendP99)).toFixed(2)}; target tick→client p99 < ${TARGET_P99_MS} ms, no client dropped`,
);

if (market.dropped > 0 || market.starved > 0 || (market.tickP99 ?? Infinity) >= TARGET_P99_MS)
  process.exitCode = 1;
