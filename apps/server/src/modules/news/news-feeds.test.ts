import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { NEWS_FEEDS_PERIOD_MS } from '../../jobs/news-feeds.job';
import { FEED_BYTES_MAX } from './news-feed';

// The news centre (issue 14, item 2) against a local fake feed server: RSS and Atom read, the HTML
// sanitised (no scripts, javascript: links, event handlers or images), and a malicious or broken
// feed (a 50 MB body, invalid XML, entity declarations, a server error) refused without stopping
// the job; per-language feeds, tabs, per-instrument news, search, and the simulator's corporate
// events as notices labelled simulated.

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Markets</title>
<item>
  <guid>kbc-1</guid>
  <title>KBC Group raises its &lt;b&gt;outlook&lt;/b&gt; &amp; dividend</title>
  <link>https://news.example/kbc</link>
  <pubDate>Mon, 02 Mar 2026 08:00:00 GMT</pubDate>
  <description><![CDATA[<p onclick="steal()">Bank results.</p><script>alert('x')</script>
    <a href="javascript:alert(1)">click</a> <a href="https://news.example/more">more</a>
    <img src="http://tracker.example/pixel.gif" onerror="steal()"><iframe src="https://evil.example"></iframe>
    <style>body{display:none}</style>]]></description>
</item>
<item>
  <guid>weather-1</guid>
  <title>Weather: a mild spring</title>
  <link>javascript:alert(2)</link>
  <pubDate>Mon, 02 Mar 2026 07:00:00 GMT</pubDate>
  <description>Nothing about shares.</description>
</item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Beurs NL</title>
<entry>
  <id>urn:nl:1</id>
  <title>Beurs van Brussel sluit hoger</title>
  <link rel="alternate" href="https://nieuws.example/1"/>
  <updated>2026-03-02T09:00:00Z</updated>
  <summary type="html">&lt;p&gt;De BEL 20 steeg.&lt;/p&gt;</summary>
</entry>
</feed>`;

const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><item><guid>x</guid><title>&lol2;</title></item></channel></rss>`;

