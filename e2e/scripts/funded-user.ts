import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppPage } from '../page-models/app-page';
import { loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { idPhoto, nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';

// The screenshot scripts' user: signed up in the app already, then through the API verified (staff
// approve the identity), given the fund password and funded with an EUR deposit that staff approve.
// Answers the user's call helper (throws on a refusal) for what the script does next.

export type UserCall = <T>(path: string, body: unknown, headers?: Record<string, string>) => Promise<T>;

export async function verifyAndFund(input: {
  baseUrl: string;
  staff: ReturnType<typeof staffApi>;
  account: string;
  password: string;
  fundPassword: string;
  /** EUR, two decimals. */
  deposit: string;
}): Promise<UserCall> {
  const { baseUrl, staff, account } = input;
  const session = await loginByApi(baseUrl, account, input.password);
  const user: UserCall = async <T>(path: string, body: unknown, headers = {}) => {
    const response = await fetch(`${baseUrl}/api/vue${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session, ...headers },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { status: number; data: T };
    if (json.status !== 1) throw new Error(`${path}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const upload = async (background: string) => {
    const response = await fetch(`${baseUrl}/api/vue/upload/image`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'image/png' },
      body: new Uint8Array(await idPhoto(background)),
    });
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  await user('/information/submitAuth', {
    realname: 'An Peeters',
    documentType: 'be_national_register',
    documentNumber: '85.01.01-123.87',
    frontImageId: await upload('#336699'),
    backImageId: await upload('#993366'),
  });
  const identities = await staff<{ items: { id: string; account: string }[] }>('/identity/list', {});
  await staff('/identity/review', {
    id: identities.items.find((item) => item.account === account)?.id,
    decision: 'approve',
    reason: 'documents match',
  });
  await user('/information/fundPass/set', {
    password: input.fundPassword,
    confirmPassword: input.fundPassword,
  });
  await staff('/deposit-channels/save', {
    kind: 'bank_transfer',
    name: 'Bank transfer',
    currency: 'EUR',
    collectionAccount: 'BE71096123456769',
    beneficiaryName: 'Beurs Demo NV',
    bic: 'GKCCBEBB',
    minimum: '10.00',
    maximum: '5000.00',
    isEnabled: true,
    reason: 'screenshots',
  });
  await user('/information/scamCheck', { trigger: 'first_deposit', wasToldByOnlineContact: false });
  const channels = await user<{ channels: { id: string; currency: string }[] }>('/recharge/channels', {});
  await user(
    '/recharge/submit',
    {
      channelId: channels.channels.find((item) => item.currency === 'EUR')?.id,
      amount: input.deposit,
      proofImageId: await upload('#229955'),
    },
    { 'idempotency-key': `deposit-${account}` },
  );
  const deposits = await staff<{ items: { id: string; account: string }[] }>('/deposits/list', {});
  await staff('/deposits/review', {
    id: deposits.items.find((item) => item.account === account)?.id,
    decision: 'approve',
    reason: 'transfer matched',
  });
  return user;
}

/**
 * A pending withdrawal of `amount` EUR to a card in the user's name (added after the safety
 * question), so the records show a hold and the withdrawal screen a pending item.
 */
export async function withdrawToOwnCard(user: UserCall, fundPassword: string, amount: string): Promise<void> {
  await user('/information/scamCheck', { trigger: 'first_payout_method', wasToldByOnlineContact: false });
  await user('/information/addBankCard', {
    holderName: 'An Peeters',
    iban: 'BE68539007547034',
    bic: 'GKCCBEBB',
    bankName: 'Belfius',
    branch: '',
  });
  const [card] = await user<{ id: string }[]>('/information/bankList', {});
  await user(
    '/cashOut/submit',
    { currency: 'EUR', amount, cardId: card?.id, fundPassword },
    { 'idempotency-key': `withdrawal-${card?.id}-${amount}` },
  );
}

/** The fund password `startFundedPhoneSession` sets. */
export const SHOTS_FUND_PASSWORD = '135790';

/**
 * A server on the next weekday morning (Euronext open), Chromium at the phone viewport, and a user
 * signed up and signed in through the app, then verified and funded with `deposit` EUR
 * (`verifyAndFund`): what the screenshot scripts and several e2e files start from. `close` ends
 * the browser and the server.
 */
export async function startFundedPhone(input: {
  /** The first digits of the account (each caller its own). */
  accountPrefix: string;
  deposit: string;
  password?: string;
  fundPassword?: string;
  /** More server environment (DEMO_DESK=off, …). */
  serverEnv?: Record<string, string>;
}) {
  const staffPassword = 'shots-staff-password-1';
  const password = input.password ?? 'secret123';
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword, ...input.serverEnv },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const page = await (await newPhoneContext(browser)).newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `${input.accountPrefix}${Date.now().toString().slice(-6)}`;
    await app.open('/login/start');
    await app.register(account, password, server.invitationCode);
    await app.login(account, password);
    await app.expectHome(account);
    const user = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account,
      password,
      fundPassword: input.fundPassword ?? SHOTS_FUND_PASSWORD,
      deposit: input.deposit,
    });
    return { server, staff, browser, page, app, account, password, user, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `startFundedPhone` for a screenshot script: `shoot` writes `<name>.png` to `outDir` once the screen has settled. */
export async function startFundedPhoneSession(input: {
  outDir: string;
  accountPrefix: string;
  deposit: string;
  /** Whether `shoot` takes the whole page unless told otherwise. */
  isFullPageByDefault: boolean;
}) {
  await mkdir(input.outDir, { recursive: true });
  const session = await startFundedPhone(input);
  const shoot = async (name: string, fullPage = input.isFullPageByDefault) => {
    await session.page.waitForTimeout(900);
    await session.page.screenshot({ path: join(input.outDir, `${name}.png`), fullPage });
  };
  return { ...session, shoot };
}
