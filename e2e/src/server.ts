import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Starts the real server as it ships (apps/server's production build, `dist/server.js` under plain
// node) on a fresh PGlite database in a temporary folder and a free port, and reads the address and
// the invitation code from its start-up banner:
//   Beurs is running at http://127.0.0.1:PORT
//     invitation code: XXXXXXXX
// Both must have been built (`npm run build`, which `npm run test:e2e` runs first): the server's
// bundle, and the app it serves from apps/mobile/dist.
// A test can restart it (same port, same data) and run `ledger:verify` on its data in between.

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverBundle = 'dist/server.js';
const STARTUP_TIMEOUT_MS = 120_000;

export type RunningServer = {
  baseUrl: string;
  invitationCode: string;
  log: () => string;
  /**
   * Stops the server and starts it again on the same port and data, with these variables changed
   * and, when given, its clock moved to `clockStart`.
   */
  restart: (changedEnvironment?: Record<string, string>, options?: ClockOptions) => Promise<void>;
  /** The server's clock: the real time, or the test clock started with `clockStart`. */
  now: () => Date;
  /**
   * Runs `npm run ledger:verify -- --account <phone> --json` on the server's data. PGlite is one
   * process's database, so the server is stopped for it and started again afterwards.
   */
  verifyLedger: (account: string) => Promise<LedgerReport>;
  stop: () => Promise<void>;
};

/** What `ledger:verify --json --account` prints (amounts as decimal strings). */
export type LedgerReport = {
  isOk: boolean;
  breaches: { check: string; detail: string }[];
  user: {
    account: string;
    balances: { asset: string; kind: string; balance: string; posted: string }[];
    entries: {
      id: string;
      kind: string;
      memo: string;
      source: { type: string; id: string };
      createdAt: string;
      changes: { asset: string; accountKind: string; amount: string }[];
    }[];
  };
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

/** Starts the server's clock (CLOCK_START) at this instant; it then runs at real speed, across restarts. */
export type ClockOptions = { clockStart?: Date };

type Process = { child: ChildProcess; output: () => string };

function spawnServer(environment: NodeJS.ProcessEnv): Process {
  let output = '';
  if (!existsSync(join(serverDir, serverBundle))) {
    throw new Error(`apps/server/${serverBundle} is missing: run \`npm run build\` first`);
  }
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: serverDir,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function stopProcess({ child }: Process): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Waits for the start-up banner's lines that match; fails with the output if the server exits. */
async function waitForBanner(server: Process): Promise<{ baseUrl: string; invitationCode: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${server.output()}`)),
      STARTUP_TIMEOUT_MS,
    );
    const check = () => {
      const address = /Beurs is running at (\S+)/.exec(server.output())?.[1];
      const code = /invitation code:\s*(\S+)/.exec(server.output())?.[1];
      if (address && code) {
        clearTimeout(timer);
        resolve({ baseUrl: address.replace(/\/$/, ''), invitationCode: code });
      }
    };
    server.child.stdout?.on('data', check);
    server.child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${server.output()}`));
    });
  });
}

async function runLedgerVerify(environment: NodeJS.ProcessEnv, account: string): Promise<LedgerReport> {
  const child = spawn('npm', ['run', '--silent', 'ledger:verify', '--', '--account', account, '--json'], {
    cwd: repositoryRoot,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const json = stdout.split('\n').find((line) => line.startsWith('{'));
  if (code !== 0 || !json) throw new Error(`ledger:verify exited with ${code}:\n${stdout}\n${stderr}`);
  return JSON.parse(json) as LedgerReport;
}

export async function startServer(
  extraEnvironment: Record<string, string> = {},
  options: ClockOptions = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'beurs-e2e-'));
  const port = await freePort();
  let environment: NodeJS.ProcessEnv = {
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
    // Staff review by hand in these flows; the demo desk's own test turns it on.
    DEMO_DESK: 'off',
    ...extraEnvironment,
  };
  let clock = options.clockStart ? { start: options.clockStart.getTime(), real: Date.now() } : null;
  const now = () => new Date(clock ? clock.start + Date.now() - clock.real : Date.now());
  const spawnWithClock = () =>
    spawnServer(clock ? { ...environment, CLOCK_START: now().toISOString() } : environment);
  let server = spawnWithClock();
  let log = '';
  const output = () => log + server.output();

  const stop = async () => {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  const restart = async (
    changedEnvironment: Record<string, string> = {},
    restartOptions: ClockOptions = {},
  ) => {
    await stopProcess(server);
    log += server.output();
    environment = { ...environment, ...changedEnvironment };
    if (restartOptions.clockStart) clock = { start: restartOptions.clockStart.getTime(), real: Date.now() };
    server = spawnWithClock();
    await waitForBanner(server);
  };
  const verifyLedger = async (account: string) => {
    await stopProcess(server);
    try {
      return await runLedgerVerify(environment, account);
    } finally {
      await restart();
    }
  };

  try {
    const banner = await waitForBanner(server);
    return { ...banner, log: output, restart, now, verifyLedger, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