let server: Server;
let origin = '';
let hugeBytesSent = 0;
let testApp: TestApp;

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/markets.rss':
        response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss);
        return;
      case '/nl.atom':
        response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom);
        return;
      case '/huge.rss': {
        // 50 MB, chunked (no content-length): the reader must stop on its own.
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 50) {
            sent += 1;
            hugeBytesSent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => (sent = 50));
        pump();
        return;
      }
      case '/invalid.rss':
        response.writeHead(200).end('<rss><channel><item><title>broken</title></channel>');
        return;
      case '/laughs.rss':
        response.writeHead(200).end(laughs);
        return;
      default:
        response.writeHead(500).end('down');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  testApp = await buildTestApp({
    config: {
      newsFeeds: [
        { language: 'en', category: 'hot', name: 'Fake Markets', url: `${origin}/markets.rss` },
        { language: 'en', category: 'hot', name: 'Huge', url: `${origin}/huge.rss` },
        { language: 'en', category: 'hot', name: 'Invalid', url: `${origin}/invalid.rss` },
        { language: 'en', category: 'hot', name: 'Laughs', url: `${origin}/laughs.rss` },
        { language: 'en', category: 'hot', name: 'Down', url: `${origin}/down.rss` },
        { language: 'nl', category: 'stock', name: 'Nep Beurs', url: `${origin}/nl.atom` },
      ],
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type User = { token: string; account: string };
type Item = {
  id: string;
  title: string;
  excerpt: string;
  source: string;
  isSimulated: boolean;
  symbols: string[];
};
const list = async (user: User, body: Record<string, unknown>) => {
  const response = await call(testApp.app, '/news/list', body, user);
  expect(response.json().status).toBe(1);
  return response.json().data as { items: Item[]; nextCursor: string | null; feeds: number };
};

describe('news feeds', () => {
  it('reads the good feeds and refuses the bad ones, one by one, without failing the job', async () => {
    const reports = await testApp.app.services.news.refreshFeeds();
    expect(reports).toEqual([
      { name: 'Fake Markets', inserted: 2, error: null },
      { name: 'Huge', inserted: 0, error: `larger than ${FEED_BYTES_MAX} bytes` },
      { name: 'Invalid', inserted: 0, error: expect.stringMatching(/^not well-formed XML/) },
      { name: 'Laughs', inserted: 0, error: 'the document declares a DOCTYPE or entities' },
      { name: 'Down', inserted: 0, error: 'HTTP 500' },
      { name: 'Nep Beurs', inserted: 1, error: null },
    ]);
    // The reader stopped soon after the limit: far from the 50 MB the server would have sent.
    expect(hugeBytesSent).toBeLessThan(20 * 1024 * 1024);
    // The scheduled job runs the same work (and the simulated events) and is not failed by the
    // bad feeds: afterwards everything is recorded already.
    await testApp.app.jobs.runDue(); // the first run of a periodic job is queued one period ahead
    testApp.clock.advance(NEWS_FEEDS_PERIOD_MS);
    await testApp.app.jobs.runDue();
    expect(await testApp.app.services.news.recordSimulatedEvents()).toBe(0);
    expect(await testApp.app.services.news.refreshFeeds()).toContainEqual({
      name: 'Fake Markets',
      inserted: 0,
      error: null,
    });
  });

  it('keeps only safe HTML and http(s) links, with source and time on every item', async () => {
    const user = await signUp(testApp);
    const { feeds } = await list(user, { tab: 'hot', language: 'en' });
    expect(feeds).toBe(6);
    const { items } = await list(user, { tab: 'hot', language: 'en', query: 'a' });
    const kbc = items.find((item) => item.source === 'Fake Markets' && item.symbols.includes('KBC.BR'));
    expect(kbc).toMatchObject({ title: 'KBC Group raises its outlook & dividend', isSimulated: false });
    const detail = (await call(testApp.app, '/news/detail', { id: kbc!.id, language: 'en' }, user)).json()
      .data;
    expect(detail.link).toBe('https://news.example/kbc');
    expect(detail.html).toContain('<p>Bank results.</p>');
    expect(detail.html).toContain('href="https://news.example/more"');
    expect(detail.html).toContain('rel="noopener noreferrer nofollow"');
    for (const unsafe of [
      '<script',
      'javascript:',
      'onclick',
      'onerror',
      '<img',
      'tracker.example',
      '<iframe',
      '<style',
    ]) {
      expect(detail.html).not.toContain(unsafe);
    }
    expect(detail.publishedAt).toBe('2026-03-02T08:00:00.000Z');
    const weather = items.find((item) => item.title === 'Weather: a mild spring');
    const weatherDetail = (
      await call(testApp.app, '/news/detail', { id: weather!.id, language: 'en' }, user)
    ).json();
    expect(weatherDetail.data.link).toBeNull();
  });

  it('per language, per tab, per instrument and by words in the title', async () => {
    const user = await signUp(testApp);
    const english = await list(user, { tab: 'hot', language: 'en' });
    expect(english.items.map((item) => item.source)).not.toContain('Nep Beurs');
    const dutch = await list(user, { tab: 'hot', language: 'nl', query: 'Brussel' });
    expect(dutch.items.map((item) => item.title)).toContain('Beurs van Brussel sluit hoger');
    expect(dutch.items.map((item) => item.source)).not.toContain('Fake Markets');

    const stock = await list(user, { tab: 'stock', language: 'en', query: 'a' });
    expect(stock.items.map((item) => item.title)).toEqual(['KBC Group raises its outlook & dividend']);
    const hot = await list(user, { tab: 'hot', language: 'en', query: 'a' });
    expect(hot.items.map((item) => item.title)).toEqual([
      'KBC Group raises its outlook & dividend',
      'Weather: a mild spring',
    ]);

    const kbc = await list(user, { tab: 'hot', language: 'en', symbol: 'KBC.BR' });
    expect(kbc.items.filter((item) => !item.isSimulated).map((item) => item.title)).toEqual([
      'KBC Group raises its outlook & dividend',
    ]);
    const found = await list(user, { tab: 'hot', language: 'en', query: 'mild' });
    expect(found.items.map((item) => item.title)).toEqual(['Weather: a mild spring']);
    const wildcard = await list(user, { tab: 'hot', language: 'en', query: '%' });
    expect(wildcard.items).toEqual([]);
  });

  it('records the simulator’s corporate events as notices labelled simulated, in the reader’s language', async () => {
    const user = await signUp(testApp);
    const english = await list(user, { tab: 'stock', language: 'en' });
    const simulated = english.items.filter((item) => item.isSimulated);
    expect(simulated.length).toBeGreaterThan(0);
    for (const item of simulated) {
      expect(item.source).toBe('simulator');
      expect(item.title).toMatch(/^Simulated: /);
    }
    const german = await list(user, { tab: 'stock', language: 'de' });
    expect(german.items.filter((item) => item.isSimulated)[0]!.title).toMatch(/^Simuliert: /);
  });

  it('pages with a cursor and refuses an unknown item or another language’s item', async () => {
    const user = await signUp(testApp);
    const first = await list(user, { tab: 'hot', language: 'en' });
    if (first.nextCursor) {
      const second = await list(user, { tab: 'hot', language: 'en', cursor: first.nextCursor });
      expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
    }
    expect(
      (await call(testApp.app, '/news/detail', { id: '999999', language: 'en' }, user)).json().code,
    ).toBe('NEWS_NOT_FOUND');
    const dutch = await list(user, { tab: 'hot', language: 'nl', query: 'Brussel' });
    const nl = dutch.items.find((item) => item.source === 'Nep Beurs')!;
    expect((await call(testApp.app, '/news/detail', { id: nl.id, language: 'en' }, user)).json().code).toBe(
      'NEWS_NOT_FOUND',
    );
    expect(
      (await call(testApp.app, '/news/list', { tab: 'hot', language: 'en', cursor: 'x' }, user)).json().code,
    ).toBe('VALIDATION_FAILED');
  });
});
