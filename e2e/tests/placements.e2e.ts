import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadMessages, type Messages } from '@beurs/i18n';
import type { Page } from 'playwright-core';
import { startFundedPhone } from '../scripts/funded-user';
import type { AppPage } from '../page-models/app-page';
import { TradePage } from '../page-models/trade-page';

// Issue 17 item 4 in Chromium, at the phone viewport: staff publish a placement (block trade) of
// KBC.BR at a fixed 10.00 EUR, 200 shares in lots of 100; a newcomer requests 300 in the app and
// sees exactly what is frozen before confirming, then the money frozen at once. The server's clock
// is moved past the close (a restart with CLOCK_START, as every e2e file moves time) and the
// allocation job runs: 200 shares allocated (the whole block, pro rata to the only request), paid
// from the frozen money and the rest released; the allocation is a holding, and the positions tab
// 'subscription' lists the request as allocated.

const TIMEOUT_MS = 15_000;
const ALLOCATION_TIMEOUT_MS = 100_000;
const MINUTE = 60_000;
const SHOTS = 'test-results/placements';

type Placement = { id: string; closesAt: string };

let session: Awaited<ReturnType<typeof startFundedPhone>>;
let page: Page;
let app: AppPage;
let trade: TradePage;
let messages: Messages;
let placement: Placement;

const shoot = async (name: string) => {
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const cents = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

describe('a newcomer requests shares of a placement', () => {
  before(async () => {
    // No demo placement: the staff member's placement is the only one on the screens.
    session = await startFundedPhone({
      accountPrefix: '32478',
      deposit: '5000.00',
      serverEnv: { DEMO_PLACEMENT: 'off' },
    });
    ({ page, app } = session);
    messages = await loadMessages('en');
    trade = new TradePage(page, session.server.baseUrl, 'en', messages);
    const now = session.server.now().getTime();
    placement = await session.staff<Placement>('/placement/create', {
      symbol: 'KBC.BR',
      name: 'KBC Group block',
      price: '10.0000',
      blockQuantity: '200',
      lotSize: '100',
      minimumQuantity: '100',
      dailyLimit: '500',
      feeBasisPoints: 10,
      feeMinimum: '2.00',
      opensAt: new Date(now - MINUTE).toISOString(),
      closesAt: new Date(now + 30 * MINUTE).toISOString(),
      reason: 'block agreed with the seller',
    });
  });

  after(async () => {
    await session?.close();
  });

  it('finds it from the home screen, sees what is frozen, and requests 300 shares with the money frozen at once', async () => {
    await app.open('/home/index');
    await page.getByTestId('home-block-trade').getByRole('link').click();
    await page.getByTestId(`placement-${placement.id}`).click();
    await page
      .getByTestId('placement-phase')
      .filter({ hasText: messages.placement.phases.open })
      .waitFor({ timeout: TIMEOUT_MS });
    await shoot('placement-detail-en');
    await page.getByTestId('placement-subscribe').click();
    await page.getByTestId('placement-quantity').fill('300');
    await page.getByTestId('placement-preview').click();
    const total = await page.getByTestId('placement-preview-total').innerText();
    // 300 × 10.00 EUR + fee 0.10 % (3.00 EUR, above the 2.00 minimum).
    assert.equal(cents(total), 300_300n);
    await shoot('placement-ticket-en');
    await page.getByTestId('placement-confirm').click();
    const frozen = page.getByTestId('placement-sub-frozen');
    await frozen.waitFor({ timeout: TIMEOUT_MS });
    assert.equal(cents(await frozen.innerText()), 300_300n);
    await page
      .getByTestId('placement-sub-state')
      .filter({ hasText: messages.placement.states.requested })
      .waitFor({ timeout: TIMEOUT_MS });
    await app.open('/information/index');
    await page
      .getByTestId('balance-EUR-frozen')
      .filter({ hasText: '3,003.00' })
      .waitFor({ timeout: TIMEOUT_MS });
  });

  it('after the close the block is allocated: 200 shares paid from the frozen money, the rest released', async () => {
    await session.server.restart({}, { clockStart: new Date(Date.parse(placement.closesAt) + 30_000) });
    const state = page.getByTestId('placement-sub-state');
    const allocated = messages.placement.states.allocated.replace('{{quantity}}', '200');
    const deadline = Date.now() + ALLOCATION_TIMEOUT_MS;
    for (;;) {
      // Another screen first: the placement's page fetches it again when it opens.
      await app.open('/home/blockTrade');
      await app.open(`/home/newStock2?id=${placement.id}`);
      await state.waitFor({ timeout: TIMEOUT_MS });
      if ((await state.innerText()) === allocated) break;
      if (Date.now() >= deadline) {
        assert.fail(`the allocation did not show: ${JSON.stringify(await state.textContent())}`);
      }
      await page.waitForTimeout(5_000);
    }
    // 200 × 10.00 EUR + the 2.00 EUR minimum fee paid; 3,003.00 − 2,002.00 released.
    assert.equal(cents(await page.getByTestId('placement-sub-paid').innerText()), 200_200n);
    assert.equal(cents(await page.getByTestId('placement-sub-released').innerText()), 100_100n);
    await shoot('placement-allocated-en');
    await app.open('/information/index');
    await page.getByTestId('balance-EUR-frozen').filter({ hasText: '0.00' }).waitFor({ timeout: TIMEOUT_MS });
    await app.open('/trade/index');
    await trade
      .positionCard('KBC')
      .getByTestId('position-quantity')
      .filter({ hasText: /^200$/ })
      .waitFor({ timeout: TIMEOUT_MS });
    await page.getByTestId('trade-tab-subscription').click();
    await page
      .getByTestId('placement-sub-state')
      .filter({ hasText: allocated })
      .waitFor({ timeout: TIMEOUT_MS });
    await shoot('placement-positions-subscription-en');
  });
});
