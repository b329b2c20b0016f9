import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// The key that signs the journal's seals and published heads (ADR 0007): Ed25519 (node:crypto),
// kept in the configuration, never in the database, so someone who can write the database cannot
// write a seal or a head that verifies. Text forms:
//
//   private  "ed25519-private:<base64url of the 32-byte seed>"  (LEDGER_SIGNING_KEY, or its file)
//   public   "ed25519:<base64url of the 32-byte public key>"     (published with every head)
//
// What is signed is a line of text, so any Ed25519 library can check it:
//   seal  "beurs-ledger-seal-v1\n<sequence>\n<hash>"
//   head  "beurs-ledger-head-v1\n<sequence>\n<hash>\n<merkle root>\n<time, ISO 8601 UTC>"

const PRIVATE_PREFIX = 'ed25519-private:';
const PUBLIC_PREFIX = 'ed25519:';
// DER headers of an Ed25519 PKCS#8 private key and SPKI public key around the 32 raw bytes.
const PKCS8_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_HEADER = Buffer.from('302a300506032b6570032100', 'hex');

export type LedgerSigner = {
  readonly publicKey: KeyObject;
  /** "ed25519:…", as published. */
  readonly publicKeyText: string;
  sign(message: string): string;
};

export type LedgerVerifier = {
  readonly publicKeyText: string;
  isValid(message: string, signature: string): boolean;
};

export class SigningKeyError extends Error {}

export const sealMessage = (sequence: bigint, hash: string): string =>
  `beurs-ledger-seal-v1\n${sequence}\n${hash}`;

export const headMessage = (head: {
  sequence: string;
  hash: string;
  merkleRoot: string;
  time: string;
}): string => `beurs-ledger-head-v1\n${head.sequence}\n${head.hash}\n${head.merkleRoot}\n${head.time}`;

function decodeRaw(text: string, prefix: string, what: string): Buffer {
  const raw = text.startsWith(prefix) ? Buffer.from(text.slice(prefix.length), 'base64url') : null;
  if (!raw || raw.length !== 32)
    throw new SigningKeyError(`${what} must look like "${prefix}<43 characters>"`);
  return raw;
}

export function signerFromText(privateText: string): LedgerSigner {
  const seed = decodeRaw(privateText.trim(), PRIVATE_PREFIX, 'the ledger signing key');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_HEADER, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_HEADER.length);
  return {
    publicKey,
    publicKeyText: `${PUBLIC_PREFIX}${raw.toString('base64url')}`,
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64url'),
  };
}

export function verifierFromText(publicText: string): LedgerVerifier {
  const raw = decodeRaw(publicText.trim(), PUBLIC_PREFIX, 'the ledger public key');
  const publicKey = createPublicKey({ key: Buffer.concat([SPKI_HEADER, raw]), format: 'der', type: 'spki' });
  return {
    publicKeyText: publicText.trim(),
    isValid: (message, signature) => {
      const bytes = Buffer.from(signature, 'base64url');
      return bytes.length === 64 && verify(null, Buffer.from(message, 'utf8'), publicKey, bytes);
    },
  };
}

export const verifierOf = (signer: LedgerSigner): LedgerVerifier => verifierFromText(signer.publicKeyText);

export const newSigningKeyText = (): string => `${PRIVATE_PREFIX}${randomBytes(32).toString('base64url')}`;

export type SigningKeySettings = { readonly key: string | null; readonly keyFile: string };

export type OpenedSigningKey = {
  signer: LedgerSigner;
  /** Where the key came from; `created` only at first start, when the file was written now. */
  origin: 'configuration' | 'file' | 'created';
  file: string | null;
};

/**
 * The server's key: LEDGER_SIGNING_KEY, else the key file; at first start (no file yet) a new key
 * is written to the file (mode 0600) and the start-up banner prints it once.
 */
export function openSigningKey(settings: SigningKeySettings): OpenedSigningKey {
  if (settings.key) return { signer: signerFromText(settings.key), origin: 'configuration', file: null };
  if (existsSync(settings.keyFile)) {
    return {
      signer: signerFromText(readFileSync(settings.keyFile, 'utf8')),
      origin: 'file',
      file: settings.keyFile,
    };
  }
  const text = newSigningKeyText();
  mkdirSync(dirname(settings.keyFile), { recursive: true });
  writeFileSync(settings.keyFile, `${text}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(settings.keyFile, 0o600);
  return { signer: signerFromText(text), origin: 'created', file: settings.keyFile };
}

/** The verifier's key: the configured key or its file (never created here), or a given public key. */
export function readVerifier(settings: SigningKeySettings, publicKeyText?: string): LedgerVerifier {
  if (publicKeyText) return verifierFromText(publicKeyText);
  if (settings.key) return verifierOf(signerFromText(settings.key));
  if (existsSync(settings.keyFile)) return verifierOf(signerFromText(readFileSync(settings.keyFile, 'utf8')));
  throw new SigningKeyError(
    `no ledger signing key: LEDGER_SIGNING_KEY is not set and ${settings.keyFile} does not exist; pass the published key with --public-key ed25519:…`,
  );
}
