import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data } from '../../../test/fake-server';
import { orderPage, positionPage } from '../../../test/trade-fixtures';
import { renderApp } from '../../../test/render-app';

// Copy-following (/home/fllow): the list, a strategy's page with its track record from its own NAVs
// (never an expected return), the past 1-year returns with the warning, fees, the next NAV and
// the notice period; following sends the amount with an idempotency key; the positions tab
// 'subscription' lists the strategy units and requests.

type Detail = Data<'/strategy/detail'>;
type Strategy = Detail['strategy'];

const strategy = (overrides: Partial<Strategy> = {}): Strategy => ({
  id: '1',
  code: 'BAL6040',
  name: '60/40 world and Belgium ETF rebalance',
  rule: 'fixed_weights',
  ruleParameters: { weights: [6000, 4000], lookback: null, top: null },
  symbols: ['IWDA.AS', 'BEL.BR'],
  currency: 'EUR',
  nav: '10.123456',
  navDate: '2026-11-24',
  size: '1500.00',
  units: '148.1722',
  inceptionDate: '2026-11-23',
  strikeTime: '16:00',
  nextStrikeAt: '2026-11-25T15:00:00.000Z',
  noticeDays: 2,
  minimumFollow: '100.00',
  fees: { managementBasisPoints: 100, performanceBasisPoints: 1000, highWaterMark: '10.123456' },
  closedAt: null,
  metrics: {
    observations: 300,
    returnSinceInception: 0.0123,
    returnPerYear: 0.0104,
    maxDrawdown: 0.0851,
    volatility: 0.1342,
    riskClass: 4,
    scenarios: { worst: -0.071, median: 0.0302, best: 0.112 },
  },
  ...overrides,
});

const request: Detail['requests'][number] = {
  id: '5',
  strategyId: '1',
  code: 'BAL6040',
  name: '60/40 world and Belgium ETF rebalance',
  kind: 'follow',
  state: 'settled',
  currency: 'EUR',
  amount: '1000.00',
  units: '100.0000',
  nav: '10.000000',
  paid: null,
  eligibleAt: '2026-11-23T10:00:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  settledAt: '2026-11-23T15:01:00.000Z',
};

const holding: NonNullable<Detail['holding']> = {
  strategyId: '1',
  code: 'BAL6040',
  name: '60/40 world and Belgium ETF rebalance',
  currency: 'EUR',
  units: '100.0000',
  unitsRedeeming: '0.0000',
  nav: '10.123456',
  value: '1012.34',
  cost: '1000.00',
  pnl: '12.34',
};

const detail = (overrides: Partial<Strategy> = {}): Detail => ({
  strategy: strategy(overrides),
  navHistory: [
    { date: '2026-11-23', nav: '10.000000' },
    { date: '2026-11-24', nav: '10.123456' },
  ],
  holding,
  requests: [request],
});

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});
afterEach(async () => {
  await changeLanguage('en');
});

const handlers = (overrides: Partial<Strategy> = {}) => ({
  '/common/config': () => ok(configEntries('demo')),
  '/strategy/list': () => ok({ items: [strategy(overrides)] }),
  '/strategy/detail': () => ok(detail(overrides)),
  '/strategy/follow': (body: unknown) => {
    const { amount } = body as { amount: string };
    return ok({
      ...request,
      id: '6',
      state: 'pending' as const,
      amount,
      units: null,
      nav: null,
      settledAt: null,
    });
  },
});

