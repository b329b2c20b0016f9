import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Benchmarks run servers in their own processes so the load generator does not share their event loop.

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
export const isSmoke = process.env.BENCH_SMOKE === '1';

export type RunningServer = { url: string; pid: number; output: () => string; stop(): Promise<void> };

/** Starts a tsx script and waits until its output matches `ready`; the match's first group is the URL. */
export async function startProcess(
  script: string,
  options: { env?: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is passed to the servers' node.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: repositoryRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = options.ready.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the real Beurs server on a fresh PGlite folder (or DATABASE_URL) and a free port. */
export async function startBeurs(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'beurs-bench-'));
  const server = await startProcess('apps/server/src/server.ts', {
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    ready: /Beurs is running at (http:\/\/\S+)/,
  });
  const invitationCode = /invitation code: (\S+)/.exec(server.output())?.[1];
  if (!invitationCode) throw new Error(`no invitation code in the start-up log:\n${server.output()}`);
  return {
    ...server,
    invitationCode,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST to the Beurs API and return the envelope's data, failing loudly on a refusal. */
export async function api<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; data: T; code?: string };
  if (envelope.status !== 1) throw new Error(`${path} refused: ${JSON.stringify(envelope)}`);
  return envelope.data;
}
