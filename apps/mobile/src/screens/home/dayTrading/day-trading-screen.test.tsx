import { screen } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// Day trading (/home/dayTrading): the published rules with the intraday leverage and the
// auto-close minutes, today's intraday P&L (realised + unrealised), the positions opened intraday
// today, and the eligible instruments with the auto-close time in the venue's time (17:15 Brussels
// time is 16:15 UTC in November), in English and Dutch.

type DayTrading = Data<'/margin/dayTrading'>;

const data = (overrides: Partial<DayTrading> = {}): DayTrading => ({
  rules: {
    intradayInitialBasisPoints: 2500,
    intradayLeverageMax: '4.00',
    autoCloseMinutesBeforeClose: 15,
    eligibleClasses: ['large_cap'],
  },
  isMarginOpen: true,
  instruments: [
    {
      symbol: 'ABI.BR',
      code: 'ABI',
      name: 'AB InBev',
      currency: 'EUR',
      leverageMax: '4.00',
      timeZone: 'Europe/Brussels',
      isOpenForDayTrades: true,
      autoCloseAt: '2026-11-20T16:15:00.000Z',
      opensAt: null,
    },
  ],
  positions: [
    {
      symbol: 'ABI.BR',
      name: 'AB InBev',
      currency: 'EUR',
      venueDate: '2026-11-20',
      quantity: '8',
      cost: '480.10',
      autoCloseAt: '2026-11-20T16:15:00.000Z',
      state: 'sold',
      realised: '12.40',
      unrealised: null,
    },
    {
      symbol: 'KBC.BR',
      name: 'KBC Group',
      currency: 'EUR',
      venueDate: '2026-11-20',
      quantity: '6',
      cost: '420.00',
      autoCloseAt: '2026-11-20T16:15:00.000Z',
      state: 'open',
      realised: null,
      unrealised: '-3.20',
    },
  ],
  totals: [{ currency: 'EUR', realised: '12.40', unrealised: '-3.20', total: '9.20' }],
  ...overrides,
});

const handlers = (overrides: Partial<DayTrading> = {}) => ({
  '/common/config': () => ok(configEntries('demo')),
  '/margin/dayTrading': () => ok(data(overrides)),
});

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});
afterEach(async () => {
  await changeLanguage('en');
});

describe('day-trading screen', () => {
  it('shows the rules, today’s intraday P&L, the positions and the auto-close time in the venue’s time', async () => {
    renderApp('/home/dayTrading', handlers());
    const rules = await screen.findByTestId('day-trading-rules');
    expect(rules.textContent).toContain('up to 4.00×');
    expect(rules.textContent).toContain('intraday initial margin 25 %');
    expect(rules.textContent).toContain('15 minutes before the market closes');
    expect(rules.textContent).toContain('tick "Day trade"');
    expect(screen.queryByTestId('day-trading-margin-required')).toBeNull();
    expect(screen.getByTestId('day-trading-total-EUR').textContent).toBe('9.20 €');
    const pnl = screen.getByTestId('day-trading-pnl-EUR').textContent ?? '';
    expect(pnl).toContain('12.40 €');
    expect(pnl).toContain('-3.20 €');
    expect(screen.getByTestId('day-trading-position-ABI.BR').textContent).toContain(
      'Closed at the auto-close',
    );
    expect(screen.getByTestId('day-trading-position-KBC.BR').textContent).toContain(
      'Open until the auto-close',
    );
    const autoClose = screen.getByTestId('day-trading-auto-close-ABI.BR').textContent ?? '';
    expect(autoClose).toContain('17:15');
    expect(screen.getByTestId('day-trading-instrument-ABI.BR').textContent).toContain('4.00×');
  });

  it('says a margin account is needed, and shows no P&L without positions, in Dutch', async () => {
    await changeLanguage('nl');
    renderApp('/home/dayTrading', handlers({ isMarginOpen: false, positions: [], totals: [] }));
    const required = await screen.findByTestId('day-trading-margin-required');
    expect(required.textContent).toContain('margerekening');
    expect(screen.getByText('Vandaag geen posities intraday geopend.')).toBeTruthy();
    expect(screen.getByTestId('day-trading-rules').textContent).toContain('hefboom tot 4.00×');
  });
});
