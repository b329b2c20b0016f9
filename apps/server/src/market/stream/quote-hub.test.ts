import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ManualClock } from '../../core/clock';
import { QuoteHub } from './quote-hub';

// Heartbeats and dead-client detection, on a bare ws server with a short heartbeat.

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function hubServer(heartbeatMs: number) {
  const hub = new QuoteHub({
    clock: new ManualClock('2026-11-20T15:45:00Z'),
    isKnownSymbol: () => true,
    snapshot: async () => [],
    limits: { heartbeatMs },
  });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => hub.connect(socket));
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
    const { hub, url } = await hubServer(30);
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
    const { hub, url } = await hubServer(30);
    const silent = new WebSocket(url, { autoPong: false });
    const closed = new Promise<number>((resolve) => silent.on('close', resolve));
    expect(await closed).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hub.clientCount).toBe(0);
  });
});
