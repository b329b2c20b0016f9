import { drawTicket, lotsWonBy, seedMatchesCommitment } from '@beurs/contract/ipo-draw';
import type { IpoOffering, IpoSubscription } from './queries';

// The app's own check of a subscription's draw result (docs/ipo-draw.md), with the code the server
// drew with: the published seed must hash to the commitment published before the window, and the
// lots it gives this subscription (from the seed, the full rounds and the cutoff) must be the
// shares allocated.

export type DrawCheck = 'not_drawn' | 'verified' | 'mismatch';

export function checkDraw(offering: IpoOffering, subscription: IpoSubscription): DrawCheck {
  const { seed } = offering.draw;
  if (seed === null || subscription.allocatedQuantity === null) return 'not_drawn';
  if (!seedMatchesCommitment(seed, offering.seedCommitment)) return 'mismatch';
  if (subscription.ticket !== null && subscription.ticket !== drawTicket(seed, subscription.id))
    return 'mismatch';
  const lots = lotsWonBy(seed, { id: subscription.id, lots: subscription.lots }, offering.draw);
  return BigInt(lots) * BigInt(offering.lotSize) === BigInt(subscription.allocatedQuantity)
    ? 'verified'
    : 'mismatch';
}
