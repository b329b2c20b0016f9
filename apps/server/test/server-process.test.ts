import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The real process, as `npm start` runs it: first start prints the invitation code and the staff
// account, a bad setting stops it with a clear message, and SIGTERM closes it gracefully.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'beurs-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const started = Date.now();
    while (!pattern.test(output)) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return pattern.exec(output)!;
  };
  return { child, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  it('prints the invitation code and staff account, serves, and closes gracefully on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDir });
    const [, url] = await server.waitFor(/Beurs is running at (http:\/\/\S+)/);
    expect(server.output()).toMatch(/invitation code: [A-Z2-9]{8}/);
    expect(server.output()).toMatch(/staff account:\s+admin \/ password \S+ \(shown once/);
    expect(server.output()).toMatch(/demo and single-user use only/);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', mode: 'demo' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"closing"/);
  });

  it('keeps its data: a restart shows the same invitation code and no password', async () => {
    const first = startServer({ DATA_DIR: dataDir });
    await first.waitFor(/Beurs is running at/);
    const [, code] = /invitation code: (\S+)/.exec(first.output())!;
    first.child.kill('SIGTERM');
    await first.exited;
    const second = startServer({ DATA_DIR: dataDir });
    await second.waitFor(/Beurs is running at/);
    expect(second.output()).toContain(`invitation code: ${code}`);
    expect(second.output()).toContain('password set at first start');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a bad setting with a message naming it', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty', WITHDRAWAL_FEE_USD: '1,50' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/WITHDRAWAL_FEE_USD: an amount with two decimals/);
  });
});
