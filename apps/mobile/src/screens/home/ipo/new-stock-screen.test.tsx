import { seedCommitment, sha256Hex } from '@beurs/contract/ipo-draw';
import { screen } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// The IPO page in the user's language: the winning rate with the language's decimal separator, and
// the demo offering's missing underwriter (null from the server) as the app's own text.

type Detail = Data<'/ipo/detail'>;
const seed = sha256Hex('new stock screen test');

const detail = (leadUnderwriter: string | null): Detail => ({
  offering: {
    id: '9',
    symbol: 'DEMO1.BR',
    name: 'Demo Listing 1',
    market: 'frank',
    issueMarket: 'Euronext Brussels',
    leadUnderwriter,
    currency: 'EUR',
    issuePrice: '8.0000',
    sharesOffered: '1000',
    minimumQuantity: '100',
    lotSize: '100',
    subscriptionsPerUser: 1,
    feeBasisPoints: 10,
    feeMinimum: '3.00',
    prospectusUrl: 'https://www.fsma.be',
    opensAt: '2026-11-18T09:30:10.000Z',
    closesAt: '2026-11-18T10:00:10.000Z',
    lotteryAt: '2026-11-18T10:05:10.000Z',
    distributionAt: '2026-11-18T10:05:10.000Z',
    listingAt: '2026-11-19T08:00:00.000Z',
    phase: 'drawn',
    seedCommitment: seedCommitment(seed),
    draw: {
      seed,
      drawnAt: '2026-11-18T10:06:00.000Z',
      isOversubscribed: true,
      fullRounds: 0,
      cutoffTicket: null,
      lotsOffered: 10,
      lotsRequested: 25,
      lotsAllocated: 10,
      subscriptionCount: 12,
      winningRatePercent: '40.00',
    },
  },
  subscriptions: [],
  subscriptionsLeft: 0,
});

const open = (leadUnderwriter: string | null) =>
  renderApp('/home/newStock?id=9', {
    '/common/config': () => ok(configEntries('demo')),
    '/ipo/detail': () => ok(detail(leadUnderwriter)),
  });

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});
afterEach(() => changeLanguage('en'));

describe('IPO page', () => {
  it('formats the winning rate and names no underwriter in Dutch', async () => {
    await changeLanguage('nl');
    open(null);
    expect((await screen.findByTestId('ipo-winning-rate')).textContent).toBe('40,00%');
    expect(screen.getByTestId('ipo-lead-underwriter').textContent).toBe('Geen (gesimuleerd)');
  });

  it('puts the French space before the percent sign', async () => {
    await changeLanguage('fr');
    open(null);
    expect((await screen.findByTestId('ipo-winning-rate')).textContent).toBe('40,00\u00a0%');
    expect(screen.getByTestId('ipo-lead-underwriter').textContent).toBe('Aucun (simulé)');
  });

  it("shows a staff offering's underwriter as published", async () => {
    open('KBC Securities');
    expect((await screen.findByTestId('ipo-winning-rate')).textContent).toBe('40.00%');
    expect(screen.getByTestId('ipo-lead-underwriter').textContent).toBe('KBC Securities');
  });
});
