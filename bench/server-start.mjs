// Server start-up: time from spawning the server to its "Beurs is running at" banner, and its
// memory (resident set) once idle, for the development start (tsx, TypeScript compiled on load)
// and the production start (node on the built dist/server.js). Plain JavaScript so the measuring
// process adds nothing to what it measures.
//
//   npm run build                               # the mobile app and apps/server/dist
//   node bench/server-start.mjs --runs 5 --idle 10
//
// Each run, for each start in turn (tsx, node, tsx, node, … so drift hits both alike): a fresh
// PGlite data folder and a free port; the first start (migrations, house accounts, the first-start
// staff account) is timed to the banner, the server then idles for --idle seconds and the resident
// memory of its processes is read from /proc, five samples a second apart, the median kept (tsx
// runs the server in a child node process: both count, the parent is part of the price of starting
// through tsx); then it is stopped and started again on the same data (a restart: nothing left to
// migrate), timed and measured idle again. Medians and the
// median of the paired ratios (node / tsx) are printed, with every run.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const tsxBin = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, idle: { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
const idleSeconds = Number(values.idle);

const starts = [
  { name: 'tsx', command: tsxBin, args: ['src/server.ts'] },
  { name: 'node', command: process.execPath, args: ['--enable-source-maps', 'dist/server.js'] },
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The pid and every descendant's, from /proc/<pid>/task/<tid>/children. */
async function processTree(pid) {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    const tasks = await readdir(`/proc/${pids[index]}/task`).catch(() => []);
    for (const task of tasks) {
      const children = await readFile(`/proc/${pids[index]}/task/${task}/children`, 'utf8').catch(() => '');
      pids.push(...children.split(' ').filter(Boolean).map(Number));
    }
  }
  return pids;
}

async function residentKiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server, resolves with the milliseconds to its banner and the running child. */
async function startServer(start, dataDir, port) {
  const startedAt = performance.now();
  const child = spawn(start.command, start.args, {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
  });
  let output = '';
  const milliseconds = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('Beurs is running at')) resolve(performance.now() - startedAt);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${start.name} exited with ${code}:\n${output}`)));
  });
  return { child, milliseconds };
}

async function stopServer(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  await sleep(300); // the tsx parent and the data folder lock go with it
}

/** Idles, then reads the resident memory of the server's processes five times a second apart: the median. */
async function idleResidentMiB(child) {
  await sleep(Math.max(0, idleSeconds - 5) * 1000);
  const samples = [];
  let processes = 0;
  for (let sample = 0; sample < 5; sample += 1) {
    await sleep(1000);
    const pids = await processTree(child.pid);
    processes = pids.length;
    const kib = await Promise.all(pids.map(residentKiB));
    samples.push(kib.reduce((sum, value) => sum + value, 0) / 1024);
  }
  return { mib: median(samples), processes };
}

async function measure(start) {
  const dataDir = await mkdtemp(join(tmpdir(), 'beurs-start-'));
  try {
    const port = await freePort();
    const first = await startServer(start, dataDir, port);
    const firstIdle = await idleResidentMiB(first.child);
    await stopServer(first.child);
    const again = await startServer(start, dataDir, port);
    const againIdle = await idleResidentMiB(again.child);
    await stopServer(again.child);
    return {
      firstStartMs: first.milliseconds,
      restartMs: again.milliseconds,
      firstRssMiB: firstIdle.mib,
      restartRssMiB: againIdle.mib,
      processes: firstIdle.processes,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = Object.fromEntries(starts.map((start) => [start.name, []]));
for (let run = 1; run <= runs; run += 1) {
  for (const start of starts) {
    const result = await measure(start);
    results[start.name].push(result);
    console.log(
      `run ${run} ${start.name.padEnd(4)} first start ${result.firstStartMs.toFixed(0)} ms, ` +
        `restart ${result.restartMs.toFixed(0)} ms, RSS at idle ${result.firstRssMiB.toFixed(0)} MiB ` +
        `after the first start, ${result.restartRssMiB.toFixed(0)} MiB after the restart ` +
        `(${result.processes} process${result.processes > 1 ? 'es' : ''})`,
    );
  }
}

const measures = [
  ['first start to banner (ms)', 'firstStartMs', 0],
  ['restart to banner (ms)', 'restartMs', 0],
  [`RSS after ${idleSeconds} s idle, first start (MiB)`, 'firstRssMiB', 0],
  [`RSS after ${idleSeconds} s idle, restart (MiB)`, 'restartRssMiB', 0],
];
console.log(`\nmedians of ${runs} runs (ratio: median of the paired node/tsx ratios)`);
console.log('| measure | tsx | node | node / tsx |');
console.log('|---|---|---|---|');
for (const [label, key, digits] of measures) {
  const tsx = results.tsx.map((result) => result[key]);
  const node = results.node.map((result) => result[key]);
  const ratios = node.map((value, index) => value / tsx[index]);
  console.log(
    `| ${label} | ${median(tsx).toFixed(digits)} | ${median(node).toFixed(digits)} | ${median(ratios).toFixed(2)} |`,
  );
}
