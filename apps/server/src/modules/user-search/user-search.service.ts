import type { IdentityService } from '../identity/identity.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { UsersService } from '../users/users.service';

// The back-office's user search (no tables of its own): an account's beginning, part of the
// verified name, part of an ID document number or of a payout card's IBAN. Each user once, with
// what matched first; at most 20.

const LIMIT = 20;
type MatchedBy = 'account' | 'name' | 'document' | 'iban';

export function createUserSearchService(deps: {
  users: Pick<UsersService, 'searchUsers' | 'summariesOf'>;
  identity: Pick<IdentityService, 'userIdsByDocument'>;
  paymentMethods: Pick<PaymentMethodsService, 'userIdsByIban'>;
}) {
  const { users, identity, paymentMethods } = deps;
  return {
    async search(query: string) {
      const text = query.trim();
      // Letters and digits only, upper case: "85.07.30-033.28" and "be68 5390" as stored.
      const normalised = text.replace(/[^0-9a-z]/gi, '').toUpperCase();
      const isLongEnough = normalised.length >= 4;
      const [byText, byDocument, byIban] = await Promise.all([
        users.searchUsers(text, LIMIT),
        isLongEnough ? identity.userIdsByDocument(normalised, LIMIT) : [],
        isLongEnough ? paymentMethods.userIdsByIban(normalised, LIMIT) : [],
      ]);
      const matched = new Map<bigint, MatchedBy>();
      const lower = text.toLowerCase();
      for (const user of byText) {
        matched.set(user.id, user.account.toLowerCase().startsWith(lower) ? 'account' : 'name');
      }
      for (const id of byDocument) if (!matched.has(id)) matched.set(id, 'document');
      for (const id of byIban) if (!matched.has(id)) matched.set(id, 'iban');
      const summaries = await users.summariesOf([...matched.keys()].slice(0, LIMIT));
      return {
        items: summaries
          .map((user) => ({
            id: user.id.toString(),
            account: user.account,
            realname: user.realname,
            identityState: user.identityState,
            matchedBy: matched.get(user.id) ?? 'account',
          }))
          .sort((a, b) => a.account.localeCompare(b.account)),
      };
    },
  };
}

export type UserSearchService = ReturnType<typeof createUserSearchService>;
