// Lighthouse (npm `lighthouse`, default mobile settings: emulated phone, simulated slow 4G and 4×
// CPU slowdown) on Debian's Chromium, for the login and home screens of the production build.
// Starts its own server on a fresh PGlite database, registers a user, and for the home screen
// signs in first (Lighthouse then keeps local storage: disableStorageReset).
/* global window -- page.evaluate runs its callback in the browser. */
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3] [--min-performance 90] [--min-accessibility 95]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// lighthouse and playwright-core are devDependencies of @beurs/e2e.
const requireFromE2e = createRequire(new URL('../e2e/package.json', import.meta.url));
const { default: lighthouse } = await import(pathToFileURL(requireFromE2e.resolve('lighthouse')).href);
const playwright = await import(pathToFileURL(requireFromE2e.resolve('playwright-core')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = argument('runs', 3);
const minPerformance = argument('min-performance', 90);
const minAccessibility = argument('min-accessibility', 95);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// BEURS_SERVER_DIR runs another copy of apps/server (to compare a server change).
const serverDir = process.env.BEURS_SERVER_DIR ?? fileURLToPath(new URL('../apps/server/', import.meta.url));
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startServer() {
  const dataDir = await mkdtemp(join(tmpdir(), 'beurs-lighthouse-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const invitationCode = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      const code = /invitation code:\s*(\S+)/.exec(output)?.[1];
      if (code && output.includes('Beurs is running at')) {
        clearTimeout(timer);
        resolve(code);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    invitationCode,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(baseUrl, path, body) {
  const response = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (json.status !== 1) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const server = await startServer();
  const debuggingPort = await freePort();
  const browserProcess = spawn(
    chromiumPath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${await mkdtemp(join(tmpdir(), 'beurs-lighthouse-profile-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    const account = `3249${String(Date.now()).slice(-7)}`;
    await api(server.baseUrl, '/user/register', {
      account,
      password: 'lighthouse-1',
      confirmPassword: 'lighthouse-1',
      invitationCode: server.invitationCode,
    });
    let browser;
    for (let attempt = 0; attempt < 50 && !browser; attempt++) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return undefined;
      });
    }
    if (!browser) throw new Error('Chromium did not open its debugging port');

    const screens = [
      { name: 'login', path: '/login/login', signedIn: false },
      { name: 'home', path: '/home/index', signedIn: true },
    ];
    const results = {};
    for (const screen of screens) {
      const scores = { performance: [], accessibility: [], lcpMs: [], tbtMs: [], cls: [] };
      for (let run = 0; run < runs; run++) {
        // Set the session in the browser's storage for this origin, then let Lighthouse load the page.
        const page = await browser.contexts()[0].newPage();
        await page.goto(`${server.baseUrl}/api/health`);
        const login = screen.signedIn
          ? await api(server.baseUrl, '/user/login', { account, password: 'lighthouse-1' })
          : null;
        await page.evaluate((session) => {
          window.localStorage.clear();
          window.localStorage.setItem('language', 'en');
          if (session) {
            window.localStorage.setItem('tokend', session.token);
            window.localStorage.setItem('account', session.account);
          }
        }, login);
        // disableStorageReset also keeps the HTTP cache: empty it so every run is a first load.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.close();
        const result = await lighthouse(`${server.baseUrl}/#${screen.path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        });
        const { categories, audits } = result.lhr;
        scores.performance.push(Math.round(categories.performance.score * 100));
        scores.accessibility.push(Math.round(categories.accessibility.score * 100));
        scores.lcpMs.push(Math.round(audits['largest-contentful-paint'].numericValue));
        scores.tbtMs.push(Math.round(audits['total-blocking-time'].numericValue));
        scores.cls.push(Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)));
        const failing = Object.values(audits).filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            result.lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
        );
        if (failing.length)
          console.error(
            `${screen.name}: accessibility audits below 1: ${failing.map((a) => a.id).join(', ')}`,
          );
        const finalUrl = result.lhr.finalDisplayedUrl ?? result.lhr.finalUrl;
        if (!finalUrl.includes(screen.path)) throw new Error(`${screen.name} ended at ${finalUrl}`);
        await mkdir(resultsDir, { recursive: true });
        await writeFile(join(resultsDir, `lighthouse-${screen.name}-${run + 1}.json`), result.report);
      }
      results[screen.name] = {
        performance: median(scores.performance),
        accessibility: median(scores.accessibility),
        lcpMs: median(scores.lcpMs),
        tbtMs: median(scores.tbtMs),
        cls: median(scores.cls),
        runs: scores,
      };
    }
    await browser.close();
    console.log(JSON.stringify(results, null, 2));
    let failed = false;
    for (const [name, result] of Object.entries(results)) {
      console.log(
        `${name}: performance ${result.performance}, accessibility ${result.accessibility} (median of ${runs})`,
      );
      if (result.performance < minPerformance || result.accessibility < minAccessibility) failed = true;
    }
    if (failed) {
      console.error(`below the bar: performance ≥ ${minPerformance}, accessibility ≥ ${minAccessibility}`);
      process.exitCode = 1;
    }
  } finally {
    browserProcess.kill('SIGTERM');
    await server.stop();
  }
}

await main();
