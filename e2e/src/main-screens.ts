import type { Page } from 'playwright-core';
import type { AppPage } from '../page-models/app-page';

// Every main screen of the app, as a signed-in user reaches it, for the checks and screenshots that
// go through all of them in every language (issue 13, items 8 and 9).

export const MAIN_SCREENS = [
  '/home/index',
  '/market/index',
  '/market/stockDetail',
  '/favorite/index',
  '/trade/index',
  '/trade/fees',
  '/information/index',
  '/information/wallet',
  '/information/recharge',
  '/information/rechargeChannel',
  '/information/cashOut',
  '/information/exChange',
  '/information/fundRecord',
  '/information/bankList',
  '/information/addBankCard',
  '/information/authInfo',
  '/information/fundPass',
  '/information/securityCenter',
  '/information/loginPass',
  '/information/setting',
  '/information/userInfo',
  '/information/aboutInfo',
  '/information/aboutUs',
  '/information/aboutUs3',
  '/information/creditScore',
] as const;

const SETTLE_MS = 300;

/** Opens a screen and waits until it has drawn (no loading indicator, a moment to settle). */
export async function openScreen(page: Page, app: AppPage, path: string): Promise<void> {
  if (path === '/market/stockDetail') {
    // The detail shows the instrument chosen last (spec: kept under stockDetail).
    await page.evaluate(() =>
      localStorage.setItem(
        'stockDetail',
        JSON.stringify({
          symbol: 'KBC.BR',
          code: 'KBC',
          name: 'KBC Group',
          market: 'frank',
          kind: 'stock',
          currency: 'EUR',
        }),
      ),
    );
  }
  await app.open(path);
  await page.waitForFunction(() => !document.querySelector('.loading, .adm-spin-loading'), null, {
    timeout: 10_000,
  });
  await page.waitForTimeout(SETTLE_MS);
}
