import { createHash } from 'node:crypto';

// The Merkle tree over the journal's seals (ADR 0007), as in RFC 9162 (Certificate Transparency
// 2.0) §2.1: leaf i is seal i+1's hash (32 bytes from its hex); a leaf's node is
// sha256(0x00 ‖ leaf), an inner node sha256(0x01 ‖ left ‖ right), a tree of n leaves splits at the
// largest power of two below n. A receipt proves its seal is leaf `index` of a signed head's tree
// with the audit path from `inclusionProof`; anyone checks it with `verifyInclusion`.

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leafNode = (leaf: Buffer) => sha256(Buffer.from([0]), leaf);
const innerNode = (left: Buffer, right: Buffer) => sha256(Buffer.from([1]), left, right);

/** The largest power of two strictly below n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function rootOf(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return leafNode(leaves[0] as Buffer);
  const k = splitPoint(leaves.length);
  return innerNode(rootOf(leaves.slice(0, k)), rootOf(leaves.slice(k)));
}

function pathOf(index: number, leaves: readonly Buffer[]): Buffer[] {
  if (leaves.length <= 1) return [];
  const k = splitPoint(leaves.length);
  return index < k
    ? [...pathOf(index, leaves.slice(0, k)), rootOf(leaves.slice(k))]
    : [...pathOf(index - k, leaves.slice(k)), rootOf(leaves.slice(0, k))];
}

const toBuffers = (hashes: readonly string[]) => hashes.map((hash) => Buffer.from(hash, 'hex'));

/** The root over the seals' hashes (hex, in sequence order), hex. */
export function merkleRoot(sealHashes: readonly string[]): string {
  return rootOf(toBuffers(sealHashes)).toString('hex');
}

/** The audit path of leaf `index` (0-based) in the tree over `sealHashes`, hex, leaf side first. */
export function inclusionProof(index: number, sealHashes: readonly string[]): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= sealHashes.length) throw new Error('no such leaf');
  return pathOf(index, toBuffers(sealHashes)).map((node) => node.toString('hex'));
}

/** RFC 9162 §2.1.3.2: does `proof` lead from the leaf at `index` of a tree of `size` to `root`? */
export function verifyInclusion(input: {
  index: number;
  size: number;
  sealHash: string;
  proof: readonly string[];
  root: string;
}): boolean {
  const { index, size, proof } = input;
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  if (!/^[0-9a-f]{64}$/.test(input.sealHash) || proof.some((node) => !/^[0-9a-f]{64}$/.test(node)))
    return false;
  let fn = index;
  let sn = size - 1;
  let node = leafNode(Buffer.from(input.sealHash, 'hex'));
  for (const sibling of toBuffers(proof)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      node = innerNode(sibling, node);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      node = innerNode(node, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 && node.toString('hex') === input.root;
}
