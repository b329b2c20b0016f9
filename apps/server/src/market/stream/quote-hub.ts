import {
  STREAM_LIMITS,
  streamClientMessage,
  type ErrorCode,
  type QuoteData,
  type StreamServerMessage,
} from '@beurs/contract';
import type { RawData, WebSocket } from 'ws';
import type { Clock } from '../../core/clock';

// In-process fan-out of quotes to WebSocket clients. Each client follows at most
// `symbolsPerClient` symbols; a client that sends garbage, floods, or reads too slowly is refused,
// capped or cut off on its own, and the others never wait for it: updates for a slow client are
// dropped (the next one carries the newest price), never queued without bound.
//
// One client address may hold at most `connectionsPerAddress` sockets at once (market data needs no
// session, so nothing else stops one address from opening thousands, each allowed 8 MB of unsent
// bytes). The count is per hub, so per node: with several nodes behind a load balancer an address
// may hold that many on each node, which is enough to keep one address from exhausting a node.
// A socket over the cap is closed at once with 1008 and the reason STREAM_CONNECTION_LIMIT, and no
// message: the mobile client resets its reconnect backoff only when the server has said something,
// so refused sockets make it wait longer each time (1 s, 2 s … 30 s) instead of retrying in a loop.

export type HubLimits = {
  symbolsPerClient: number;
  messagesPerSecond: number;
  invalidMessagesMax: number;
  heartbeatMs: number;
  /** Sockets one client address may hold open at once (STREAM_CONNECTIONS_PER_ADDRESS). */
  connectionsPerAddress: number;
  /** Above this many unsent bytes a client's updates are skipped. */
  slowClientBytes: number;
  /** Above this many unsent bytes a client is disconnected. */
  deadClientBytes: number;
};

export const defaultHubLimits: HubLimits = {
  symbolsPerClient: STREAM_LIMITS.symbolsPerClient,
  messagesPerSecond: STREAM_LIMITS.messagesPerSecond,
  invalidMessagesMax: STREAM_LIMITS.invalidMessagesMax,
  heartbeatMs: STREAM_LIMITS.heartbeatMs,
  connectionsPerAddress: 20,
  slowClientBytes: 1 << 20,
  deadClientBytes: 8 << 20,
};

export type HubDeps = {
  clock: Clock;
  isKnownSymbol(symbol: string): boolean;
  /** Current quotes for newly subscribed symbols, sent at once so a client never waits a tick. */
  snapshot(symbols: readonly string[]): Promise<QuoteData[]>;
  limits?: Partial<HubLimits>;
};

type Update = { id: number; encoded: Buffer };

type Client = {
  socket: WebSocket;
  address: string;
  symbols: Set<string>;
  pending: Update[];
  invalidMessages: number;
  windowStartMs: number;
  windowMessages: number;
  isAlive: boolean;
};

const POLICY_VIOLATION = 1008;
/** Close reason for a socket over the per-address cap (a close reason only, never an error message). */
export const CONNECTION_LIMIT_REASON: ErrorCode = 'STREAM_CONNECTION_LIMIT';

export class QuoteHub {
  private readonly deps: HubDeps;
  private readonly limits: HubLimits;
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly dirty = new Set<Client>();
  private readonly connectionsByAddress = new Map<string, number>();
  private flushScheduled = false;
  private nextUpdateId = 0;
  private readonly heartbeat: NodeJS.Timeout;
  droppedUpdates = 0;
  refusedConnections = 0;

