import { describe, expect, it } from 'vitest';
import type { Quote } from './market-types';
import { backoffDelay, QuoteStream, type SocketLike, type StreamStatus } from './quote-stream';

// The stream against a scripted socket and a manual timer queue: what it sends, when it
// reconnects, and what the screens are told.

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  isClosed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.isClosed = true;
    this.readyState = 3;
  }
  /** Opens and answers like the server: the acknowledgement of the subscription. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.deliver({ type: 'subscribed', symbols: [], rejected: [] });
  }
  /** Opens, then says nothing. */
  openSilently() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  deliver(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers = new Map<number, { at: number; callback: () => void }>();
  let now = 0;
  let nextId = 1;
  const statuses: StreamStatus[] = [];
  const stream = new QuoteStream({
    url: 'ws://test/api/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  stream.onStatus((status) => statuses.push(status));
  /** Moves time forward, firing due timers in order. */
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = until;
  };
  const latest = () => sockets.at(-1) as FakeSocket;
  return { stream, sockets, statuses, advance, latest, pendingTimers: () => timers.size };
}

const quote = (symbol: string, latest: string) => ({ symbol, latest }) as Quote;

describe('quote stream', () => {
  it('doubles the backoff from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('subscribes on open and hands quotes to the followers of their symbol', () => {
    const { stream, latest } = harness();
    const seen: string[] = [];
    stream.follow('BTCUSD', (q) => seen.push(`${q.symbol} ${q.latest}`));
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', symbols: ['BTCUSD'] }]);
    latest().deliver({
      type: 'quotes',
      sentAtMs: 1,
      data: [quote('BTCUSD', '1.00'), quote('ETHUSD', '2.00')],
    });
    latest().deliver({ type: 'heartbeat', time: 'x' });
    latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(seen).toEqual(['BTCUSD 1.00']);
  });

  it('reconnects with growing delays, resubscribes, and resets the delay once open', () => {
    const { stream, sockets, statuses, advance, latest } = harness();
    stream.follow('BTCUSD', () => undefined);
    stream.follow('AAPL', () => undefined);
    latest().open();
    latest().drop();
    expect(stream.status).toBe('down');

    advance(999);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    latest().drop();
    advance(1999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    latest().drop();
    advance(4000);
    expect(sockets).toHaveLength(4);

    latest().open();
    expect(stream.status).toBe('open');
    expect(latest().sent).toEqual([{ op: 'subscribe', symbols: ['BTCUSD', 'AAPL'] }]);
    latest().drop();
    advance(1000);
    expect(sockets).toHaveLength(5);
    expect(statuses).toEqual(['connecting', 'open', 'down', 'open', 'down']);
  });

  it('keeps backing off, and reports the stream down, when sockets open and drop without a word', () => {
    const { stream, sockets, advance, latest, statuses } = harness();
    stream.follow('BTCUSD', () => undefined);
    latest().openSilently();
    latest().drop();
    advance(1_000);
    latest().openSilently();
    latest().drop();
    advance(1_999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    expect(statuses).toEqual(['connecting', 'down']);
  });

  it('treats a silent socket as dead and reconnects', () => {
    const { stream, sockets, advance, latest } = harness();
    stream.follow('BTCUSD', () => undefined);
    latest().open();
    advance(39_000);
    latest().deliver({ type: 'heartbeat', time: 'x' });
    advance(39_000);
    expect(sockets).toHaveLength(1);
    advance(1_000);
    expect(sockets[0]?.isClosed).toBe(true);
    expect(stream.status).toBe('down');
    advance(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('unsubscribes a symbol nobody follows and closes 10 s after nobody follows anything', () => {
    const { stream, latest, pendingTimers, advance } = harness();
    const stopFirst = stream.follow('BTCUSD', () => undefined);
    const stopSecond = stream.follow('BTCUSD', () => undefined);
    const stopOther = stream.follow('ETHUSD', () => undefined);
    latest().open();
    stopFirst();
    expect(latest().sent).toHaveLength(1);
    stopSecond();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['BTCUSD'] });
    stopOther();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['ETHUSD'] });
    expect(latest().isClosed).toBe(false);
    advance(10_000);
    expect(latest().isClosed).toBe(true);
    expect(stream.status).toBe('idle');
    expect(pendingTimers()).toBe(0);
  });

  it('subscribes and unsubscribes a whole list in one message each', () => {
    const { stream, latest } = harness();
    const keep = stream.follow('AAPL', () => undefined);
    latest().open();
    const stop = stream.followMany(['AAPL', 'MSFT', 'NVDA', 'MSFT'], () => undefined);
    expect(latest().sent).toEqual([
      { op: 'subscribe', symbols: ['AAPL'] },
      { op: 'subscribe', symbols: ['MSFT', 'NVDA'] },
    ]);
    stop();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['MSFT', 'NVDA'] });
    keep();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['AAPL'] });
  });

  it('keeps the socket when the next screen follows within 10 s', () => {
    const { stream, sockets, advance, latest } = harness();
    const leave = stream.followMany(['AAPL', 'MSFT'], () => undefined);
    latest().open();
    leave();
    advance(300);
    stream.follow('BTCUSD', () => undefined);
    advance(30_000);
    expect(sockets).toHaveLength(1);
    expect(latest().isClosed).toBe(false);
    expect(latest().sent.at(-1)).toEqual({ op: 'subscribe', symbols: ['BTCUSD'] });
  });

  it('does not reconnect after the last follower left while it was down', () => {
    const { stream, sockets, advance, latest } = harness();
    const stop = stream.follow('BTCUSD', () => undefined);
    latest().open();
    latest().drop();
    stop();
    advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(stream.status).toBe('idle');
  });
});
