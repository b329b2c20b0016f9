import { describe, expect, it } from 'vitest';
import { isValidWalletAddress, normaliseWalletAddress } from './wallet-addresses';

// Published addresses (genesis block, BIP-173/350 test vectors, EIP-55 test vectors, TRON USDT).

describe('wallet address checks', () => {
  it('BTC: base58check P2PKH/P2SH and bech32/bech32m segwit', () => {
    expect(isValidWalletAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isValidWalletAddress('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isValidWalletAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isValidWalletAddress('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(
      isValidWalletAddress('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'),
    ).toBe(true);
    // One character changed: the checksum fails.
    expect(isValidWalletAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidWalletAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    // Mixed case is refused (BIP-173).
    expect(isValidWalletAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4')).toBe(false);
    // A testnet address and a TRON address are not BTC.
    expect(isValidWalletAddress('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
    expect(isValidWalletAddress('BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });

  it('ETH: hex format, EIP-55 checksum when the case is mixed', () => {
    expect(isValidWalletAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidWalletAddress('ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe(true);
    expect(isValidWalletAddress('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidWalletAddress('ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidWalletAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(normaliseWalletAddress('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
  });

  it('TRON: base58check with the 0x41 prefix', () => {
    expect(isValidWalletAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidWalletAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidWalletAddress('TRON', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
  });
});
