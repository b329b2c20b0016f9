import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const record = (id: number, overrides: Record<string, unknown> = {}) => ({
  id: String(id),
  kind: 'deposit',
  memo: '',
  currency: 'EUR',
  amount: '100.00',
  availableChange: '100.00',
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const bodies = (requests: Recorded[]) =>
  requests.filter((request) => request.path === '/fundRecord/list').map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('fund records screen', () => {
  it('asks per tab and page, shows reasons and the available change, and loads more pages', async () => {
    const { server } = renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': (body) => {
        const { tab, page } = body as { tab: string; page: number };
        if (tab !== 'withdrawal') return ok({ total: 0, items: [] });
        const items =
          page === 1
            ? Array.from({ length: 20 }, (_, index) =>
                record(100 - index, {
                  kind: 'hold_reserve',
                  amount: '0.00',
                  availableChange: '-150.00',
                  memo: index === 0 ? 'withdrawal to BE68 **** 7034' : '',
                }),
              )
            : [
                record(70, {
                  kind: 'correction',
                  amount: '-5.00',
                  availableChange: '-5.00',
                  memo: 'fee refund reversed',
                }),
              ];
        return ok({ total: 21, items });
      },
    });
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    fireEvent.click(screen.getByTestId('record-tab-withdrawal'));
    const first = await screen.findByTestId('record-100-EUR');
    expect(first.textContent).toContain('Amount frozen · No. 100');
    expect(first.textContent).toContain('Available: -150.00 €');
    expect(first.textContent).toContain('withdrawal to BE68 **** 7034');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('record-70-EUR')).textContent).toContain('Staff correction');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() =>
      expect(bodies(server.requests)).toEqual([
        { tab: 'all', page: 1, pageSize: 20 },
        { tab: 'withdrawal', page: 1, pageSize: 20 },
        { tab: 'withdrawal', page: 2, pageSize: 20 },
      ]),
    );
  });
});
