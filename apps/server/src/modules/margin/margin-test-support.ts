import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { verifyRecords } from '../../ledger/ledger-record-checks';
import { verifyLedger } from '../../ledger/ledger-verify';
import { queryRows } from '../../ledger/ledger.repository';
import { recordChecks } from '../../record-checks';
import { call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD } from '../withdrawals/withdrawal-test-support';

// Margin fixtures through the API (issue 16): opening the account, buying on margin, and a price
// scenario injected into one node's market service (tests only: a spy on `currentQuote`, never
// reachable in a running server).

export type MarginUser = { token: string; account: string };

export const PASSING_ANSWERS = {
  margin_call: 'add_cash_or_reduce',
  liquidation: 'closed_at_market',
  loss_beyond_deposit: 'yes_debt',
  short_selling: 'unlimited_loss',
  interest: 'daily_on_borrowed',
  recall: 'forced_buy_in',
  leveraged_experience: 'never',
  trade_frequency: 'monthly',
};

export const postData = async (testApp: TestApp, path: string, payload: unknown, user: MarginUser) =>
  (await call(testApp.app, path, payload, user)).json();

export async function openMargin(testApp: TestApp, user: MarginUser) {
  expect((await postData(testApp, '/margin/test', { answers: PASSING_ANSWERS }, user)).status).toBe(1);
  const { data } = await postData(testApp, '/margin/status', { language: 'en' }, user);
  const accepted = await postData(
    testApp,
    '/margin/accept',
    {
      language: 'en',
      disclosureVersion: data.disclosure.version,
      disclosureHash: data.disclosure.hash,
      accepts: true,
    },
    user,
  );
  expect(accepted.data.state).toBe('open');
}

export const placeOrder = async (testApp: TestApp, user: MarginUser, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();

/** What `npm run ledger:verify` reports: the journal's own checks and every entry against its record. */
/**
 * Staff save an instrument's margin and lending settings (back office `/margin/instrumentSave`):
 * the class's margins, lending off, unless `settings` says otherwise. Answers the envelope.
 */
export const saveInstrument = async (
  testApp: TestApp,
  staff: StaffHeaders,
  symbol: string,
  settings: Record<string, unknown> = {},
) =>
  (
    await callAdmin(
      testApp,
      '/margin/instrumentSave',
      {
        symbol,
        notMarginable: false,
        initialBasisPoints: null,
        maintenanceBasisPoints: null,
        lendable: false,
        lendingPaused: false,
        reason: 'securities lending desk',
        ...settings,
      },
      staff,
    )
  ).json();

export const breaches = async (testApp: TestApp) => [
  ...(await verifyLedger(testApp.database.db)).breaches,
  ...(await verifyRecords(testApp.database.db, recordChecks)),
];

/** Marginable EUR instruments of the published parameters: large caps (2.00×) and standard (1.66×). */
export async function marginSymbols(testApp: TestApp, user: MarginUser) {
  const { instruments } = (await postData(testApp, '/margin/parameters', {}, user)).data as {
    instruments: { symbol: string; marginClass: string; currency: string }[];
  };
  const eur = (marginClass: string) =>
    instruments
      .filter((row) => row.marginClass === marginClass && row.currency === 'EUR')
      .map((row) => row.symbol);
  return { largeCaps: eur('large_cap'), standard: eur('standard') };
}

export async function userIdOf(testApp: TestApp, user: MarginUser): Promise<bigint> {
  const rows = await queryRows<{ id: string }>(
    testApp.database.db,
    sql`select id::text as id from users where account = ${user.account}`,
  );
  return BigInt(rows[0]!.id);
}

/**
 * Scales the quotes (last, bid, ask) of the given symbols by percent / 100 on these nodes, from now
 * until `restore()`: the margin side and trading read their prices through `currentQuote`.
 */
export function priceScenario(nodes: readonly TestApp[]) {
  const factors = new Map<string, bigint>();
  const spies = nodes.map((node) => {
    const market = node.app.services.market;
    const original = market.currentQuote.bind(market);
    return vi.spyOn(market, 'currentQuote').mockImplementation(async (symbol: string) => {
      const quote = await original(symbol);
      const percent = factors.get(symbol);
      if (percent === undefined) return quote;
      const scale = (minor: bigint) => (minor * percent) / 100n;
      return {
        ...quote,
        lastMinor: scale(quote.lastMinor),
        openMinor: scale(quote.openMinor),
        highMinor: scale(quote.highMinor),
        lowMinor: scale(quote.lowMinor),
        previousCloseMinor: scale(quote.previousCloseMinor),
        bidMinor: quote.bidMinor === null ? null : scale(quote.bidMinor),
        askMinor: quote.askMinor === null ? null : scale(quote.askMinor),
      };
    });
  });
  return {
    set(symbol: string, percent: bigint) {
      factors.set(symbol, percent);
    },
    clear(symbol: string) {
      factors.delete(symbol);
    },
    restore() {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
