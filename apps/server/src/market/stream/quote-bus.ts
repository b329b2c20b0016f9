import { Redis } from 'ioredis';

// How quote updates travel from the node that makes them to every node's clients. In one process
// a direct call; across nodes Redis pub/sub, with one publishing node at a time chosen by a
// Redis lease (SET NX PX, renewed), so a vendor feed is read once and each update arrives once.

export type QuoteUpdate = { symbol: string; json: string };

export interface QuoteBus {
  /** True when this node should turn ticks into published updates. */
  isPublisher(): boolean;
  publish(updates: readonly QuoteUpdate[]): void;
  onUpdates(handler: (updates: QuoteUpdate[]) => void): void;
  close(): Promise<void>;
}

export class LocalQuoteBus implements QuoteBus {
  private handler: ((updates: QuoteUpdate[]) => void) | null = null;
  isPublisher(): boolean {
    return true;
  }
  publish(updates: readonly QuoteUpdate[]): void {
    this.handler?.([...updates]);
  }
  onUpdates(handler: (updates: QuoteUpdate[]) => void): void {
    this.handler = handler;
  }
  async close(): Promise<void> {
    this.handler = null;
  }
}

const CHANNEL = 'beurs:market:quotes';
const LEASE_KEY = 'beurs:market:publisher';
const RENEW_LEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0`;

export class RedisQuoteBus implements QuoteBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly nodeId: string;
  private readonly leaseMs: number;
  private readonly timer: NodeJS.Timeout;
  private holdsLease = false;
  private handler: ((updates: QuoteUpdate[]) => void) | null = null;

  constructor(options: { url: string; nodeId: string; leaseMs?: number }) {
    this.nodeId = options.nodeId;
    this.leaseMs = options.leaseMs ?? 5_000;
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(options.url);
    this.subscriber.on('message', (_channel: string, message: string) => this.handler?.(decode(message)));
    this.timer = setInterval(() => void this.renewLease(), this.leaseMs / 3);
    this.timer.unref();
  }

  /** Subscribes and takes part in the first lease round; resolves when ready to deliver. */
  async ready(): Promise<void> {
    await this.subscriber.subscribe(CHANNEL);
    await this.renewLease();
  }

  isPublisher(): boolean {
    return this.holdsLease;
  }

  publish(updates: readonly QuoteUpdate[]): void {
    if (updates.length > 0) void this.publisher.publish(CHANNEL, encode(updates)).catch(() => undefined);
  }

  onUpdates(handler: (updates: QuoteUpdate[]) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.handler = null;
    if (this.holdsLease) {
      await this.publisher
        .eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
          1,
          LEASE_KEY,
          this.nodeId,
        )
        .catch(() => undefined);
    }
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  private async renewLease(): Promise<void> {
    try {
      const result = await this.publisher.eval(RENEW_LEASE, 1, LEASE_KEY, this.nodeId, String(this.leaseMs));
      this.holdsLease = result === 1;
    } catch {
      this.holdsLease = false;
    }
  }
}

/** One line per update: the symbol, a tab, the quote's JSON (which holds no raw newline or tab). */
function encode(updates: readonly QuoteUpdate[]): string {
  return updates.map(({ symbol, json }) => `${symbol}\t${json}`).join('\n');
}

function decode(message: string): QuoteUpdate[] {
  return message.split('\n').flatMap((line) => {
    const tab = line.indexOf('\t');
    return tab > 0 ? [{ symbol: line.slice(0, tab), json: line.slice(tab + 1) }] : [];
  });
}