  constructor(deps: HubDeps) {
    this.deps = deps;
    this.limits = { ...defaultHubLimits, ...deps.limits };
    this.heartbeat = setInterval(() => this.beat(), this.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Open sockets of one client address. */
  connectionsOf(address: string): number {
    return this.connectionsByAddress.get(address) ?? 0;
  }

  /**
   * Serves a new socket from `address` (the request's client address, which honours TRUST_PROXY
   * like the HTTP rate limits), or closes it when that address already holds its share. Returns
   * whether the socket was accepted.
   */
  connect(socket: WebSocket, address: string): boolean {
    const held = this.connectionsOf(address);
    if (held >= this.limits.connectionsPerAddress) {
      this.refusedConnections += 1;
      socket.on('error', () => socket.terminate());
      socket.close(POLICY_VIOLATION, CONNECTION_LIMIT_REASON);
      return false;
    }
    this.connectionsByAddress.set(address, held + 1);
    const client: Client = {
      socket,
      address,
      symbols: new Set(),
      pending: [],
      invalidMessages: 0,
      windowStartMs: 0,
      windowMessages: 0,
      isAlive: true,
    };
    this.clients.add(client);
    socket.on('message', (data: RawData, isBinary: boolean) => void this.receive(client, data, isBinary));
    socket.on('pong', () => (client.isAlive = true));
    socket.on('close', () => this.disconnect(client));
    socket.on('error', () => socket.terminate());
    // A socket already closed when it arrives emits no further 'close': free its slot now.
    if (socket.readyState === socket.CLOSED) this.disconnect(client);
    return true;
  }

  /** Queues quote updates (already JSON) for every client following their symbols. */
  deliver(updates: readonly { symbol: string; json: string }[]): void {
    for (const { symbol, json } of updates) {
      const followers = this.subscribers.get(symbol);
      if (!followers || followers.size === 0) continue;
      // Encoded once per update; each client's batch is then a copy of bytes, not a re-encoding.
      const update: Update = { id: this.nextUpdateId++, encoded: Buffer.from(json, 'utf8') };
      for (const client of followers) {
        client.pending.push(update);
        this.dirty.add(client);
      }
    }
    if (this.dirty.size > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.subscribers.clear();
    this.connectionsByAddress.clear();
  }

  private flush(): void {
    this.flushScheduled = false;
    const sentAtMs = this.deps.clock.now().getTime();
    // Clients following the same symbols share one encoded batch (a market tab, a popular list).
    const batches = new Map<string, Buffer>();
    for (const client of this.dirty) {
      const updates = client.pending;
      client.pending = [];
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > this.limits.deadClientBytes) {
        client.socket.terminate();
        continue;
      }
      if (client.socket.bufferedAmount > this.limits.slowClientBytes) {
        this.droppedUpdates += updates.length;
        continue;
      }
      const key = updates.map((update) => update.id).join(',');
      let batch = batches.get(key);
      if (!batch) {
        batch = batchMessage(sentAtMs, updates);
        batches.set(key, batch);
      }
      client.socket.send(batch, { binary: false });
    }
    this.dirty.clear();
  }

  private async receive(client: Client, data: RawData, isBinary: boolean): Promise<void> {
    if (this.isFlooding(client)) {
      this.send(client, {
        type: 'error',
        code: 'STREAM_RATE_LIMITED',
        params: { messagesPerSecond: this.limits.messagesPerSecond },
      });
      client.socket.close(POLICY_VIOLATION, 'STREAM_RATE_LIMITED');
      return;
    }
    const message = isBinary ? null : parseMessage(data);
    if (!message) {
      client.invalidMessages += 1;
      this.send(client, { type: 'error', code: 'STREAM_MESSAGE_INVALID', params: {} });
      if (client.invalidMessages >= this.limits.invalidMessagesMax)
        client.socket.close(POLICY_VIOLATION, 'STREAM_MESSAGE_INVALID');
      return;
    }
    if (message.op === 'ping') this.send(client, { type: 'pong', time: this.deps.clock.now().toISOString() });
    else if (message.op === 'unsubscribe') this.unsubscribe(client, message.symbols);
    else await this.subscribe(client, message.symbols);
  }

  private async subscribe(client: Client, symbols: readonly string[]): Promise<void> {
    const accepted: string[] = [];
    const rejected: string[] = [];
    let isCapped = false;
    for (const symbol of new Set(symbols)) {
      if (client.symbols.has(symbol)) continue;
      if (!this.deps.isKnownSymbol(symbol)) rejected.push(symbol);
      else if (client.symbols.size >= this.limits.symbolsPerClient) {
        isCapped = true;
        rejected.push(symbol);
      } else {
        client.symbols.add(symbol);
        this.followers(symbol).add(client);
        accepted.push(symbol);
      }
    }
    if (isCapped) {
      this.send(client, {
        type: 'error',
        code: 'STREAM_SUBSCRIPTION_LIMIT',
        params: { limit: this.limits.symbolsPerClient },
      });
    }
    this.send(client, {
      type: 'subscribed',
      symbols: accepted,
      rejected: rejected.slice(0, this.limits.symbolsPerClient),
    });
    if (accepted.length > 0) {
      const quotes = await this.deps.snapshot(accepted);
      if (client.socket.readyState === client.socket.OPEN) {
        client.socket.send(
          `{"type":"quotes","sentAtMs":${this.deps.clock.now().getTime()},"data":${JSON.stringify(quotes)}}`,
        );
      }
    }
  }

  private unsubscribe(client: Client, symbols: readonly string[]): void {
    const removed = symbols.filter((symbol) => client.symbols.delete(symbol));
    for (const symbol of removed) this.subscribers.get(symbol)?.delete(client);
    this.send(client, { type: 'unsubscribed', symbols: removed });
  }

  private followers(symbol: string): Set<Client> {
    let set = this.subscribers.get(symbol);
    if (!set) {
      set = new Set();
      this.subscribers.set(symbol, set);
    }
    return set;
  }

  private isFlooding(client: Client): boolean {
    const nowMs = this.deps.clock.now().getTime();
    if (nowMs - client.windowStartMs >= 1000) {
      client.windowStartMs = nowMs;
      client.windowMessages = 0;
    }
    client.windowMessages += 1;
    return client.windowMessages > this.limits.messagesPerSecond;
  }

  /** Once per client, on its socket's 'close' (which also follows an error or a terminate). */
  private disconnect(client: Client): void {
    if (!this.clients.delete(client)) return;
    const held = this.connectionsOf(client.address) - 1;
    if (held > 0) this.connectionsByAddress.set(client.address, held);
    else this.connectionsByAddress.delete(client.address);
    this.dirty.delete(client);
    for (const symbol of client.symbols) this.subscribers.get(symbol)?.delete(client);
  }

  private beat(): void {
    const time = this.deps.clock.now().toISOString();
    for (const client of this.clients) {
      if (!client.isAlive) {
        client.socket.terminate();
        continue;
      }
      client.isAlive = false;
      client.socket.ping();
      this.send(client, { type: 'heartbeat', time });
    }
  }

  private send(client: Client, message: StreamServerMessage): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  }
}

const COMMA = Buffer.from(',');
const BATCH_END = Buffer.from(']}');

/** `{"type":"quotes","sentAtMs":…,"data":[…]}` from already-encoded quotes. */
function batchMessage(sentAtMs: number, updates: readonly Update[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`{"type":"quotes","sentAtMs":${sentAtMs},"data":[`)];
  updates.forEach((update, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(update.encoded);
  });
  parts.push(BATCH_END);
  return Buffer.concat(parts);
}

function parseMessage(data: RawData) {
  try {
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
    const parsed = streamClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
