import { WebSocketServer } from 'ws';

// The baseline for the stream benchmark: a bare ws server that, once a second, sends every client
// one batch of 20 quote-sized JSON objects, stamped with the send time. No market, no
// subscriptions, no per-client bookkeeping: the transport alone.

const QUOTES_PER_BATCH = 20;
const quote = JSON.stringify({
  symbol: 'AAPL',
  code: 'AAPL',
  name: 'Apple',
  market: 'usd',
  kind: 'stock',
  exchange: 'XNAS',
  currency: 'USD',
  priceScale: 4,
  latest: '230.1200',
  change: '1.2300',
  changePercent: '0.54',
  open: '229.0000',
  previousClose: '228.8900',
  high: '231.0000',
  low: '228.5000',
  volume: '12345678',
  turnover: '2841234567.89',
  marketCap: '3500000000000.00',
  bid: '230.1100',
  ask: '230.1300',
  session: 'regular',
  source: 'Beurs simulator (demo)',
  delayMs: 0,
  timestamp: '2026-11-20T15:00:00.000Z',
  isSimulated: true,
});
const batch = Array.from({ length: QUOTES_PER_BATCH }, () => quote).join(',');

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('listening', () => {
  const { port } = server.address() as { port: number };
  console.log('clock offset 0');
  console.log(`baseline ws listening at http://127.0.0.1:${port}`);
});
// Stamped once per round, before the first send, as the Beurs hub does: the latency of the last
// client includes the time spent sending to all the others.
setInterval(() => {
  const message = `{"type":"quotes","sentAtMs":${Date.now()},"data":[${batch}]}`;
  for (const client of server.clients) client.send(message);
}, 1000);
