import { DomainError, type Currency } from '@beurs/contract';
import type { HouseAccountKind, UserAccountKind } from './ledger.tables';

// How callers name accounts: a user's account by (user, currency, kind), a house account by
// (kind, currency). The ledger resolves names to rows; callers never handle account ids.

export type UserAccountRef = {
  readonly userId: bigint;
  readonly currency: Currency;
  readonly kind: UserAccountKind;
};
export type HouseAccountRef = { readonly house: HouseAccountKind; readonly currency: Currency };
export type AccountRef = UserAccountRef | HouseAccountRef;

/** A signed amount added to an account: positive raises its balance, negative lowers it. */
export type Posting = { readonly account: AccountRef; readonly amountMinor: bigint };

export const userAccount = (
  userId: bigint,
  currency: Currency,
  kind: UserAccountKind = 'available',
): UserAccountRef => ({
  userId,
  currency,
  kind,
});

export const houseAccount = (house: HouseAccountKind, currency: Currency): HouseAccountRef => ({
  house,
  currency,
});

export const isHouseRef = (ref: AccountRef): ref is HouseAccountRef => 'house' in ref;

/** The two postings that move `amountMinor` from one account to another (same currency). */
export function move(from: AccountRef, to: AccountRef, amountMinor: bigint): Posting[] {
  if (from.currency !== to.currency)
    throw new Error(`move: ${from.currency} → ${to.currency} needs an FX entry`);
  assertValidAmount(amountMinor, from.currency);
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ];
}

/** 10^15 minor units (ten trillion in cash): far above any real amount, far below bigint column limits. */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

/** A user-supplied amount must be positive and sane; anything else is a refusal, not a fault. */
export function assertValidAmount(amountMinor: bigint, currency: Currency): void {
  if (amountMinor <= 0n || amountMinor > MAX_AMOUNT_MINOR)
    throw new DomainError('INVALID_AMOUNT', { currency });
}

/** A stable text key for an account name, for maps and messages. */
export function refKey(ref: AccountRef): string {
  return isHouseRef(ref)
    ? `house:${ref.house}:${ref.currency}`
    : `user:${ref.userId}:${ref.kind}:${ref.currency}`;
}
