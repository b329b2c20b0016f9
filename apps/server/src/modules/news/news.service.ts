import { DomainError, formatDecimal, NEWS_PAGE_SIZE, type Language } from '@beurs/contract';
import { formatCurrency, formatMoney, loadMessages } from '@beurs/i18n';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { MarketService } from '../market/market.service';
import { fetchFeed, FeedRefused, parseFeed, type FeedItem } from './news-feed';
import * as repository from './news.repository';

// The news centre (issue 14, item 2). A scheduled job (jobs/news-feeds.job.ts) reads each
// configured feed (news-feed.ts: size-limited, sanitised) and stores its new items with the
// instruments they name; in demo mode it also records the simulator's corporate events (dividends
// and splits from 30 days back to 60 days ahead) as notices labelled simulated, whose text is
// rendered in the reader's language. A feed that fails is reported and skipped; the others go on.

export type NewsFeed = { language: Language; category: 'hot' | 'stock'; name: string; url: string };
export type FeedReport = { name: string; inserted: number; error: string | null };

const DAY_MS = 86_400_000;
const SIMULATOR_SOURCE = 'simulator';

export function createNewsService(deps: {
  db: Database;
  clock: Clock;
  market: MarketService;
  feeds: readonly NewsFeed[];
  /** Tests: where feeds are fetched from (the real fetch otherwise). */
  fetcher?: typeof fetch;
  log?: { error(details: object, message: string): void };
}) {
  const { db, clock, market, feeds } = deps;
  const instruments = market.provider.instruments();
  // Tickers of three letters or more as whole words ("KBC", "AAPL"), and full names.
  const matchers = instruments.map((instrument) => {
    const ticker = instrument.symbol.split(/[.-]/)[0] ?? '';
    return {
      symbol: instrument.symbol,
      ticker: ticker.length >= 3 ? new RegExp(`\\b${ticker.replace(/[^A-Z0-9]/gi, '')}\\b`) : null,
      name: instrument.name.toLowerCase(),
    };
  });
  const symbolsIn = (title: string): string[] => {
    const lower = title.toLowerCase();
    return matchers
      .filter(
        (matcher) =>
          matcher.ticker?.test(title) || (matcher.name.length >= 4 && lower.includes(matcher.name)),
      )
      .map((matcher) => matcher.symbol);
  };

  const stored = (feed: NewsFeed, item: FeedItem, now: Date) => {
    const symbols = symbolsIn(item.title);
    return {
      item: {
        source: feed.name,
        language: feed.language,
        category: feed.category === 'stock' || symbols.length > 0 ? ('stock' as const) : ('hot' as const),
        guid: item.guid,
        title: item.title,
        html: item.html,
        excerpt: item.excerpt,
        link: item.link,
        // A date in the future (a feed's clock or a typo) is shown as the fetch time.
        publishedAt: item.publishedAt && item.publishedAt <= now ? item.publishedAt : now,
        fetchedAt: now,
      },
      symbols,
    };
  };

  async function simulatedText(event: repository.SimulatedEvent, language: Language) {
    const texts = (await loadMessages(language)).news.simulated;
    const exDate = event.exDate.replaceAll('-', '.');
    if (event.kind === 'dividend') {
      const amount =
        event.currency === 'EUR' || event.currency === 'USD'
          ? formatCurrency(event.amount, event.currency, language)
          : `${formatMoney(event.amount, language)} ${event.currency}`;
      const values = { name: event.name, symbol: event.symbol, amount, exDate };
      return {
        title: fill(texts.dividendTitle, values),
        html: `<p>${escape(fill(texts.dividendBody, values))}</p>`,
      };
    }
    const values = {
      name: event.name,
      symbol: event.symbol,
      from: String(event.ratioFrom),
      to: String(event.ratioTo),
      exDate,
    };
    return { title: fill(texts.splitTitle, values), html: `<p>${escape(fill(texts.splitBody, values))}</p>` };
  }

  async function present(row: repository.NewsRow, symbols: readonly string[], language: Language) {
    const simulated = row.simulatedEvent ? await simulatedText(row.simulatedEvent, language) : null;
    const title = simulated?.title ?? row.title;
    const html = simulated?.html ?? row.html;
    return {
      id: row.id.toString(),
      title,
      excerpt: simulated ? title : row.excerpt,
      source: row.source,
      publishedAt: row.publishedAt.toISOString(),
      isSimulated: row.simulatedEvent !== null,
      symbols: [...symbols],
      html,
      link: row.link,
    };
  }

  return {
    feedCount: feeds.length,

    /** Reads every configured feed once; a refused or failing feed is reported, the rest go on. */
    async refreshFeeds(): Promise<FeedReport[]> {
      const reports: FeedReport[] = [];
      for (const feed of feeds) {
        try {
          const items = parseFeed(await fetchFeed(feed.url, deps.fetcher));
          const now = clock.now();
          const inserted = await repository.insertItems(
            db,
            items.map((item) => stored(feed, item, now)),
          );
          reports.push({ name: feed.name, inserted, error: null });
        } catch (error) {
          const reason =
            error instanceof FeedRefused ? error.message : error instanceof Error ? error.name : 'failed';
          reports.push({ name: feed.name, inserted: 0, error: reason });
          deps.log?.error({ feed: feed.name, reason }, 'news feed skipped');
        }
      }
      return reports;
    },

    /** Demo mode: the simulator's dividends and splits near now, as notices labelled simulated. */
    async recordSimulatedEvents(): Promise<number> {
      if (!market.isSimulated) return 0;
      const now = clock.now();
      const from = new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
      const to = new Date(now.getTime() + 60 * DAY_MS).toISOString().slice(0, 10);
      const items = instruments.flatMap((instrument) =>
        market.provider
          .corporateActions(instrument.symbol)
          .filter((action) => action.exDate >= from && action.exDate <= to)
          .map((action) => {
            const event: repository.SimulatedEvent =
              action.kind === 'dividend'
                ? {
                    kind: 'dividend',
                    symbol: instrument.symbol,
                    name: instrument.name,
                    exDate: action.exDate,
                    amount: formatDecimal(action.amountMinor, instrument.priceScale),
                    currency: instrument.currency,
                  }
                : {
                    kind: 'split',
                    symbol: instrument.symbol,
                    name: instrument.name,
                    exDate: action.exDate,
                    ratioFrom: action.ratioFrom,
                    ratioTo: action.ratioTo,
                  };
            const announcedAt = new Date(
              Math.min(now.getTime(), Date.parse(`${action.exDate}T00:00:00Z`) - 14 * DAY_MS),
            );
            return {
              item: {
                source: SIMULATOR_SOURCE,
                language: '*',
                category: 'stock' as const,
                guid: `${action.kind}:${instrument.symbol}:${action.exDate}`,
                title: '',
                html: '',
                excerpt: '',
                link: null,
                simulatedEvent: event,
                publishedAt: announcedAt.getTime() < now.getTime() - 30 * DAY_MS ? now : announcedAt,
                fetchedAt: now,
              },
              symbols: [instrument.symbol],
            };
          }),
      );
      return repository.insertItems(db, items);
    },

    async list(input: {
      tab: 'hot' | 'stock';
      language: Language;
      query?: string | undefined;
      symbol?: string | undefined;
      cursor?: string | undefined;
    }) {
      const [ms, id] = input.cursor?.split('.') ?? [];
      const rows = await repository.listItems(db, {
        tab: input.tab,
        language: input.language,
        query: input.query || undefined,
        symbol: input.symbol,
        before: ms && id ? { publishedAt: new Date(Number(ms)), id: BigInt(id) } : undefined,
        limit: NEWS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, NEWS_PAGE_SIZE);
      const symbols = await repository.symbolsOf(
        db,
        page.map((row) => row.id),
      );
      const items = await Promise.all(
        page.map(async (row) => {
          const {
            html: _html,
            link: _link,
            ...item
          } = await present(row, symbols.get(row.id) ?? [], input.language);
          return item;
        }),
      );
      const last = page.at(-1);
      return {
        items,
        nextCursor: rows.length > NEWS_PAGE_SIZE && last ? `${last.publishedAt.getTime()}.${last.id}` : null,
        feeds: feeds.length,
      };
    },

    async detail(id: bigint, language: Language) {
      const row = await repository.findItem(db, id);
      if (!row || (row.language !== '*' && row.language !== language))
        throw new DomainError('NEWS_NOT_FOUND');
      const symbols = await repository.symbolsOf(db, [row.id]);
      return present(row, symbols.get(row.id) ?? [], language);
    },
  };
}

const fill = (template: string, values: Readonly<Record<string, string>>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character,
  );

export type NewsService = ReturnType<typeof createNewsService>;
