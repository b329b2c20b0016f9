import { DomainError, isCashAsset, type Asset } from '@beurs/contract';
import type { HouseAccountKind, UserAccountKind } from './ledger.tables';

// How callers name accounts: a user's account by (user, asset, kind), a house account by
// (kind, asset). The ledger resolves names to rows; callers never handle account ids. Accounts of
// a crypto or security asset (and the house's inventory account of it) are opened on demand.

export type UserAccountRef = {
  readonly userId: bigint;
  readonly asset: Asset;
  readonly kind: UserAccountKind;
};
export type HouseAccountRef = { readonly house: HouseAccountKind; readonly asset: Asset };
export type AccountRef = UserAccountRef | HouseAccountRef;

/** A signed amount added to an account: positive raises its balance, negative lowers it. */
export type Posting = { readonly account: AccountRef; readonly amountMinor: bigint };

export const userAccount = (
  userId: bigint,
  asset: Asset,
  kind: UserAccountKind = 'available',
): UserAccountRef => ({
  userId,
  asset,
  kind,
});

export const houseAccount = (house: HouseAccountKind, asset: Asset): HouseAccountRef => ({
  house,
  asset,
});

export const isHouseRef = (ref: AccountRef): ref is HouseAccountRef => 'house' in ref;

/** The two postings that move `amountMinor` from one account to another (same asset). */
export function move(from: AccountRef, to: AccountRef, amountMinor: bigint): Posting[] {
  if (from.asset !== to.asset) throw new Error(`move: ${from.asset} → ${to.asset} needs an FX entry`);
  assertValidAmount(amountMinor, from.asset);
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ];
}

/** 10^15 minor units (ten trillion in cash, ten million BTC): far above any real amount, far below bigint column limits. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

/** A user-supplied amount must be positive and sane; anything else is a refusal, not a fault. */
export function assertValidAmount(amountMinor: bigint, asset: Asset): void {
  if (amountMinor <= 0n || amountMinor > MAX_AMOUNT_MINOR)
    throw new DomainError('INVALID_AMOUNT', { currency: asset });
}

/** True for an account the ledger opens when first used (a crypto or security asset). */
export const isOpenedOnDemand = (ref: AccountRef): boolean => !isCashAsset(ref.asset);

/** A stable text key for an account name, for maps and messages. */
export function refKey(ref: AccountRef): string {
  return isHouseRef(ref) ? `house:${ref.house}:${ref.asset}` : `user:${ref.userId}:${ref.kind}:${ref.asset}`;
}

/** The users whose accounts these postings touch, each once. */
export function userIdsOf(postings: readonly Posting[]): bigint[] {
  const ids = new Set<bigint>();
  for (const posting of postings) if (!isHouseRef(posting.account)) ids.add(posting.account.userId);
  return [...ids];
}
