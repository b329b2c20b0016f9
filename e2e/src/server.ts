import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Starts the real server (apps/server, `src/server.ts`) on a fresh PGlite database in a temporary
// folder and a free port, and reads the address and the invitation code from its start-up banner:
//   Beurs is running at http://127.0.0.1:PORT
//     invitation code: XXXXXXXX
// The app must have been built (`npm run build -w @beurs/mobile`): the server serves apps/mobile/dist.

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const STARTUP_TIMEOUT_MS = 120_000;

export type RunningServer = {
  baseUrl: string;
  invitationCode: string;
  log: () => string;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(extraEnvironment: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'beurs-e2e-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      ...extraEnvironment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const banner = await new Promise<{ baseUrl: string; invitationCode: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server did not start in time:\n${output}`)),
        STARTUP_TIMEOUT_MS,
      );
      const check = () => {
        const address = /Beurs is running at (\S+)/.exec(output)?.[1];
        const code = /invitation code:\s*(\S+)/.exec(output)?.[1];
        if (address && code) {
          clearTimeout(timer);
          resolve({ baseUrl: address.replace(/\/$/, ''), invitationCode: code });
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
    return { ...banner, log: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
