// Desktop screenshots of every back-office screen with something in each queue, for a visual
// review: 1440×900 in each language asked for, and the queues and a user's page at 1024×768.
// Usage: npm run build && npx tsx e2e/scripts/admin-screenshots.ts [out-dir]
// LANGUAGES=en,nl,zh (default) picks the languages.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { callApi, loginByApi } from '../src/api';
import { launchChromium } from '../src/browser';
import { idPhoto, nextWeekdayMorning, staffApi } from '../src/fixtures';
import { startServer } from '../src/server';
import { AdminPage } from '../page-models/admin-page';
import { verifyAndFund } from './funded-user';

const outDir = process.argv[2] ?? 'test-results/admin-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl,zh').split(',');
const staffPassword = 'shots-staff-password-1';
const password = 'secret123';

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer(
    { INITIAL_STAFF_PASSWORD: staffPassword },
    { clockStart: nextWeekdayMorning(new Date()) },
  );
  const browser = await launchChromium();
  try {
    const staff = staffApi(server.baseUrl, 'admin', staffPassword, server.now);
    const stamp = String(Date.now()).slice(-6);
    const register = async (account: string) => {
      const answer = await callApi(server.baseUrl, '/user/register', {
        account,
        password,
        confirmPassword: password,
        invitationCode: server.invitationCode,
      });
      if (answer.body.status !== 1) throw new Error(JSON.stringify(answer.body));
    };
    // A: verified and funded, then a withdrawal waits and a correction above the threshold.
    const a = `32471${stamp}`;
    await register(a);
    const userA = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account: a,
      password,
      fundPassword: '135790',
      deposit: '500.00',
    });
    // A opens a margin account (the user page shows when, and the test score).
    await userA('/margin/test', {
      answers: {
        margin_call: 'add_cash_or_reduce',
        liquidation: 'closed_at_market',
        loss_beyond_deposit: 'yes_debt',
        short_selling: 'unlimited_loss',
        interest: 'daily_on_borrowed',
        recall: 'nothing_happens',
        leveraged_experience: 'under_one_year',
        trade_frequency: 'monthly',
      },
    });
    const margin = await userA<{ disclosure: { version: string; hash: string } }>('/margin/status', {
      language: 'en',
    });
    await userA('/margin/accept', {
      language: 'en',
      disclosureVersion: margin.disclosure.version,
      disclosureHash: margin.disclosure.hash,
      accepts: true,
    });
    await userA('/information/scamCheck', { trigger: 'first_payout_method', wasToldByOnlineContact: false });
    const card = await userA<{ id: string }>('/information/addBankCard', {
      holderName: 'An Peeters',
      iban: 'BE68 5390 0754 7034',
      bic: 'GKCCBEBB',
      bankName: 'Belfius Bank',
      branch: '',
    });
    await userA(
      '/cashOut/submit',
      { currency: 'EUR', amount: '120.00', cardId: card.id, fundPassword: '135790' },
      {
        'idempotency-key': `w-${a}`,
      },
    );
    await staff('/corrections/propose', {
      account: a,
      currency: 'EUR',
      amount: '150.00',
      reason: 'interest owed for March, ticket 4411',
    });
    await staff('/users/withdrawalBar/propose', {
      account: a,
      barReason: 'fraud_investigation',
      days: 7,
      note: 'bank reported a possible takeover, ticket 5120',
    });
    await staff('/users/restrict', {
      account: a,
      kind: 'trading_barred',
      reason: 'unusual order pattern under review',
    });
    // B: an identity waiting.
    const b = `32472${stamp}`;
    await register(b);
    const sessionB = await loginByApi(server.baseUrl, b, password);
    const upload = async (background: string) => {
      const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
        method: 'POST',
        headers: { ...sessionB, 'content-type': 'image/png' },
        body: new Uint8Array(await idPhoto(background)),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    await callApi(
      server.baseUrl,
      '/information/submitAuth',
      {
        realname: 'Jan Janssens',
        documentType: 'be_national_register',
        documentNumber: '85.07.30-033.28',
        frontImageId: await upload('#336699'),
        backImageId: await upload('#993366'),
      },
      sessionB,
    );
    // C: verified, a deposit waiting.
    const c = `32473${stamp}`;
    await register(c);
    const userC = await verifyAndFund({
      baseUrl: server.baseUrl,
      staff,
      account: c,
      password,
      fundPassword: '135790',
      deposit: '100.00',
    });
    await userC('/information/scamCheck', { trigger: 'large_deposit', wasToldByOnlineContact: false });
    const channels = await userC<{ channels: { id: string; currency: string }[] }>('/recharge/channels', {});
    const proof = await (async () => {
      const sessionC = await loginByApi(server.baseUrl, c, password);
      const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
        method: 'POST',
        headers: { ...sessionC, 'content-type': 'image/png' },
        body: new Uint8Array(await idPhoto('#229955')),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    })();
    await userC(
      '/recharge/submit',
      {
        channelId: channels.channels.find((item) => item.currency === 'EUR')?.id,
        amount: '450.00',
        proofImageId: proof,
      },
      { 'idempotency-key': `d-${c}` },
    );
    await userC('/support/send', { body: 'Is my deposit of 450 EUR received?' });
    // C also applies to be a professional client, with two pictures of evidence.
    const evidence = async (background: string) => {
      const sessionC = await loginByApi(server.baseUrl, c, password);
      const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
        method: 'POST',
        headers: { ...sessionC, 'content-type': 'image/png' },
        body: new Uint8Array(await idPhoto(background)),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    await userC('/seatAccount/apply', {
      criteria: ['portfolio', 'experience'],
      evidenceUploadIds: [await evidence('#556677'), await evidence('#775566')],
      statement: 'Portfolio statement of my bank and a letter of my employer, a broker.',
      acknowledgesProtectionsLost: true,
    });
    await staff('/staff/create', {
      username: 'olivia',
      password: staffPassword,
      role: 'admin',
      reason: 'screenshots',
    });

    const admin = await AdminPage.open(browser, server.baseUrl, server.now);
    await admin.page.screenshot({ path: join(outDir, 'sign-in-en.png') });
    await admin.firstSignIn('olivia', staffPassword);
    const screens: [string, string][] = [
      ['identity', '#/queues/identity'],
      ['deposits', '#/queues/deposits'],
      ['withdrawals', '#/queues/withdrawals'],
      ['corrections', '#/queues/corrections'],
      ['professional', '#/queues/professional'],
      ['withdrawal-bars', '#/queues/withdrawalBars'],
      ['escalated-deposits', '#/queues/escalatedDeposits'],
      ['user', `#/users/${a}`],
      ['support', '#/support'],
      ['channels', '#/channels'],
      ['fees', '#/fees'],
      ['reconciliation', '#/reconciliation'],
      ['staff', '#/staff'],
      ['audit', '#/audit'],
      ['account', '#/account'],
    ];
    const { page } = admin;
    for (const language of languages) {
      await page.locator('header select').selectOption(language);
      await page.waitForTimeout(500);
      for (const [name, hash] of screens) {
        await page.goto(`${admin.url}${hash}`);
        // The user's page loads several cards (its trail last): give it longer.
        await page.waitForTimeout(name === 'user' ? 4000 : 1500);
        // The user's page is taller than the window: all of it.
        await page.screenshot({ path: join(outDir, `${name}-${language}.png`), fullPage: name === 'user' });
      }
    }
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.locator('header select').selectOption('en');
    for (const [name, hash] of screens.slice(0, 8)) {
      await page.goto(`${admin.url}${hash}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: join(outDir, `${name}-1024.png`) });
    }
    console.log(`screenshots in ${outDir}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
