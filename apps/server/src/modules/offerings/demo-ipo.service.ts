import { formatDecimal, scales } from '@beurs/contract';
import type { Config } from '../../config';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { tradingCalendar } from '../../market/calendars';
import * as repository from './ipo-listings.repository';
import type { OfferingsService } from './offerings.service';

// Demo mode's IPOs (issue 17, item 3): the simulator keeps one offering open or upcoming, so a
// newcomer on a fresh start has one to subscribe to. It is created through the same service as a
// staff member's (the same checks, the same seed commitment and draw) and recorded as the
// simulator's (`created_by = 'simulator'`, its round number), never as a staff member's. The
// offering's instrument is new (`DEMOn.BR`) and the simulator lists it at the first Euronext open
// after the draw, starting from the issue price. Nobody else subscribes: a newcomer alone who asks
// for more than is offered sees a real draw; one who asks for less is allotted in full.

const OPENS_AFTER_SECONDS = 10;
/** The demo offering's terms: small enough for demo money, in whole lots of 100 shares. */
const DEMO_TERMS = {
  issuePriceMinor: 80_000n, // 8.00 EUR at scale 4
  minimumQuantity: '100',
  lotSize: '100',
  feeBasisPoints: 10,
  feeMinimum: 200n, // 2.00 EUR
} as const;

export function demoOfferingSymbol(round: number): string {
  return `DEMO${round}.BR`;
}

export function createDemoIpoService(deps: {
  config: Config;
  clock: Clock;
  db: Database;
  offerings: Pick<OfferingsService, 'create'>;
}) {
  const { config, clock, db, offerings } = deps;
  const isScheduling = () => config.mode === 'demo' && config.demoIpo.isOn;

  function termsFor(round: number, now: Date) {
    const opensAt = new Date(now.getTime() + OPENS_AFTER_SECONDS * 1_000);
    const closesAt = new Date(opensAt.getTime() + config.demoIpo.windowMinutes * 60_000);
    const lotteryAt = new Date(closesAt.getTime() + config.demoIpo.drawAfterMinutes * 60_000);
    const euronext = tradingCalendar('euronext');
    const listingDay = euronext.days[euronext.lastStartedIndex(lotteryAt.getTime()) + 1];
    if (!listingDay) return null; // past the simulator's calendar
    return {
      symbol: demoOfferingSymbol(round),
      name: `Demo Listing ${round}`,
      market: 'frank' as const,
      issueMarket: 'Euronext Brussels',
      leadUnderwriter: 'None (simulated)',
      issuePrice: DEMO_TERMS.issuePriceMinor,
      sharesOffered: String(config.demoIpo.sharesOffered),
      minimumQuantity: DEMO_TERMS.minimumQuantity,
      lotSize: DEMO_TERMS.lotSize,
      subscriptionsPerUser: 1,
      feeBasisPoints: DEMO_TERMS.feeBasisPoints,
      feeMinimum: DEMO_TERMS.feeMinimum,
      // A simulated offering has no prospectus: the link goes to the Belgian regulator, where real ones are.
      prospectusUrl: 'https://www.fsma.be/en',
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
      lotteryAt: lotteryAt.toISOString(),
      distributionAt: lotteryAt.toISOString(),
      listingAt: new Date(listingDay.startMs).toISOString(),
      reason: `Demo mode: the simulator's offering number ${round}`,
    };
  }

  return {
    isScheduling,

    /**
     * Creates the simulator's next offering unless one is open or upcoming; answers its round, or
     * null when nothing was created. Safe at every start and on every node: the round number is
     * unique, so a second node (or a restart) that races for the same round creates nothing.
     */
    async ensureScheduled(): Promise<number | null> {
      if (!isScheduling()) return null;
      const now = clock.now();
      const latest = await repository.latestDemoOffering(db);
      if (latest && latest.closesAt > now) return null;
      const round = (latest?.demoRound ?? 0) + 1;
      const terms = termsFor(round, now);
      if (!terms) return null;
      try {
        await offerings.create({ simulatorRound: round }, terms);
        return round;
      } catch (error) {
        const after = await repository.latestDemoOffering(db);
        if ((after?.demoRound ?? 0) >= round) return null; // another node created this round
        throw error;
      }
    },
  };
}

export type DemoIpoService = ReturnType<typeof createDemoIpoService>;

/** The demo offering's issue price as shown (for tests and the documentation). */
export const DEMO_ISSUE_PRICE = formatDecimal(DEMO_TERMS.issuePriceMinor, scales.price);
