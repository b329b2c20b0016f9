import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sanitizeHtml from 'sanitize-html';

// Reading one RSS 2.0 or Atom feed safely: the body is read up to a size limit and refused past it;
// a document with a DOCTYPE (entity declarations) or that is not well-formed XML is refused; each
// item's HTML keeps only a small set of text tags and links to http(s) (no scripts, styles, event
// handlers, images, frames or forms), and its title is plain text. A refusal says why; the caller
// records it and goes on with the next feed.

export const FEED_BYTES_MAX = 2 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
const TITLE_LENGTH_MAX = 300;
const HTML_LENGTH_MAX = 20_000;
const EXCERPT_LENGTH = 200;

export class FeedRefused extends Error {}

export type FeedItem = {
  guid: string;
  title: string;
  html: string;
  excerpt: string;
  link: string | null;
  publishedAt: Date | null;
};

const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};
const NO_TAGS: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
/** Text without any markup (sanitize-html escapes what remains; undo that for plain text). */
export const plainText = (html: string): string =>
  sanitizeHtml(html, NO_TAGS)
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();

export const safeHtml = (html: string): string => sanitizeHtml(html.slice(0, HTML_LENGTH_MAX * 2), SAFE_HTML);

const httpUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** A node's text: a string, or fast-xml-parser's `{ '#text': … }` when the element has attributes. */
const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && '#text' in node)
    return textOf((node as { '#text': unknown })['#text']);
  return '';
};
const asArray = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);
const dateOf = (text: string): Date | null => {
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time) : null;
};

function item(
  guid: string,
  title: string,
  html: string,
  link: string | null,
  published: string,
): FeedItem | null {
  const cleanTitle = plainText(title).slice(0, TITLE_LENGTH_MAX);
  const cleanHtml = safeHtml(html).slice(0, HTML_LENGTH_MAX);
  const id = guid.trim() || link || cleanTitle;
  if (!cleanTitle || !id) return null;
  const excerpt = plainText(cleanHtml);
  return {
    guid: id.slice(0, 500),
    title: cleanTitle,
    html: cleanHtml,
    excerpt: excerpt.length > EXCERPT_LENGTH ? `${excerpt.slice(0, EXCERPT_LENGTH - 1)}…` : excerpt,
    link,
    publishedAt: dateOf(published),
  };
}

/** The items of an RSS 2.0 or Atom document; FeedRefused when it is neither or not safe to read. */
export function parseFeed(xml: string): FeedItem[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new FeedRefused('the document declares a DOCTYPE or entities');
  const validation = XMLValidator.validate(xml);
  if (validation !== true) throw new FeedRefused(`not well-formed XML: ${validation.err.msg}`);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', processEntities: true });
  const document = parser.parse(xml) as Record<string, unknown>;
  const rss = document.rss as { channel?: { item?: unknown } } | undefined;
  if (rss?.channel) {
    return asArray(rss.channel.item).flatMap((raw) => {
      const node = raw as Record<string, unknown>;
      const link = httpUrl(textOf(node.link));
      const parsed = item(
        textOf(node.guid),
        textOf(node.title),
        textOf(node['content:encoded']) || textOf(node.description),
        link,
        textOf(node.pubDate) || textOf(node['dc:date']),
      );
      return parsed ? [parsed] : [];
    });
  }
  const feed = document.feed as { entry?: unknown } | undefined;
  if (feed) {
    return asArray(feed.entry).flatMap((raw) => {
      const node = raw as Record<string, unknown>;
      const links = asArray(node.link) as Array<Record<string, unknown>>;
      const alternate = links.find((entry) => (entry['@_rel'] ?? 'alternate') === 'alternate') ?? links[0];
      const parsed = item(
        textOf(node.id),
        textOf(node.title),
        textOf(node.content) || textOf(node.summary),
        httpUrl(alternate?.['@_href']),
        textOf(node.published) || textOf(node.updated),
      );
      return parsed ? [parsed] : [];
    });
  }
  throw new FeedRefused('neither an RSS 2.0 nor an Atom document');
}

/** GETs a feed, reading at most FEED_BYTES_MAX (refused beyond, without reading the rest). */
export async function fetchFeed(url: string, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(url, {
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' },
  });
  if (!response.ok || !response.body) throw new FeedRefused(`HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > FEED_BYTES_MAX) {
    await response.body.cancel();
    throw new FeedRefused(`larger than ${FEED_BYTES_MAX} bytes (${declared} declared)`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FEED_BYTES_MAX) {
      await reader.cancel();
      throw new FeedRefused(`larger than ${FEED_BYTES_MAX} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
