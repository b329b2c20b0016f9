import { createHmac, timingSafeEqual } from 'node:crypto';
import { currencies, type Currency } from '@beurs/contract';

// A held exchange quote travels as a signed id: the server signs what it quoted (user, both
// currencies, amount, rates, amount received, source and time, expiry) with HMAC-SHA256, and on
// execution reads the quote back from the id it verified. A client can present only a quote the
// server issued to that user; changing any byte breaks the signature. `nonce` makes each quote
// unique, so the ledger can refuse a second execution of the same quote.

export type HeldQuote = {
  nonce: string;
  userId: bigint;
  from: Currency;
  to: Currency;
  amountMinor: bigint;
  marketRateMinor: bigint;
  appliedRateMinor: bigint;
  receivedMinor: bigint;
  spreadBasisPoints: number;
  source: string;
  rateTimestamp: Date;
  expiresAt: Date;
};

type Wire = {
  v: 1;
  n: string;
  u: string;
  f: string;
  t: string;
  a: string;
  m: string;
  r: string;
  g: string;
  s: number;
  src: string;
  at: number;
  exp: number;
};

const signatureOf = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

export function signQuote(key: Buffer, quote: HeldQuote): string {
  const wire: Wire = {
    v: 1,
    n: quote.nonce,
    u: quote.userId.toString(),
    f: quote.from,
    t: quote.to,
    a: quote.amountMinor.toString(),
    m: quote.marketRateMinor.toString(),
    r: quote.appliedRateMinor.toString(),
    g: quote.receivedMinor.toString(),
    s: quote.spreadBasisPoints,
    src: quote.source,
    at: quote.rateTimestamp.getTime(),
    exp: quote.expiresAt.getTime(),
  };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${signatureOf(key, body).toString('base64url')}`;
}

const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (currencies as readonly string[]).includes(value);
const isInteger = (value: unknown): value is string =>
  typeof value === 'string' && /^-?\d{1,30}$/.test(value);

/** The quote a signed id stands for; null when the id is malformed or not signed with `key`. */
export function verifyQuote(key: Buffer, quoteId: string): HeldQuote | null {
  const [body, signature, extra] = quoteId.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = signatureOf(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return null;
  }
  if (
    wire.v !== 1 ||
    typeof wire.n !== 'string' ||
    !isInteger(wire.u) ||
    !isCurrency(wire.f) ||
    !isCurrency(wire.t) ||
    !isInteger(wire.a) ||
    !isInteger(wire.m) ||
    !isInteger(wire.r) ||
    !isInteger(wire.g) ||
    typeof wire.s !== 'number' ||
    typeof wire.src !== 'string' ||
    typeof wire.at !== 'number' ||
    typeof wire.exp !== 'number'
  )
    return null;
  return {
    nonce: wire.n,
    userId: BigInt(wire.u),
    from: wire.f,
    to: wire.t,
    amountMinor: BigInt(wire.a),
    marketRateMinor: BigInt(wire.m),
    appliedRateMinor: BigInt(wire.r),
    receivedMinor: BigInt(wire.g),
    spreadBasisPoints: wire.s,
    source: wire.src,
    rateTimestamp: new Date(wire.at),
    expiresAt: new Date(wire.exp),
  };
}
