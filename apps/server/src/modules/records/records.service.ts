import { formatCash } from '@beurs/contract';
import type { Database } from '../../db/database';
import { detailsBuilder } from './record-detail';
import * as repository from './records.repository';
import type { RecordTab } from './records.repository';

// Fund records (issue 4 item 7): every ledger entry that touched the user's cash, staff corrections
// included, with the entry's reason (its memo), newest first, paged, by tab.

export function createRecordsService({ db }: { db: Database }) {
  return {
    async list(userId: bigint, input: { tab: RecordTab; page: number; pageSize: number }) {
      const { rows, total } = await repository.listUserEntries(
        db,
        userId,
        input.tab,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      const holdIds = rows.flatMap((row) => (row.holdId === null ? [] : [row.holdId]));
      const sources = await repository.findEntrySources(
        db,
        userId,
        rows.map((row) => row.id),
        holdIds,
      );
      const detailOf = detailsBuilder(sources);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          memo: row.memo,
          currency: row.currency,
          amount: formatCash(row.totalMinor),
          availableChange: formatCash(row.availableMinor),
          detail: detailOf(row),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
