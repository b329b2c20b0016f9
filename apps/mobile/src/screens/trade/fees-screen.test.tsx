import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { feesFixture } from '../../test/trade-fixtures';

const rows = (element: HTMLElement) =>
  [...element.querySelectorAll('.summary-row')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ]);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('fees screen', () => {
  it('shows the published fee schedule, TOB rates with caps, and each market’s terms', async () => {
    const { server } = renderApp('/trade/fees', {
      '/common/config': () => ok(configEntries('demo')),
      '/trade/fees': () => ok(feesFixture()),
    });
    expect(rows(await screen.findByTestId('fee-schedule'))).toEqual([
      ['Shares and ETFs', '0.10 %, minimum 2.50 € / $2.50'],
      ['Crypto', '0.50 %, minimum $1.00'],
    ]);
    expect(rows(screen.getByTestId('tob-rates'))).toEqual([
      ['Shares', '0.35 %, at most 1,600.00 €'],
      ['Distributing or EEA funds and ETFs, bonds', '0.12 %, at most 1,300.00 €'],
      ['Accumulating funds and ETFs', '1.32 %, at most 4,000.00 €'],
    ]);
    expect(rows(screen.getByTestId('fees-other'))).toEqual([
      ['Currency conversion spread', '0.50 %'],
      ['Extra frozen for a pending market buy', '5.00 %'],
    ]);
    const etf = screen.getByTestId('fees-market-ETF-BEL');
    expect(within(etf).getByText('Sell lock: 30 minutes after buying')).toBeTruthy();
    expect(
      within(etf).getByText(
        'TOB classes: Distributing or EEA funds and ETFs, bonds, Accumulating funds and ETFs',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('fees-market-crypto')).getByText('sale proceeds withdrawable at T+0'),
    ).toBeTruthy();
    expect(server.requests.some((request) => request.path === '/trade/fees')).toBe(true);
  });

  it('is linked from About', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/information/aboutInfo', {
      '/common/config': () => ok(configEntries('demo')),
      '/trade/fees': () => ok(feesFixture()),
    });
    await user.click(await screen.findByTestId('menu-fees'));
    expect(router.state.location.pathname).toBe('/trade/fees');
    expect(await screen.findByTestId('fee-schedule')).toBeTruthy();
  });
});
