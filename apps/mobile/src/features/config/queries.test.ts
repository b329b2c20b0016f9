import { describe, expect, it, vi } from 'vitest';
import { configEntries, fakeServer, ok } from '../../test/fake-server';
import { configQueries, imageUrl, toSiteConfig } from './queries';

const fetchConfig = () => {
  const queryFn = configQueries.all().queryFn as () => Promise<unknown>;
  return queryFn();
};

describe('site configuration', () => {
  it('reads the list of {name, value}; anything but live is demo', () => {
    expect(toSiteConfig(configEntries('live'))).toMatchObject({
      mode: 'live',
      operatorName: 'Example Bank NV',
    });
    expect(toSiteConfig([{ name: 'mode', value: 'something' }]).mode).toBe('demo');
    expect(toSiteConfig([]).kefu).toBe('');
  });

  it('puts images under /api/', () => {
    expect(imageUrl('static/logo.svg')).toBe('/api/static/logo.svg');
    expect(imageUrl('/static/logo.svg')).toBe('/api/static/logo.svg');
    expect(imageUrl('/api/static/logo.svg')).toBe('/api/static/logo.svg');
    expect(imageUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(imageUrl('')).toBe('');
  });

  it('uses the answer of the call index.html started, once', async () => {
    const server = fakeServer({ '/common/config': () => ok(configEntries('demo')) });
    vi.stubGlobal('fetch', server.fetch);
    (window as { __beursConfig?: unknown }).__beursConfig = Promise.resolve({
      status: 1,
      data: configEntries('live'),
    });
    await expect(fetchConfig()).resolves.toMatchObject({ mode: 'live' });
    expect(server.requests).toEqual([]);
    await expect(fetchConfig()).resolves.toMatchObject({ mode: 'demo' });
    expect(server.requests.map((request) => request.path)).toEqual(['/common/config']);
  });

  it('calls the server itself when the early call failed', async () => {
    const server = fakeServer({ '/common/config': () => ok(configEntries('demo')) });
    vi.stubGlobal('fetch', server.fetch);
    (window as { __beursConfig?: unknown }).__beursConfig = Promise.resolve(null);
    await expect(fetchConfig()).resolves.toMatchObject({ mode: 'demo' });
    expect(server.requests).toHaveLength(1);
  });
});
