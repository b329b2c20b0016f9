// Phone-sized screenshots of every money screen in every state worth looking at, for a visual review:
// a fresh account (empty states), an account whose identity check failed with a reason, and an
// account with deposits, an exchange and withdrawals (pending, paid out, rejected), including the
// withdrawal confirm dialog and the exchange quote. Dialogs are shot after their fade-in.
// Usage: npm run build -w @beurs/mobile && npx tsx e2e/scripts/money-review-screenshots.ts [out-dir]
// LANGUAGES=en,de,zh (default) picks the languages; ONLY=fresh,failed,main picks the accounts.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { idPhoto, nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer, type RunningServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/money-review-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,de,zh').split(',');
const only = (process.env.ONLY ?? 'fresh,failed,main').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ANIMATION_MS = 500;

type Session = { token: string; account: string };

function client(server: RunningServer) {
  const user = async <T>(session: Session, path: string, body: unknown, headers = {}) => {
    const response = await fetch(`${server.baseUrl}/api/vue${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session, ...headers },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { status: number; data: T };
    if (json.status !== 1) console.log(path, JSON.stringify(json).slice(0, 200));
    return json.data;
  };
  const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
  const upload = async (session: Session, background: string) => {
    const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'image/png' },
      body: new Uint8Array(await idPhoto(background)),
    });
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  return { user, staff, upload };
}

async function signedIn(browser: Browser, server: RunningServer, account: string) {
  const page = await (await newPhoneContext(browser)).newPage();
  const app = new AppPage(page, server.baseUrl);
  await app.open('/login/start');
  await app.register(account, password, server.invitationCode);
  await app.login(account, password);
  await app.expectHome(account);
  return { page, app, session: await loginByApi(server.baseUrl, account, password) };
}

async function shoot(page: Page, name: string, isFull = true) {
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  if (isFull) await page.screenshot({ path: join(outDir, `${name}-full.png`), fullPage: true });
}

async function shootScreens(app: AppPage, prefix: string, paths: string[], language: string) {
  for (const path of paths) {
    const name = path.split('/').at(-1)?.replace(/[?=]/g, '-') ?? 'screen';
    await app.open(path);
    await app.page.waitForTimeout(900);
    await shoot(app.page, `${prefix}-${name}-${language}`);
  }
}

const allScreens = [
  '/information/index',
  '/information/wallet',
  '/information/rechargeChannel',
  '/information/recharge',
  '/information/cashOut',
  '/information/exChange',
  '/information/fundRecord',
  '/information/authInfo',
  '/information/fundPass',
  '/information/bankList',
  '/information/addBankCard',
];

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword, WITHDRAWAL_FEE_EUR: '1.50' },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const { user, staff, upload } = client(server);
  const browser = await launchChromium();
  const stamp = Date.now().toString().slice(-6);
  try {
    const channel = { bic: '', isEnabled: true, reason: 'screenshots' };
    await staff('/deposit-channels/save', {
      ...channel,
      kind: 'bank_transfer',
      name: 'Bank transfer',
      currency: 'EUR',
      collectionAccount: 'BE71096123456769',
      beneficiaryName: 'Beurs Demo NV',
      bic: 'GKCCBEBB',
      minimum: '10.00',
      maximum: '5000.00',
    });
    await staff('/deposit-channels/save', {
      ...channel,
      kind: 'crypto',
      name: 'Bitcoin',
      currency: 'USD',
      collectionAccount: BTC,
      beneficiaryName: 'Beurs Demo NV',
      minimum: '50.00',
      maximum: '20000.00',
    });

    if (only.includes('fresh')) {
      const { app } = await signedIn(browser, server, `32471${stamp}`);
      for (const language of languages) {
        await app.setLanguage(language);
        await shootScreens(app, 'fresh', allScreens, language);
      }
      // Loading states: every API answer held back for a while.
      await app.page.route('**/api/vue/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 4000));
        await route.continue();
      });
      for (const path of ['/information/fundRecord', '/information/cashOut', '/information/bankList']) {
        await app.page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
        await app.page.waitForTimeout(1200);
        await shoot(app.page, `loading-${path.split('/').at(-1)}`, false);
        await app.page.waitForTimeout(4000);
      }
      await app.page.unrouteAll({ behavior: 'wait' });
    }

    if (only.includes('failed')) {
      const { app, session } = await signedIn(browser, server, `32472${stamp}`);
      await user(session, '/information/submitAuth', {
        realname: 'Maximiliane Wolfeschlegelsteinhausen-Bergerdorff',
        documentType: 'be_national_register',
        documentNumber: '85.01.01-123.87',
        frontImageId: await upload(session, '#336699'),
        backImageId: await upload(session, '#993366'),
      });
      const list = await staff<{ items: { id: string; account: string }[] }>('/identity/list', {});
      const mine = list.items.find((item) => item.account === session.account);
      await staff('/identity/review', {
        id: mine?.id,
        decision: 'reject',
        reason: 'The photo of the back of the card is blurred; please take it again in daylight.',
      });
      for (const language of languages) {
        await app.setLanguage(language);
        await shootScreens(app, 'failed', ['/information/authInfo', '/information/index'], language);
      }
    }

    if (!only.includes('main')) return;
    const { app, page, session } = await signedIn(browser, server, `32473${stamp}`);
    await user(session, '/information/submitAuth', {
      realname: 'An Peeters',
      documentType: 'be_national_register',
      documentNumber: '85.01.01-123.87',
      frontImageId: await upload(session, '#336699'),
      backImageId: await upload(session, '#993366'),
    });
    for (const language of languages) {
      await app.setLanguage(language);
      await shootScreens(app, 'review', ['/information/authInfo'], language);
    }
    const identities = await staff<{ items: { id: string; account: string }[] }>('/identity/list', {});
    await staff('/identity/review', {
      id: identities.items.find((item) => item.account === session.account)?.id,
      decision: 'approve',
      reason: 'documents match',
    });
    await user(session, '/information/fundPass/set', { password: '135790', confirmPassword: '135790' });
    await user(session, '/information/scamCheck', {
      trigger: 'first_payout_method',
      wasToldByOnlineContact: false,
    });
    await user(session, '/information/addWallet', { network: 'BTC', address: BTC, label: 'Ledger' });
    const card = await user<{ id: string }>(session, '/information/addBankCard', {
      holderName: 'An Peeters',
      iban: 'BE68 5390 0754 7034',
      bic: 'GKCCBEBB',
      bankName: 'Belfius Bank',
      branch: '',
    });
    await user(session, '/information/scamCheck', {
      trigger: 'first_deposit',
      wasToldByOnlineContact: false,
    });
    const channels = await user<{ channels: { id: string; currency: string }[] }>(
      session,
      '/recharge/channels',
      {},
    );
    const eurChannel = channels.channels.find((item) => item.currency === 'EUR')?.id;
    // One deposit or withdrawal waits at a time: each is decided before the next.
    const deposit = async (amount: string, decision: 'approve' | 'reject' | null, reason = '') => {
      await user(
        session,
        '/recharge/submit',
        { channelId: eurChannel, amount, proofImageId: await upload(session, '#229955') },
        { 'idempotency-key': `deposit-${amount}-${stamp}` },
      );
      if (!decision) return;
      const deposits = await staff<{ items: { id: string; account: string }[] }>('/deposits/list', {});
      const mine = deposits.items.find((item) => item.account === session.account);
      await staff('/deposits/review', { id: mine?.id, decision, reason });
    };
    await deposit('2500.00', 'approve', 'transfer matched');

    for (const language of languages) {
      await app.setLanguage(language);
      // The exchange quote, then the withdrawal confirm dialog (after its fade-in).
      await app.open('/information/exChange');
      await app.page.locator('input[inputmode="decimal"]').fill('100');
      await page.locator('form button[type="submit"]').click();
      await page.getByTestId('exchange-received').waitFor();
      await page.waitForTimeout(ANIMATION_MS);
      await shoot(page, `main-exChange-quote-${language}`);
      await app.open('/information/cashOut');
      await page.getByTestId('cash-out-form').waitFor();
      await page.locator('[data-testid="cash-out-form"] input[inputmode="decimal"]').fill('1234.56');
      await page.locator('[data-testid="cash-out-form"] input[type="password"]').fill('135790');
      await page.locator('[data-testid="cash-out-form"] button[type="submit"]').click();
      await page.getByTestId('cash-out-review').waitFor();
      await page.waitForTimeout(ANIMATION_MS);
      await shoot(page, `main-cashOut-confirm-${language}`, false);
      await page.keyboard.press('Escape');
      await app.page.reload();
    }
    // Confirm one exchange through the app in English.
    await app.setLanguage('en');
    await app.open('/information/exChange');
    await app.page.locator('input[inputmode="decimal"]').fill('100');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('exchange-received').waitFor();
    await page.getByRole('button', { name: 'Confirm exchange' }).click();
    await page.getByTestId('toast').waitFor();

    const withdraw = async (amount: string, decision: 'approve' | 'reject' | null, reason = '') => {
      const withdrawal = await user<{ id: string }>(
        session,
        '/cashOut/submit',
        { currency: 'EUR', amount, cardId: card.id, fundPassword: '135790' },
        { 'idempotency-key': `withdraw-${amount}-${stamp}` },
      );
      if (decision) await staff('/withdrawals/review', { id: withdrawal.id, decision, reason });
    };
    await withdraw('120.00', 'approve', 'paid to the card');
    await withdraw(
      '1234.56',
      'reject',
      'The receiving bank returned the transfer: the account BE68 5390 0754 7034 is closed.',
    );
    // A deposit waiting for staff (its reference and where to send it), then refused with a reason.
    await deposit('75.00', null);
    for (const language of languages) {
      await app.setLanguage(language);
      await shootScreens(app, 'pending', ['/information/recharge'], language);
    }
    const waiting = await staff<{ items: { id: string; account: string }[] }>('/deposits/list', {});
    await staff('/deposits/review', {
      id: waiting.items.find((item) => item.account === session.account)?.id,
      decision: 'reject',
      reason: 'No transfer with this reference arrived within 5 business days.',
    });
    await withdraw('300.00', null);

    for (const language of languages) {
      await app.setLanguage(language);
      await shootScreens(app, 'main', allScreens, language);
      await shootScreens(app, 'main', ['/information/recharge?channel=1'], language);
      await app.open('/information/fundRecord');
      for (const tab of ['trade', 'deposit', 'withdrawal', 'exchange']) {
        await page.getByTestId(`record-tab-${tab}`).click();
        await page.waitForTimeout(900);
        await shoot(page, `main-fundRecord-${tab}-${language}`, false);
      }
    }
  } catch (error) {
    console.log(server.log().slice(-3000));
    throw error;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
