// Desktop (1440×900) screenshots of the back-office's IPO offerings screen (issue 15, item 4;
// issue 17): one offering drawn (a funded user subscribed in its window; the server's clock then
// moved past its lottery date and the draw job run), so its seed is published beside the commitment,
// and one still to be subscribed, showing only its commitment; then the create form, empty and sent
// empty (the field rules); in the first language, a refusal (an unknown symbol) and an offering
// created through the form. Usage: npm run build && npx tsx e2e/scripts/offerings-screenshots.ts
// [out-dir]; LANGUAGES=en,fr (default) picks the languages. ADMIN_DEV_SERVER=1 serves the
// back-office from Vite's dev server (proxying /api to the built server) instead of its build.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { callApi } from '../src/api';
import { launchChromium } from '../src/browser';
import { staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { AdminPage } from '../page-models/admin-page';
import { verifyAndFund } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/offerings-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,fr').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
const MINUTE = 60_000;
const DEV_PORT = 5179;

/** Vite's dev server for apps/admin on DEV_PORT, /api proxied to `apiTarget`; answers its stop. */
async function startAdminDevServer(apiTarget: string): Promise<() => void> {
  const vite = spawn('npx', ['vite', '--port', String(DEV_PORT), '--strictPort'], {
    cwd: new URL('../../apps/admin/', import.meta.url).pathname,
    env: { ...process.env, API_TARGET: apiTarget },
    stdio: 'ignore',
    detached: true,
  });
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const isUp = await fetch(`http://127.0.0.1:${DEV_PORT}/admin/`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return () => process.kill(-vite.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  process.kill(-vite.pid!, 'SIGTERM');
  throw new Error('the Vite dev server did not start');
}

type Offering = { id: string; draw: { seed: string | null } };

async function main() {
  await mkdir(outDir, { recursive: true });
  const start = Date.now();
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword, DEMO_IPO: 'off', DEMO_PLACEMENT: 'off' },
    { clockStart: new Date(start) },
  );
  const browser = await launchChromium();
  let stopDevServer: (() => void) | null = null;
  try {
    const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
    const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
    const terms = {
      issueMarket: 'Euronext Brussels',
      leadUnderwriter: 'KBC Securities',
      minimumQuantity: '10000',
      lotSize: '1000',
      feeBasisPoints: 10,
      feeMinimum: '5.00',
      reason: 'IPO window agreed with the issuer',
    };
    const drawn = await staff<Offering>('/ipo/create', {
      ...terms,
      symbol: 'UCB.BR',
      name: 'UCB new shares',
      issuePrice: '1.0000',
      sharesOffered: '50000',
      prospectusUrl: 'https://example.org/ucb-prospectus.pdf',
      opensAt: at(2),
      closesAt: at(60),
      lotteryAt: at(61),
      distributionAt: at(61),
      listingAt: at(24 * 60),
    });
    await staff('/ipo/create', {
      ...terms,
      symbol: 'SOLB.BR',
      name: 'Solvay capital increase',
      issuePrice: '12.3450',
      sharesOffered: '200000',
      prospectusUrl: 'https://example.org/solvay-prospectus.pdf',
      opensAt: at(3 * 24 * 60),
      closesAt: at(5 * 24 * 60),
      lotteryAt: at(6 * 24 * 60),
      distributionAt: at(6 * 24 * 60),
      listingAt: at(7 * 24 * 60),
    });
    const account = `32475${String(Date.now()).slice(-6)}`;
    const registered = await callApi(server.baseUrl, '/user/register', {
      account,
      password,
      confirmPassword: password,
      invitationCode: server.invitationCode,
    });
    if (registered.body.status !== 1) throw new Error(JSON.stringify(registered.body));
    const user = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account,
      password,
      fundPassword: '135790',
      deposit: '20000.00',
    });
    // In the window: the user subscribes for 10 lots (50 offered, so every lot asked is allotted).
    await server.restart({}, { clockStart: new Date(start + 5 * MINUTE) });
    await user(
      '/ipo/subscribe',
      { id: drawn.id, quantity: '10000' },
      { 'idempotency-key': `ipo-${account}` },
    );
    // Past the lottery date: the draw job (every minute) draws it and publishes the seed.
    await server.restart({}, { clockStart: new Date(start + 62 * MINUTE) });
    for (let attempt = 0; ; attempt += 1) {
      const list = await staff<{ items: Offering[] }>('/ipo/list', {});
      if (list.items.find((item) => item.id === drawn.id)?.draw.seed) break;
      if (attempt > 40) throw new Error('the offering was not drawn');
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    await staff('/staff/create', {
      username: 'olivia',
      password: staffPassword,
      role: 'product',
      reason: 'screenshots',
    });

    stopDevServer = process.env.ADMIN_DEV_SERVER ? await startAdminDevServer(server.baseUrl) : null;
    const adminOrigin = stopDevServer ? `http://127.0.0.1:${DEV_PORT}` : server.baseUrl;
    const admin = await AdminPage.open(browser, adminOrigin, server.now);
    await admin.firstSignIn('olivia', staffPassword);
    const { page } = admin;
    for (const language of languages) {
      await page.locator('header select').selectOption(language);
      await page.goto(`${admin.url}#/offerings`);
      await page.locator('[data-testid^="offering-seed-"]').waitFor();
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: join(outDir, `offerings-${language}.png`) });
      await page.locator('main button.ant-btn-primary').first().click();
      await page.locator('.ant-drawer form').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(outDir, `offerings-create-${language}.png`) });
      await page.locator('.ant-drawer form button[type="submit"]').click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(outDir, `offerings-create-rules-${language}.png`) });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
    }
    // Through the form: a refusal shown with its message, then the offering created and listed.
    await page.locator('header select').selectOption(languages[0] ?? 'en');
    await page.goto(`${admin.url}#/offerings`);
    await page.locator('main button.ant-btn-primary').first().click();
    const local = (days: number) => {
      const day = new Date(server.now().getTime() + days * 86_400_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T${pad(day.getHours())}:${pad(day.getMinutes())}`;
    };
    const fill = (id: string, value: string) => page.locator(`.ant-drawer form #${id}`).fill(value);
    await fill('symbol', 'NOPE');
    await fill('name', 'KBC rights issue');
    await fill('issueMarket', 'Euronext Brussels');
    await fill('leadUnderwriter', 'KBC Securities');
    await fill('issuePrice', '61.5');
    await fill('sharesOffered', '100000');
    await fill('prospectusUrl', 'https://example.org/kbc-prospectus.pdf');
    await fill('opensAt', local(1));
    await fill('closesAt', local(3));
    await fill('lotteryAt', local(4));
    await fill('distributionAt', local(4));
    await fill('listingAt', local(6));
    await fill('reason', 'rights issue agreed with the issuer');
    await page.locator('.ant-drawer form button[type="submit"]').click();
    await page.getByTestId('offering-refusal').waitFor();
    await page.screenshot({ path: join(outDir, `offerings-refused-${languages[0]}.png`) });
    await fill('symbol', 'KBC.BR');
    await page.locator('.ant-drawer form button[type="submit"]').click();
    await page.locator('tr', { hasText: 'KBC rights issue' }).waitFor();
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: join(outDir, `offerings-created-${languages[0]}.png`) });
    console.log(`screenshots in ${outDir}`);
  } catch (error) {
    console.error(server.log().slice(-4_000));
    throw error;
  } finally {
    stopDevServer?.();
    await browser.close();
    await server.stop();
  }
}

await main();
