import { LEDGER_HEAD_PATH, fundsPaths } from '@beurs/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

// The journal's published head and per-entry receipts (docs/guarantees.md): the records screen
// says which chain head the user's entries are part of and lets them download a receipt for each.

type LedgerHeadAnswer = { status: number; data?: { sequence: string; hash: string; publicKey: string } };

/** GET /api/ledger/head (public): the newest seal's sequence and hash. */
export function useLedgerHead() {
  return useQuery({
    queryKey: ['ledger', 'head'],
    queryFn: async () => {
      const response = await fetch(LEDGER_HEAD_PATH);
      const body = (await response.json()) as LedgerHeadAnswer;
      if (!response.ok || body.status !== 1 || !body.data) throw new Error('ledger head unavailable');
      return body.data;
    },
  });
}

/** Fetches the receipt of one of the user's entries and saves it as beurs-receipt-<id>.json. */
export async function downloadReceipt(entryId: string): Promise<void> {
  const receipt = await api.call(fundsPaths.fundRecordReceipt, { entryId });
  const blob = new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `beurs-receipt-${entryId}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
