import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { openSocket, type SocketOutcome } from '../../market/stream/stream-test-support';

// The per-address cap on stream sockets through the real app and a real port. With TRUST_PROXY
// the client address is X-Forwarded-For's, as for the HTTP rate limits, so two addresses can be
// faked honestly from one test process; without it the header is ignored and cannot dodge the cap.

const CAP = 3;

/** Starts an app on a free port; returns its stream URL (closed after the file's tests). */
function serve(trustProxy: boolean): () => string {
  let testApp: TestApp;
  let url = '';
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { trustProxy, streamConnectionsPerAddress: CAP } });
    testApp.clock.set('2026-11-20T15:45:00Z');
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/ws`;
  });
  afterAll(() => testApp.close());
  return () => url;
}

/** Opens a socket claiming `address` in X-Forwarded-For. */
const openAt = (url: string, address: string) => openSocket(url, { 'x-forwarded-for': address });

describe('stream connections per client address, behind a trusted proxy', () => {
  const url = serve(true);
  const open = (address: string) => openAt(url(), address);

  it('refuses the socket over STREAM_CONNECTIONS_PER_ADDRESS; a closed socket frees its slot; other addresses are unaffected', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open('203.0.113.7')));
    expect(held.every((outcome) => outcome.isAccepted)).toBe(true);

    const refused = await open('203.0.113.7');
    expect(refused).toMatchObject({ isAccepted: false, code: 1008, reason: 'STREAM_CONNECTION_LIMIT' });

    const other = await open('198.51.100.9');
    expect(other.isAccepted).toBe(true);

    held[0]?.socket.close();
    // The server sees the close a moment after the client: retry briefly until the slot is free.
    let next = await open('203.0.113.7');
    for (let attempt = 0; !next.isAccepted && attempt < 50; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next = await open('203.0.113.7');
    }
    expect(next.isAccepted).toBe(true);
    expect((await open('203.0.113.7')).isAccepted).toBe(false);

    for (const outcome of [...held, other, next]) outcome.socket.close();
  });
});

describe('stream connections per client address, no trusted proxy', () => {
  const url = serve(false);

  it('ignores X-Forwarded-For: every socket from this host counts against one address', async () => {
    const outcomes: SocketOutcome[] = [];
    for (let index = 0; index <= CAP; index += 1)
      outcomes.push(await openAt(url(), `198.51.100.${index + 1}`));
    expect(outcomes.map((outcome) => outcome.isAccepted)).toEqual([
      ...Array.from({ length: CAP }, () => true),
      false,
    ]);
    for (const outcome of outcomes) outcome.socket.close();
  });
});
