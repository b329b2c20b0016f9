import { desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { ipoOfferings } from './offerings.tables';

// The offerings' instruments (IPO listings) and the simulator's demo offerings, read apart from
// the subscription queries in offerings.repository.ts.

/** What defines each offering's instrument, oldest first; `afterId` skips those already seen. */
export async function listingDefinitions(db: Executor, afterId: bigint) {
  return db
    .select({
      id: ipoOfferings.id,
      symbol: ipoOfferings.symbol,
      name: ipoOfferings.name,
      market: ipoOfferings.market,
      currency: ipoOfferings.currency,
      issuePriceMinor: ipoOfferings.issuePriceMinor,
      listingAt: ipoOfferings.listingAt,
    })
    .from(ipoOfferings)
    .where(gt(ipoOfferings.id, afterId))
    .orderBy(ipoOfferings.id);
}

/** The simulator's latest offering (highest round), if any. */
export async function latestDemoOffering(db: Executor) {
  const rows = await db
    .select({ id: ipoOfferings.id, demoRound: ipoOfferings.demoRound, closesAt: ipoOfferings.closesAt })
    .from(ipoOfferings)
    .where(isNotNull(ipoOfferings.demoRound))
    .orderBy(desc(ipoOfferings.demoRound))
    .limit(1);
  return rows[0];
}

export async function offeringBySymbol(db: Executor, symbol: string) {
  const rows = await db
    .select({ id: ipoOfferings.id })
    .from(ipoOfferings)
    .where(eq(ipoOfferings.symbol, symbol))
    .limit(1);
  return rows[0];
}
