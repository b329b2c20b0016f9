import { createHash } from 'node:crypto';
import { verifyInclusion } from './ledger-merkle';
import { headMessage, sealMessage, verifierFromText } from './ledger-signing';

// Checks a ledger receipt (docs/guarantees.md) with nothing but the receipt and the published key:
// no database, no server (`npm run ledger:check-receipt`, check-receipt.command.ts).

export type ReceiptCheck = { step: string; isOk: boolean };

export type Receipt = {
  format: string;
  body: string;
  seal: { sequence: string; previousHash: string; hash: string; signature: string | null };
  leafIndex: number;
  proof: string[];
  head: {
    sequence: string;
    hash: string;
    merkleRoot: string;
    time: string;
    publicKey: string;
    signature: string;
  };
};

export function checkReceipt(receipt: Receipt, publicKey: string): ReceiptCheck[] {
  const verifier = verifierFromText(publicKey);
  const { seal, head } = receipt;
  const bodyHash = createHash('sha256').update(`${seal.previousHash}\n${receipt.body}`, 'utf8').digest('hex');
  return [
    { step: 'the entry hashes to its seal', isOk: bodyHash === seal.hash },
    {
      step: 'the seal is signed by the published key',
      isOk:
        seal.signature !== null &&
        verifier.isValid(sealMessage(BigInt(seal.sequence), seal.hash), seal.signature),
    },
    {
      step: 'the head is signed by the published key',
      isOk: head.publicKey === verifier.publicKeyText && verifier.isValid(headMessage(head), head.signature),
    },
    {
      step: `the seal is leaf ${receipt.leafIndex} of the head's Merkle tree`,
      isOk:
        receipt.leafIndex === Number(seal.sequence) - 1 &&
        verifyInclusion({
          index: receipt.leafIndex,
          size: Number(head.sequence),
          sealHash: seal.hash,
          proof: receipt.proof,
          root: head.merkleRoot,
        }),
    },
  ];
}
