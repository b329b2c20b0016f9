import {
  DomainError,
  formatCash,
  isValidBic,
  isValidIban,
  normaliseBic,
  normaliseIban,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { IdentityService } from '../identity/identity.service';
import * as repository from './payment-methods.repository';
import type { ScamChecksService } from './scam-checks.service';
import { isValidWalletAddress, normaliseWalletAddress, type WalletNetwork } from './wallet-addresses';

// Payout bank cards and crypto wallet addresses. A card must be in the verified real name, with a
// valid IBAN (mod-97) and BIC; an IBAN or address is registered once across all users. The first
// card or wallet a user ever adds needs the scam-friction answer first.

type Card = Awaited<ReturnType<typeof repository.listCards>>[number];
type Wallet = Awaited<ReturnType<typeof repository.listWallets>>[number];

/** Names compared without case, accents or extra spaces ("Jan  Peeters" = "JAN PEETERS"). */
export function sameName(left: string, right: string): boolean {
  const canonical = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[\s-]+/g, ' ')
      .trim()
      .toLowerCase();
  return canonical(left) === canonical(right);
}

/** Shown masked: country and check digits, then the last four ("BE68 **** 7034"). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} **** ${iban.slice(-4)}`;
}

export function createPaymentMethodsService(deps: {
  db: Database;
  clock: Clock;
  identity: IdentityService;
  scamChecks: ScamChecksService;
  ledger: LedgerService;
  /** Asks for the two-factor code again when the user has it on (issue 12, item 6). */
  secondFactor: { requireSecondFactor(userId: bigint, code: string | undefined): Promise<void> };
}) {
  const { db, clock, identity, scamChecks, ledger, secondFactor } = deps;

  const toCard = (card: Card) => ({
    id: card.id.toString(),
    holderName: card.holderName,
    ibanMasked: maskIban(card.iban),
    bic: card.bic,
    bankName: card.bankName,
    branch: card.branch,
    createdAt: card.createdAt.toISOString(),
  });
  const toWallet = (wallet: Wallet) => ({
    id: wallet.id.toString(),
    network: wallet.network,
    address: wallet.address,
    label: wallet.label,
    createdAt: wallet.createdAt.toISOString(),
  });

  async function requireFrictionForFirst(userId: bigint) {
    if ((await repository.countPayoutMethodsEver(db, userId)) === 0) {
      await scamChecks.require(userId, 'first_payout_method');
    }
  }

  return {
    /** Back-office search: users with a payout card whose IBAN contains these characters. */
    userIdsByIban(normalised: string, limit: number) {
      return repository.userIdsByIban(db, normalised, limit);
    },

    async listCards(userId: bigint) {
      return (await repository.listCards(db, userId)).map(toCard);
    },

    async addCard(
      userId: bigint,
      input: {
        holderName: string;
        iban: string;
        bic: string;
        bankName: string;
        branch: string;
        twoFactorCode?: string;
      },
    ) {
      const realname = await identity.requireVerified(userId);
      if (!sameName(input.holderName, realname)) throw new DomainError('CARD_NOT_OWN');
      const iban = normaliseIban(input.iban);
      if (!isValidIban(iban)) throw new DomainError('IBAN_INVALID');
      const bic = normaliseBic(input.bic);
      if (!isValidBic(bic)) throw new DomainError('BIC_INVALID');
      await requireFrictionForFirst(userId);
      // Last: a code is good once, so a refusal above (or the safety question) must not use it up.
      await secondFactor.requireSecondFactor(userId, input.twoFactorCode);
      const row = await repository.insertCard(db, {
        userId,
        holderName: realname,
        iban,
        bic,
        bankName: input.bankName,
        branch: input.branch,
        createdAt: clock.now(),
      });
      if (!row) throw new DomainError('CARD_EXISTS');
      return toCard(row);
    },

    async deleteCard(userId: bigint, id: string) {
      if (!(await repository.deleteCard(db, userId, BigInt(id), clock.now()))) {
        throw new DomainError('CARD_NOT_FOUND');
      }
      return null;
    },

    /** The user's own live card, or CARD_NOT_FOUND. */
    async requireOwnCard(userId: bigint, id: bigint) {
      const card = await repository.findOwnCard(db, userId, id);
      if (!card) throw new DomainError('CARD_NOT_FOUND');
      return card;
    },

    findCardById: (id: bigint) => repository.findCardById(db, id),

    /** Cards by id, deleted ones included (staff lists of withdrawals to them). */
    async cardsById(ids: readonly bigint[]) {
      const rows = await repository.findCardsByIds(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row]));
    },

    async wallet(userId: bigint) {
      const [balances, addresses] = await Promise.all([
        ledger.getCashBalances(db, userId),
        repository.listWallets(db, userId),
      ]);
      return {
        balances: balances.map((balance) => ({
          currency: balance.currency,
          available: formatCash(balance.available),
          frozen: formatCash(balance.frozen),
        })),
        addresses: addresses.map(toWallet),
      };
    },

    async addWallet(
      userId: bigint,
      input: { network: WalletNetwork; address: string; label: string; twoFactorCode?: string },
    ) {
      if (!isValidWalletAddress(input.network, input.address)) {
        throw new DomainError('WALLET_ADDRESS_INVALID', { network: input.network });
      }
      await requireFrictionForFirst(userId);
      await secondFactor.requireSecondFactor(userId, input.twoFactorCode);
      const row = await repository.insertWallet(db, {
        userId,
        network: input.network,
        address: normaliseWalletAddress(input.network, input.address),
        label: input.label,
        createdAt: clock.now(),
      });
      if (!row) throw new DomainError('WALLET_EXISTS');
      return toWallet(row);
    },

    async deleteWallet(userId: bigint, id: string) {
      if (!(await repository.deleteWallet(db, userId, BigInt(id), clock.now()))) {
        throw new DomainError('WALLET_NOT_FOUND');
      }
      return null;
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
