// Phone-sized screenshots of the deposit channel list, the deposit form with a channel preselected
// and the verification screen with the submitted ID photos, in a few languages.
// Usage: npm run build -w @beurs/mobile && npx tsx e2e/scripts/deposit-identity-screenshots.ts [out-dir]
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { callApi, loginByApi } from '../src/api';
import { launchChromium, newPhoneContext } from '../src/browser';
import { startServer } from '../src/server';
import { AppPage } from '../page-models/app-page';

const outDir = process.argv[2] ?? 'test-results/deposit-identity-screenshots';
const languages = (process.env.LANGUAGES ?? 'en,nl').split(',');
const staffPassword = 'shots-staff-password-1';

const sharp = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'sharp',
) as (options: { create: { width: number; height: number; channels: 3; background: string } }) => {
  png: () => { toBuffer: () => Promise<Buffer> };
};

const photo = (background: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background } })
    .png()
    .toBuffer();

async function main() {
  await mkdir(outDir, { recursive: true });
  const server = await startServer({ INITIAL_STAFF_PASSWORD: staffPassword });
  const browser = await launchChromium();
  const staff = async (path: string, body: unknown) => {
    const login = await fetch(`${server.baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: staffPassword }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const response = await fetch(`${server.baseUrl}/api/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'staff-token': token },
      body: JSON.stringify(body),
    });
    console.log(path, (await response.text()).slice(0, 120));
  };
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
      kind: 'institutional',
      name: 'Institutional account',
      currency: 'EUR',
      collectionAccount: 'BE68539007547034',
      beneficiaryName: 'Beurs Demo NV',
      minimum: '1000.00',
      maximum: null,
    });
    await staff('/deposit-channels/save', {
      ...channel,
      kind: 'crypto',
      name: 'Bitcoin',
      currency: 'USD',
      collectionAccount: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      beneficiaryName: 'Beurs Demo NV',
      minimum: '50.00',
      maximum: '20000.00',
    });

    const page = await (await newPhoneContext(browser)).newPage();
    const app = new AppPage(page, server.baseUrl);
    const account = `3247${Date.now().toString().slice(-7)}`;
    await app.open('/login/start');
    await app.register(account, 'secret123', server.invitationCode);
    await app.login(account, 'secret123');
    await app.expectHome(account);
    const session = await loginByApi(server.baseUrl, account, 'secret123');
    const upload = async (background: string) => {
      const response = await fetch(`${server.baseUrl}/api/vue/upload/image`, {
        method: 'POST',
        headers: { token: session.token, account: session.account, 'content-type': 'image/png' },
        body: new Uint8Array(await photo(background)),
      });
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const submitted = await callApi(
      server.baseUrl,
      '/information/submitAuth',
      {
        realname: 'An Peeters',
        documentType: 'be_national_register',
        documentNumber: '85.01.01-123.87',
        frontImageId: await upload('#336699'),
        backImageId: await upload('#993366'),
      },
      session,
    );
    console.log('submitAuth', JSON.stringify(submitted.body).slice(0, 200));

    for (const language of languages) {
      await app.setLanguage(language);
      for (const [name, path] of [
        ['rechargeChannel', '/information/rechargeChannel'],
        ['recharge-preselected', '/information/recharge?channel=2'],
        ['authInfo-review', '/information/authInfo'],
      ] as const) {
        await app.open(path);
        await page.waitForTimeout(1000);
        await page.screenshot({ path: join(outDir, `${name}-${language}.png`) });
        await page.screenshot({ path: join(outDir, `${name}-full-${language}.png`), fullPage: true });
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
