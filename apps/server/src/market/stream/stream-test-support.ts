import WebSocket from 'ws';

// For the stream's tests: open a socket and learn whether the server kept it.

export type SocketOutcome = { socket: WebSocket; isAccepted: boolean; code: number; reason: string };

/**
 * Opens a socket with these headers; accepted when it is still open after an answered ping, else
 * the close code and reason it got.
 */
export async function openSocket(url: string, headers: Record<string, string>): Promise<SocketOutcome> {
  const socket = new WebSocket(url, { headers });
  const closed = new Promise<[number, string]>((resolve) =>
    socket.on('close', (code, reason) => resolve([code, reason.toString()])),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ op: 'ping' }));
  const answered = new Promise<'answered'>((resolve) => socket.once('message', () => resolve('answered')));
  const first = await Promise.race([answered, closed]);
  return first === 'answered'
    ? { socket, isAccepted: true, code: 0, reason: '' }
    : { socket, isAccepted: false, code: first[0], reason: first[1] };
}
