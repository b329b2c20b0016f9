import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// The IPO draw (issue 17, DESIGN.md §1 rule 7), zod-free: the one implementation the server runs
// and the app re-runs in the browser (docs/ipo-draw.md states it in words).
//
//   commitment   = hex(SHA-256(seed))                      published before the window opens
//   ticket(s)    = hex(SHA-256(seed ":" subscriptionId))   one per subscription, from the seed alone
//   order        = subscriptions by ticket ascending (ties, impossible in practice, by id ascending)
//   allocation   = lots handed out in rounds: round r gives one lot to every subscription that asked
//                  for at least r lots, in ticket order, until the lots on offer run out. When every
//                  lot asked for fits, everyone gets what they asked.
//
// So a user's result depends on the seed, their own subscription id and lots, and two published
// numbers: the full rounds and the last winning ticket of the partial round (the cutoff).

export type DrawSubscription = { readonly id: string; readonly lots: number };

export type DrawOutcome = {
  /** Rounds in which every subscription still asking got a lot. */
  readonly fullRounds: number;
  /** The last ticket that won a lot in the partial round after them; null when there was none. */
  readonly cutoffTicket: string | null;
  readonly lotsRequested: number;
  readonly lotsAllocated: number;
  /** Lots won by subscription id (every subscription, 0 included). */
  readonly lotsWon: ReadonlyMap<string, number>;
};

const HEX_SEED = /^[0-9a-f]{64}$/;

/** hex(SHA-256(utf-8 text)). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The commitment published before the window opens: SHA-256 of the seed's hex text. */
export function seedCommitment(seedHex: string): string {
  if (!HEX_SEED.test(seedHex)) throw new RangeError('a draw seed is 64 lower-case hex digits');
  return sha256Hex(seedHex);
}

/** Whether a published seed matches the commitment published before the window. */
export function seedMatchesCommitment(seedHex: string, commitment: string): boolean {
  return HEX_SEED.test(seedHex) && sha256Hex(seedHex) === commitment;
}

/** A subscription's ticket: hex(SHA-256(seed ":" id)); lower tickets are drawn first. */
export function drawTicket(seedHex: string, subscriptionId: string): string {
  return sha256Hex(`${seedHex}:${subscriptionId}`);
}

const compareBig = (left: bigint, right: bigint) => (left < right ? -1 : left > right ? 1 : 0);

/**
 * Runs the draw: `lotsOffered` lots among `subscriptions` (any order; sorted here by id).
 * `ticketOf` computes `drawTicket`; a server passes its platform's SHA-256 (same tickets, faster).
 */
export function runDraw(
  seedHex: string,
  lotsOffered: number,
  subscriptions: readonly DrawSubscription[],
  ticketOf: (seedHex: string, subscriptionId: string) => string = drawTicket,
): DrawOutcome {
  if (!HEX_SEED.test(seedHex)) throw new RangeError('a draw seed is 64 lower-case hex digits');
  if (!Number.isSafeInteger(lotsOffered) || lotsOffered < 0) throw new RangeError('lots offered');
  const sorted = subscriptions
    .map((item) => ({ ...item, key: BigInt(item.id) }))
    .sort((a, b) => compareBig(a.key, b.key));
  const lotsRequested = sorted.reduce((sum, item) => sum + item.lots, 0);
  const lotsWon = new Map<string, number>();
  if (lotsRequested <= lotsOffered) {
    for (const item of sorted) lotsWon.set(item.id, item.lots);
    return { fullRounds: 0, cutoffTicket: null, lotsRequested, lotsAllocated: lotsRequested, lotsWon };
  }
  const ranked = sorted
    .map((item) => ({ ...item, ticket: ticketOf(seedHex, item.id) }))
    .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : compareBig(a.key, b.key)));
  // How many subscriptions ask for at least r lots, for every r (from a count per lot number).
  const maxLots = ranked.reduce((max, item) => Math.max(max, item.lots), 0);
  const askingExactly = new Array<number>(maxLots + 2).fill(0);
  for (const item of ranked) askingExactly[item.lots] = (askingExactly[item.lots] ?? 0) + 1;
  let asking = ranked.length;
  let remaining = lotsOffered;
  let fullRounds = 0;
  for (let round = 1; round <= maxLots; round += 1) {
    asking -= askingExactly[round - 1] ?? 0;
    if (asking > remaining) break;
    remaining -= asking;
    fullRounds = round;
  }
  let cutoffTicket: string | null = null;
  for (const item of ranked) {
    let won = Math.min(item.lots, fullRounds);
    if (item.lots > fullRounds && remaining > 0) {
      won += 1;
      remaining -= 1;
      cutoffTicket = item.ticket;
    }
    lotsWon.set(item.id, won);
  }
  return { fullRounds, cutoffTicket, lotsRequested, lotsAllocated: lotsOffered, lotsWon };
}

/**
 * One user's lots from the published numbers alone: min(lots, full rounds), plus one more when
 * they asked for more and their ticket is at or below the cutoff. When nothing was oversubscribed
 * (no cutoff, no full rounds) every subscription got what it asked.
 */
export function lotsWonBy(
  seedHex: string,
  subscription: DrawSubscription,
  published: {
    readonly fullRounds: number;
    readonly cutoffTicket: string | null;
    readonly isOversubscribed: boolean;
  },
): number {
  if (!published.isOversubscribed) return subscription.lots;
  const base = Math.min(subscription.lots, published.fullRounds);
  if (subscription.lots <= published.fullRounds || published.cutoffTicket === null) return base;
  return drawTicket(seedHex, subscription.id) <= published.cutoffTicket ? base + 1 : base;
}
