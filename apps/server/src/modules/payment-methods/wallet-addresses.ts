import type { walletNetworks } from '@beurs/contract';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

// Wallet addresses checked for their network's format and checksum:
// - BTC: base58check P2PKH (version 0x00) or P2SH (0x05), or segwit bech32 (v0, BIP-173) / bech32m
//   (v1+, BIP-350) with the `bc` prefix;
// - ETH / ERC-20: 0x + 40 hex digits; EIP-55 checksum enforced when the case is mixed;
// - TRON / TRC-20: base58check of 21 bytes starting with 0x41 (the `T…` addresses).

export type WalletNetwork = (typeof walletNetworks)[number];

const base58check = createBase58check(sha256);

function decodeBase58check(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

function isBitcoinSegwit(address: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
      const [version, ...data] = words;
      if (prefix !== 'bc' || version === undefined) continue;
      const program = codec.fromWords(data);
      const isRightCodec = version === 0 ? codec === bech32 : codec === bech32m;
      if (!isRightCodec || version > 16) continue;
      if (version === 0 && program.length !== 20 && program.length !== 32) continue;
      if (program.length < 2 || program.length > 40) continue;
      return true;
    } catch {
      // Not this codec (or a bad checksum): try the next.
    }
  }
  return false;
}

function isBitcoinAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isBitcoinSegwit(address);
  const bytes = decodeBase58check(address);
  return bytes !== null && bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
}

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case address) ≥ 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let result = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const character = lower[index] ?? '';
    result += parseInt(hash[index] ?? '0', 16) >= 8 ? character.toUpperCase() : character;
  }
  return result;
}

function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

function isTronAddress(address: string): boolean {
  const bytes = decodeBase58check(address);
  return bytes !== null && bytes.length === 21 && bytes[0] === 0x41;
}

export function isValidWalletAddress(network: WalletNetwork, address: string): boolean {
  switch (network) {
    case 'BTC':
      return isBitcoinAddress(address);
    case 'ETH':
      return isEthereumAddress(address);
    case 'TRON':
      return isTronAddress(address);
  }
}

/** The stored form: segwit and unchecksummed ETH addresses in lower case, so duplicates are found. */
export function normaliseWalletAddress(network: WalletNetwork, address: string): string {
  if (network === 'BTC' && /^bc1/i.test(address)) return address.toLowerCase();
  if (network === 'ETH') return toChecksumAddress(address);
  return address;
}
