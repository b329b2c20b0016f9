import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { newListingEntry } from './new-listing';
import type { Tick } from './provider';
import { MarketSimulator } from './simulator';

// A new listing (an IPO's instrument) in the simulator: nothing before its first session, then the
// same random walk as every other instrument from the issue price, deterministic from the seed.

const ISSUE_PRICE_MINOR = 125_000n; // 12.50 EUR
// Listing at 10:00 Brussels on Thursday 2026-11-26: it lists at the open of Friday the 27th.
const LISTING_AT = Date.parse('2026-11-26T09:00:00Z');
const FIRST_OPEN = Date.parse('2026-11-27T08:00:00Z'); // 09:00 in Brussels
const definition = {
  symbol: 'NEWCO.BR',
  name: 'Newco',
  market: 'frank' as const,
  issuePriceMinor: ISSUE_PRICE_MINOR,
  listingAt: new Date(LISTING_AT),
};

function listedSimulator(seed = 7, at = '2026-11-26T10:00:00Z') {
  const clock = new ManualClock(at);
  const simulator = new MarketSimulator({ clock, seed });
  const instrument = simulator.addListing(newListingEntry(definition), LISTING_AT);
  return { clock, simulator, instrument };
}

describe('a new listing in the simulator', () => {
  it('lists at the first session opening at or after the listing date', () => {
    const { instrument, simulator } = listedSimulator();
    expect(instrument).toMatchObject({ symbol: 'NEWCO.BR', code: 'NEWCO', market: 'frank', currency: 'EUR' });
    expect(instrument.listedFromMs).toBe(FIRST_OPEN);
    expect(simulator.instrument('NEWCO.BR')?.listedFromMs).toBe(FIRST_OPEN);
    // A listing date exactly at an open lists at that open.
    const other = simulator.addListing(
      newListingEntry({ ...definition, symbol: 'OTHER.BR', listingAt: new Date(FIRST_OPEN) }),
      FIRST_OPEN,
    );
    expect(other.listedFromMs).toBe(FIRST_OPEN);
  });

  it('has no price path before it lists: no bid or ask, no tick, no candle', async () => {
    const { clock, simulator } = listedSimulator();
    clock.set('2026-11-26T14:00:00Z'); // Euronext open, the day before the listing
    const quote = await simulator.quote('NEWCO.BR');
    expect(quote).toMatchObject({
      lastMinor: ISSUE_PRICE_MINOR,
      bidMinor: null,
      askMinor: null,
      session: 'closed',
    });
    const ticks: Tick[] = [];
    simulator.onTick((tick) => ticks.push(tick));
    simulator.pump();
    expect(ticks.some((tick) => tick.symbol === 'NEWCO.BR')).toBe(false);
    expect(ticks.some((tick) => tick.symbol === 'ABI.BR')).toBe(true);
    expect(await simulator.candles('NEWCO.BR', 'day', 0, Date.parse('2027-01-01T00:00:00Z'))).toEqual([]);
  });

  it('opens at the issue price, then walks like any other share', async () => {
    const { clock, simulator } = listedSimulator();
    clock.set(new Date(FIRST_OPEN));
    const ticks: Tick[] = [];
    simulator.onTick((tick) => ticks.push(tick));
    simulator.pump();
    expect(ticks.find((tick) => tick.symbol === 'NEWCO.BR')?.priceMinor).toBe(ISSUE_PRICE_MINOR);
    const first = await simulator.quote('NEWCO.BR');
    expect(first.lastMinor).toBe(ISSUE_PRICE_MINOR);
    expect(first.openMinor).toBe(ISSUE_PRICE_MINOR);
    expect(first.bidMinor).not.toBeNull();
    // A week later the price has moved, and the daily candles start on the listing day.
    clock.set('2026-12-04T15:00:00Z');
    const later = await simulator.quote('NEWCO.BR');
    expect(later.lastMinor).not.toBe(ISSUE_PRICE_MINOR);
    const days = await simulator.candles('NEWCO.BR', 'day', 0, Date.parse('2027-01-01T00:00:00Z'));
    expect(days[0]?.startMs).toBe(Date.parse('2026-11-27T00:00:00Z'));
    expect(days[0]?.openMinor).toBe(ISSUE_PRICE_MINOR);
    expect(days.length).toBe(6);
    const minutes = await simulator.candles(
      'NEWCO.BR',
      'minute',
      FIRST_OPEN - 3_600_000,
      FIRST_OPEN + 120_000,
    );
    expect(minutes[0]?.startMs).toBe(FIRST_OPEN);
  });

  it('is deterministic per seed: two nodes agree, another seed walks elsewhere', async () => {
    const at = '2026-12-02T13:30:00Z';
    const [one, two, other] = [listedSimulator(7, at), listedSimulator(7, at), listedSimulator(8, at)];
    const prices = await Promise.all([one, two, other].map(({ simulator }) => simulator.quote('NEWCO.BR')));
    expect(prices[0]?.lastMinor).toBe(prices[1]?.lastMinor);
    expect(prices[0]?.lastMinor).not.toBe(prices[2]?.lastMinor);
  });

  it('adding a known symbol changes nothing', () => {
    const { simulator } = listedSimulator();
    const again = simulator.addListing(
      newListingEntry({ ...definition, issuePriceMinor: 1_0000n }),
      LISTING_AT,
    );
    expect(again.startPriceMinor).toBe(ISSUE_PRICE_MINOR);
    expect(simulator.instrument('ABI.BR')?.listedFromMs).toBeUndefined();
  });
});
