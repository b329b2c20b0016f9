import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Executor } from '../../db/database';
import { NEW_LISTING_SYMBOL, type NewListingDefinition } from '../../market/new-listing';
import type { MarketService } from '../market/market.service';
import * as repository from './ipo-listings.repository';

// IPO listings (issue 17, item 3). An offering whose symbol is not yet an instrument defines one
// (its symbol, name, market; EUR), and in demo mode the simulator lists it on its listing date
// with its own price path from the issue price (market/new-listing.ts). The offerings table is
// where every node learns of them: at start, before each draw, and at most every few seconds
// while serving requests (`syncIfStale`), so an offering created on one node trades on all.

/** How often a node looks for offerings created elsewhere (one indexed query). */
export const LISTINGS_SYNC_INTERVAL_MS = 5_000;

export function createIpoListingsService(deps: { db: Database; clock: Clock; market: MarketService }) {
  const { db, clock, market } = deps;
  let lastSeenId = 0n;
  let lastSyncMs = Number.NEGATIVE_INFINITY;
  let running: Promise<number> | null = null;

  async function sync(): Promise<number> {
    const rows = await repository.listingDefinitions(db, lastSeenId);
    const definitions: NewListingDefinition[] = rows.flatMap(({ market: venue, ...row }) =>
      NEW_LISTING_SYMBOL.test(row.symbol) &&
      row.currency === 'EUR' &&
      (venue === 'frank' || venue === 'ETF-BEL')
        ? [{ ...row, market: venue }]
        : [],
    );
    const added = market.addListings(definitions);
    const last = rows.at(-1);
    if (last) lastSeenId = last.id;
    lastSyncMs = clock.now().getTime();
    return added;
  }

  return {
    /** Adds every offering's new instrument this node does not know yet; answers how many. */
    async sync(): Promise<number> {
      running ??= sync().finally(() => {
        running = null;
      });
      return running;
    },

    /** `sync`, unless this node looked less than LISTINGS_SYNC_INTERVAL_MS ago. */
    async syncIfStale(): Promise<void> {
      if (clock.now().getTime() - lastSyncMs < LISTINGS_SYNC_INTERVAL_MS) return;
      await this.sync();
    },

    /**
     * Checks an offering's instrument before it is created: an existing instrument of the market in
     * euros, or a new one this market source can list (the simulator; a vendor lists its own) under
     * a free `CODE.BR` symbol. Refusals: UNKNOWN_SYMBOL, INSTRUMENT_NOT_TRADABLE, VALIDATION_FAILED.
     */
    async assertInstrumentFor(executor: Executor, input: { symbol: string; market: string }) {
      const known = market.provider.instrument(input.symbol);
      if (known && known.listedFromMs === undefined) {
        if (known.market !== input.market || known.currency !== 'EUR') {
          throw new DomainError('INSTRUMENT_NOT_TRADABLE', { symbol: input.symbol });
        }
        return;
      }
      if (!market.canListNewInstruments || !NEW_LISTING_SYMBOL.test(input.symbol)) {
        throw new DomainError('UNKNOWN_SYMBOL', { symbol: input.symbol });
      }
      // A new instrument is brought to the market by one offering only.
      if (known || (await repository.offeringBySymbol(executor, input.symbol))) {
        throw new DomainError('VALIDATION_FAILED', {
          issues: `symbol: another offering already brings ${input.symbol} to the market`,
        });
      }
    },
  };
}

export type IpoListingsService = ReturnType<typeof createIpoListingsService>;