describe('copy-following screens', () => {
  it('lists the strategies with their NAV, size and risk class', async () => {
    renderApp('/home/fllow', handlers());
    const item = await screen.findByTestId('strategy-BAL6040');
    expect(item.textContent).toContain('60/40 world and Belgium ETF rebalance');
    expect(item.textContent).toContain('10.123456 €');
    expect(item.textContent).toContain('1,500.00 €');
    expect(item.textContent).toContain('4 of 7');
  });

  it('shows the track record, the past returns with the warning, fees, next NAV and notice; no expected return', async () => {
    renderApp('/home/fllow?id=1', handlers());
    const metrics = await screen.findByTestId('strategy-metrics');
    expect(metrics.textContent).toContain('1.04%');
    expect(metrics.textContent).toContain('8.51%');
    expect(metrics.textContent).toContain('13.42%');
    expect(screen.getByTestId('strategy-risk').textContent).toBe('4 of 7');
    const scenarios = screen.getByTestId('strategy-scenarios').textContent ?? '';
    expect(scenarios).toContain('-7.10%');
    expect(scenarios).toContain('3.02%');
    expect(scenarios).toContain('11.20%');
    expect(screen.getByTestId('strategy-warning').textContent).toBe(
      'Past results do not predict future ones. No return is promised.',
    );
    expect(screen.getByTestId('strategy-notice').textContent).toBe('2 days before a redemption is priced');
    expect(screen.getByTestId('strategy-next-nav').textContent).not.toBe('');
    expect(screen.getByTestId('strategy-fees').textContent).toContain('1% a year');
    expect(screen.getByTestId('strategy-chart').querySelector('svg')?.getAttribute('data-points')).toBe('2');
    expect(screen.getByTestId('strategy-holding-value').textContent).toBe('1,012.34 €');
    expect(screen.getByTestId('strategy-holding-pnl').textContent).toBe('12.34 €');
    expect(document.body.textContent).not.toMatch(/expected/i);
  });

  it('says each rule with the parameters it was published with', async () => {
    const { unmount } = renderApp('/home/fllow?id=1', handlers());
    expect((await screen.findByTestId('strategy-rule')).textContent).toBe(
      'Holds 60% IWDA.AS, 40% BEL.BR of the invested part, traded back to those weights at each daily run.',
    );
    unmount();
    const momentum = {
      rule: 'momentum_top' as const,
      ruleParameters: { weights: null, lookback: 15, top: 3 },
      symbols: ['A.BR', 'B.BR', 'C.BR', 'D.BR'],
    };
    const second = renderApp('/home/fllow?id=1', handlers(momentum));
    expect((await screen.findByTestId('strategy-rule')).textContent).toBe(
      'Holds, in equal parts, the 3 of its 4 shares whose price rose most over its last 15 daily prices (only shares that rose); the rest stays in cash.',
    );
    second.unmount();
    await changeLanguage('nl');
    renderApp(
      '/home/fllow?id=1',
      handlers({ ruleParameters: { weights: [6250, 3750], lookback: null, top: null } }),
    );
    expect((await screen.findByTestId('strategy-rule')).textContent).toContain(
      '62,50 % IWDA.AS, 37,50 % BEL.BR',
    );
  });

  it('follows with the amount and an idempotency key; the request waits for the next NAV', async () => {
    const { server } = renderApp('/home/fllow?id=1', handlers());
    const amount = await screen.findByTestId('strategy-amount');
    fireEvent.change(amount.querySelector('input') ?? amount, { target: { value: '250.00' } });
    fireEvent.click(screen.getByTestId('strategy-follow'));
    await waitFor(() => expect(server.requests.some((item) => item.path === '/strategy/follow')).toBe(true));
    const sent = server.requests.find((item) => item.path === '/strategy/follow')!;
    expect(sent.body).toEqual({ id: '1', amount: '250.00' });
    expect(sent.headers['idempotency-key']).toMatch(/^[\w.:-]{8,100}$/);
  });

  it('a closed strategy shows no follow form and says redemptions stay possible', async () => {
    renderApp('/home/fllow?id=1', handlers({ closedAt: '2026-11-24T12:00:00.000Z', nextStrikeAt: null }));
    await screen.findByTestId('strategy-detail');
    expect(screen.queryByTestId('strategy-follow-form')).toBeNull();
    expect(screen.getByTestId('strategy-redeem-form')).toBeTruthy();
    expect(screen.getByText(/You can still redeem/)).toBeTruthy();
  });

  it('in Dutch, with the language’s number format', async () => {
    await changeLanguage('nl');
    renderApp('/home/fllow?id=1', handlers());
    expect((await screen.findByTestId('strategy-warning')).textContent).toContain(
      'Resultaten uit het verleden voorspellen de toekomst niet',
    );
    expect(screen.getByTestId('strategy-holding-value').textContent).toBe('1.012,34 €');
  });

  it('names a published strategy in the reader’s language, a staff-created one as staff named it', async () => {
    await changeLanguage('nl');
    const { unmount } = renderApp('/home/fllow', handlers());
    expect((await screen.findByTestId('strategy-BAL6040')).textContent).toContain(
      'Herbalancering 60/40 wereld- en België-ETF',
    );
    unmount();
    renderApp('/home/fllow', handlers({ code: 'DIVBR', name: 'Dividendkampioenen Brussel' }));
    expect((await screen.findByTestId('strategy-DIVBR')).textContent).toContain('Dividendkampioenen Brussel');
  });

  it("the positions tab 'subscription' lists the strategy units and requests", async () => {
    renderApp('/trade/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/trade/positions': () => ok(positionPage([])),
      '/trade/orders': () => ok(orderPage([])),
      '/fundRecord/list': () => ok({ total: 0, items: [] }),
      '/ipo/subscriptions': () => ok({ total: 0, items: [] }),
      '/placement/subscriptions': () => ok({ total: 0, items: [] }),
      '/strategy/mine': () => ok({ holdings: [holding], requests: { total: 1, items: [request] } }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Subscription' }));
    expect((await screen.findByTestId('strategy-holding-units')).textContent).toBe('100.0000');
    expect(screen.getByTestId('strategy-request-5').textContent).toContain('Settled');
  });
});
