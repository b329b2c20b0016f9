import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '../../features/news/queries';
import { configEntries, ok, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

const items: NewsItem[] = [
  {
    id: '2',
    title: 'Simulated: KBC Group pays a dividend of 1.00 €',
    excerpt: '',
    source: 'simulator',
    publishedAt: '2026-03-02T10:00:00.000Z',
    isSimulated: true,
    symbols: ['KBC.BR'],
  },
  {
    id: '1',
    title: 'Markets close higher',
    excerpt: 'Shares rose.',
    source: 'Fake Markets',
    publishedAt: '2026-03-02T09:00:00.000Z',
    isSimulated: false,
    symbols: [],
  },
];

describe('news screens', () => {
  it('lists news with source, time and the simulated label; tabs and search ask the server', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/home/newsList', {
      '/common/config': () => ok(configEntries('demo')),
      '/news/list': () => ok({ items, nextCursor: null, feeds: 0 }),
    });
    const simulated = await screen.findByTestId('news-2');
    expect(within(simulated).getByText('Simulated')).toBeTruthy();
    expect(screen.getByTestId('news-1').textContent).toMatch(/Fake Markets · 2026\.03\.02 \d\d:00:00/);
    expect(screen.getByTestId('news-no-feeds').textContent).toContain('No news feeds are configured');
    expect(screen.queryByText('This part of Beurs is not available yet.')).toBeNull();

    await user.click(screen.getByTestId('news-tab-stock'));
    await user.type(screen.getByTestId('news-search'), 'KBC');
    await waitFor(() =>
      expect(bodies(server.requests, '/news/list')).toContainEqual({
        tab: 'stock',
        language: 'en',
        query: 'KBC',
      }),
    );
  });

  it('shows one item with its source, its text and the link to the source', async () => {
    renderApp('/home/newsDetail?id=1', {
      '/common/config': () => ok(configEntries('demo')),
      '/news/detail': () =>
        ok({
          ...items[1]!,
          html: '<p>Shares <strong>rose</strong>.</p>',
          link: 'https://news.example/1',
        }),
    });
    expect((await screen.findByTestId('news-html')).innerHTML).toBe('<p>Shares <strong>rose</strong>.</p>');
    expect(screen.getByText(/Source: Fake Markets/)).toBeTruthy();
    expect(screen.getByTestId('news-source-link').textContent).toBe('Read at the source');
  });
});
