import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { ManualClock } from '../../core/clock';
import { CONNECTION_LIMIT_REASON, QuoteHub, type HubLimits } from './quote-hub';
import { openSocket } from './stream-test-support';

// Heartbeats, dead-client detection and the per-address connection cap, on a bare ws server. The
// client address is taken from a test header here (the app passes request.ip, see market.stream.ts).

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function hubServer(limits: Partial<HubLimits>) {
  const hub = new QuoteHub({
    clock: new ManualClock('2026-11-20T15:45:00Z'),
    isKnownSymbol: () => true,
    snapshot: async () => [],
    limits,
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket, request) =>
    hub.connect(socket, String(request.headers['x-test-address'])),
  );
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  cleanups.push(() => {
    hub.close();
    server.close();
  });
  return { hub, url: `ws://127.0.0.1:${port}` };
}

describe('QuoteHub heartbeats', () => {
  it('sends heartbeats with the clock time to a live client and keeps it', async () => {
    const { hub, url } = await hubServer({ heartbeatMs: 30 });
    const client = new WebSocket(url);
    const beats: string[] = [];
    client.on('message', (data) => beats.push(JSON.parse(data.toString()).time));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(beats.length).toBeGreaterThanOrEqual(3);
    expect(beats[0]).toBe('2026-11-20T15:45:00.000Z');
    expect(hub.clientCount).toBe(1);
    client.close();
  });

  it('cuts off a client that stops answering pings', async () => {
    const { hub, url } = await hubServer({ heartbeatMs: 30 });
    const silent = new WebSocket(url, { autoPong: false });
    const closed = new Promise<number>((resolve) => silent.on('close', resolve));
    expect(await closed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.clientCount).toBe(0);
  });
});

/** Opens a socket as `address` (the test header the hub server reads as the client address). */
const open = (url: string, address: string) => openSocket(url, { 'x-test-address': address });

async function until(predicate: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('QuoteHub connections per address', () => {
  it('refuses the socket over the cap with 1008 and no message; other addresses are unaffected', async () => {
    const { hub, url } = await hubServer({ connectionsPerAddress: 3 });
    const held = await Promise.all([1, 2, 3].map(() => open(url, '203.0.113.7')));
    expect(held.map((outcome) => outcome.isAccepted)).toEqual([true, true, true]);

    const messages: string[] = [];
    const refused = await open(url, '203.0.113.7');
    refused.socket.on('message', (data) => messages.push(data.toString()));
    expect(refused).toMatchObject({ isAccepted: false, code: 1008, reason: CONNECTION_LIMIT_REASON });
    expect(messages).toEqual([]);
    expect(hub.refusedConnections).toBe(1);

    expect((await open(url, '198.51.100.9')).isAccepted).toBe(true);
    expect(hub.connectionsOf('203.0.113.7')).toBe(3);
    expect(hub.connectionsOf('198.51.100.9')).toBe(1);
    expect(hub.clientCount).toBe(4);
  });

  it('frees a slot when a socket closes, is cut off, or errors; refused sockets hold none', async () => {
    const { hub, url } = await hubServer({ connectionsPerAddress: 2 });
    const address = '203.0.113.8';
    const [first, second] = await Promise.all([open(url, address), open(url, address)]);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await open(url, address)).isAccepted).toBe(false);
    expect(hub.connectionsOf(address)).toBe(2);

    first?.socket.close(); // a clean close
    await until(() => hub.connectionsOf(address) === 1);
    const third = await open(url, address);
    expect(third.isAccepted).toBe(true);

    second?.socket.terminate(); // the TCP connection dropped without a close frame
    await until(() => hub.connectionsOf(address) === 1);

    // A protocol error: the server fails the socket (an unmasked frame) and terminates it.
    (third.socket as unknown as { _socket: Socket })._socket.write(Buffer.from([0x81, 0x01, 0x61]));
    await until(() => hub.connectionsOf(address) === 0);
    expect(hub.clientCount).toBe(0);
    expect([(await open(url, address)).isAccepted, (await open(url, address)).isAccepted]).toEqual([
      true,
      true,
    ]);
  });
});
