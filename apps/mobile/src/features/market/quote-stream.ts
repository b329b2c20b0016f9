import { STREAM_PATH } from '@beurs/contract/paths';
import type { Quote } from './market-types';

// The live quote stream (issue 5): one WebSocket at /api/ws for the whole app. Screens follow
// symbols; the stream subscribes while anyone follows them and unsubscribes after. When the socket
// drops it reconnects with exponential backoff (1 s, 2 s, 4 s … at most 30 s) and subscribes again;
// while it is down, screens poll instead (see use-live-quote.ts). A socket silent for longer than
// two heartbeats is treated as dead. The stream is 'open' (live) from the server's first message on.
//
// Server messages (apps/server/src/market/stream/quote-hub.ts):
//   {type:'quotes', sentAtMs, data: Quote[]} · {type:'subscribed', symbols, rejected}
//   {type:'unsubscribed', symbols} · {type:'heartbeat', time} · {type:'pong'} · {type:'error', code, params}

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of a browser WebSocket the stream uses (a fake in tests). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type QuoteStreamOptions = {
  url: string;
  createSocket: (url: string) => SocketLike;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** No message (not even a heartbeat, every 15 s) for this long means the socket is dead. */
  silenceMs?: number;
  /** How long the socket stays open after the last follower left. */
  lingerMs?: number;
};

const OPEN = 1;
export const INITIAL_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 30_000;
export const SILENCE_MS = 40_000;
export const LINGER_MS = 10_000;

/** Delay before reconnect attempt `attempt` (0-based): doubling from the initial delay, capped. */
export function backoffDelay(
  attempt: number,
  initialMs = INITIAL_BACKOFF_MS,
  maxMs = MAX_BACKOFF_MS,
): number {
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

type QuoteListener = (quote: Quote) => void;

export class QuoteStream {
  private readonly options: QuoteStreamOptions;
  private readonly followers = new Map<string, Set<QuoteListener>>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private socket: SocketLike | null = null;
  private reconnectTimer: unknown = null;
  private silenceTimer: unknown = null;
  private lingerTimer: unknown = null;
  private attempt = 0;
  status: StreamStatus = 'idle';

  constructor(options: QuoteStreamOptions) {
    this.options = options;
  }

  /** Follows a symbol's quotes; returns the function that stops following. */
  follow(symbol: string, listener: QuoteListener): () => void {
    return this.followMany([symbol], listener);
  }

  /**
   * Follows several symbols with one subscribe message (the server cuts off a client that sends
   * more than 20 messages a second, so a list of 50 must not subscribe one by one).
   */
  followMany(symbols: readonly string[], listener: QuoteListener): () => void {
    const unique = [...new Set(symbols)];
    const added: string[] = [];
    for (const symbol of unique) {
      let listeners = this.followers.get(symbol);
      if (!listeners) {
        listeners = new Set();
        this.followers.set(symbol, listeners);
        added.push(symbol);
      }
      listeners.add(listener);
    }
    this.cancelLinger();
    if (added.length > 0) this.send({ op: 'subscribe', symbols: added });
    if (this.status === 'idle' && this.followers.size > 0) this.connect();
    return () => this.unfollow(unique, listener);
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Closes the socket and forgets every follower. */
  close(): void {
    this.followers.clear();
    this.stop();
  }

  private unfollow(symbols: readonly string[], listener: QuoteListener): void {
    const removed: string[] = [];
    for (const symbol of symbols) {
      const listeners = this.followers.get(symbol);
      if (!listeners?.delete(listener) || listeners.size > 0) continue;
      this.followers.delete(symbol);
      removed.push(symbol);
    }
    if (removed.length > 0) this.send({ op: 'unsubscribe', symbols: removed });
    if (this.followers.size === 0) {
      if (this.status === 'open') this.linger();
      else this.stop();
    }
  }

  /**
   * Keeps the socket a little while after the last follower left: moving from one screen to the
   * next unmounts one list before the next screen follows its symbols.
   */
  private linger(): void {
    this.cancelLinger();
    this.lingerTimer = this.options.setTimer(() => {
      this.lingerTimer = null;
      if (this.followers.size === 0) this.stop();
    }, this.options.lingerMs ?? LINGER_MS);
  }

  private cancelLinger(): void {
    if (this.lingerTimer !== null) this.options.clearTimer(this.lingerTimer);
    this.lingerTimer = null;
  }

  private stop(): void {
    this.cancelLinger();
    this.cancelTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close();
    }
    this.attempt = 0;
    this.setStatus('idle');
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.followers.size === 0) {
      this.stop();
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'down');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.watchSilence();
      const symbols = [...this.followers.keys()];
      if (symbols.length > 0) this.send({ op: 'subscribe', symbols });
    };
    // The stream counts as live, and the backoff starts over, only once the server has answered:
    // a socket that opens and drops at once must not stop the polling or reset the delay.
    socket.onmessage = (event) => {
      this.watchSilence();
      if (this.status !== 'open') {
        this.attempt = 0;
        this.setStatus('open');
      }
      this.receive(event.data);
    };
    socket.onerror = () => socket.close();
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.cancelTimers();
    if (this.followers.size === 0) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('down');
    const delay = backoffDelay(this.attempt, this.options.initialBackoffMs, this.options.maxBackoffMs);
    this.attempt += 1;
    this.reconnectTimer = this.options.setTimer(() => this.connect(), delay);
  }

  private watchSilence(): void {
    if (this.silenceTimer !== null) this.options.clearTimer(this.silenceTimer);
    this.silenceTimer = this.options.setTimer(() => {
      this.silenceTimer = null;
      const socket = this.socket;
      if (!socket) return;
      this.socket = null;
      socket.onclose = null;
      socket.close();
      this.scheduleReconnect();
    }, this.options.silenceMs ?? SILENCE_MS);
  }

  private cancelTimers(): void {
    if (this.reconnectTimer !== null) this.options.clearTimer(this.reconnectTimer);
    if (this.silenceTimer !== null) this.options.clearTimer(this.silenceTimer);
    this.reconnectTimer = null;
    this.silenceTimer = null;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (message.type !== 'quotes' || !Array.isArray(message.data)) return;
    for (const quote of message.data as Quote[]) {
      for (const listener of this.followers.get(quote.symbol) ?? []) listener(quote);
    }
  }

  private send(message: { op: 'subscribe' | 'unsubscribe'; symbols: string[] }): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private setStatus(status: StreamStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }
}

let shared: QuoteStream | null = null;

/** The app's one stream, to STREAM_PATH (/api/ws) on the page's own origin. */
export function quoteStream(): QuoteStream {
  if (!shared) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    shared = new QuoteStream({
      url: `${scheme}://${window.location.host}${STREAM_PATH}`,
      createSocket: (url) => new WebSocket(url),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
  }
  return shared;
}
