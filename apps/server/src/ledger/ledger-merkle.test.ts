import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inclusionProof, merkleRoot, verifyInclusion } from './ledger-merkle';

// The receipts' Merkle proofs (ADR 0007, RFC 9162 §2.1): every leaf of trees of 1 to 33 leaves
// proves against the root, and a proof fails for another leaf or index (the signed head fixes the size).

const leaves = (count: number) =>
  Array.from({ length: count }, (_, index) => createHash('sha256').update(`seal ${index}`).digest('hex'));

describe('Merkle inclusion proofs', () => {
  it('prove every leaf of every tree size from 1 to 33', () => {
    for (let size = 1; size <= 33; size += 1) {
      const hashes = leaves(size);
      const root = merkleRoot(hashes);
      for (let index = 0; index < size; index += 1) {
        const proof = inclusionProof(index, hashes);
        expect(verifyInclusion({ index, size, sealHash: hashes[index] ?? '', proof, root })).toBe(true);
        const other = hashes[(index + 1) % size] ?? '';
        if (size > 1) expect(verifyInclusion({ index, size, sealHash: other, proof, root })).toBe(false);
        if (size > 1)
          expect(
            verifyInclusion({ index: (index + 1) % size, size, sealHash: hashes[index] ?? '', proof, root }),
          ).toBe(false);
      }
    }
  });

  it('gives RFC 9162 roots: one leaf is sha256(0x00 ‖ leaf), two are sha256(0x01 ‖ both)', () => {
    const [a = '', b = ''] = leaves(2);
    const node = (prefix: number, ...parts: string[]) =>
      createHash('sha256')
        .update(Buffer.concat([Buffer.from([prefix]), ...parts.map((part) => Buffer.from(part, 'hex'))]))
        .digest('hex');
    expect(merkleRoot([a])).toBe(node(0, a));
    expect(merkleRoot([a, b])).toBe(node(1, node(0, a), node(0, b)));
  });
});
