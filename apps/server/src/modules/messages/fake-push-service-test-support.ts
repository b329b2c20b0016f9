import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A local push service speaking the Web Push protocol (RFC 8030 delivery, RFC 8291 message
// encryption, RFC 8292 VAPID), over HTTPS with a self-signed certificate, and a browser's side
// of a subscription (a P-256 key pair and an authentication secret). It decrypts what it receives
// with the subscription's private key and checks the VAPID signature, independently of the
// library that sends.

export type ReceivedPush = {
  path: string;
  ttl: string | undefined;
  contentEncoding: string | undefined;
  vapidPublicKey: string;
  /** The JWT's claims, after its ES256 signature was checked with vapidPublicKey. */
  claims: { aud: string; exp: number; sub: string };
  payload: unknown;
};

export type FakeBrowser = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

/** A self-signed certificate for 127.0.0.1 (made with openssl). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'beurs-fake-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
  };
}

/** RFC 8291: the user agent decrypts an aes128gcm body with its private key and auth secret. */
export function decryptPush(body: Buffer, browser: FakeBrowser): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is checked with k (ES256). */
function checkVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt = '', publicKey = ''] = match;
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature does not verify');
  return {
    vapidPublicKey: publicKey,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'],
  };
}

export async function startFakePushService() {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const errors: unknown[] = [];
  /** Paths answered 410 Gone (the browser unsubscribed). */
  const gone = new Set<string>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      try {
        if (gone.has(path)) {
          response.writeHead(410).end();
          return;
        }
        const browser = browsers.get(path);
        if (!browser || request.method !== 'POST') throw new Error(`unknown subscription ${path}`);
        const body = Buffer.concat(chunks);
        received.push({
          path,
          ttl: request.headers.ttl as string | undefined,
          contentEncoding: request.headers['content-encoding'],
          ...checkVapid(request.headers.authorization),
          payload: JSON.parse(decryptPush(body, browser).toString('utf8')),
        });
        response.writeHead(201, { location: `${path}/message/${received.length}` }).end();
      } catch (error) {
        errors.push(error);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    certificate: cert,
    origin: `https://127.0.0.1:${port}`,
    received,
    errors,
    /** A browser's subscription at this push service. */
    subscribe(): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const browser = {
        ecdh,
        auth,
        subscription: {
          endpoint: `https://127.0.0.1:${port}${path}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      browsers.set(path, browser);
      return browser;
    },
    unsubscribe(browser: FakeBrowser) {
      gone.add(new URL(browser.subscription.endpoint).pathname);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
