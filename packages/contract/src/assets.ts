import { currencies, scales, type Currency } from './decimal';

// What the ledger holds (ADR 0004), zod-free (`@beurs/contract/assets`): cash (EUR, USD), crypto
// (`crypto:BTC`) and securities (`sec:ABI.BR`, one line per instrument, named as the market layer
// names its symbol). Each asset has one fixed scale; an amount of an asset is an integer in minor
// units of that scale. Also the closed lists of ledger entry kinds and of the sources an entry
// points back to (the deposit, withdrawal, exchange, order, fill, … that moved it).

export type CryptoAsset = `crypto:${string}`;
export type SecurityAsset = `sec:${string}`;
export type Asset = Currency | CryptoAsset | SecurityAsset;
export type AssetClass = 'cash' | 'crypto' | 'security';

/** The text forms, also the database's check (`ledger_accounts_asset`): keep the two in step. */
export const CRYPTO_CODE = /^[A-Z0-9]{2,10}$/;
export const SECURITY_SYMBOL = /^[A-Z0-9][A-Z0-9._-]{0,23}$/;

/** Decimal places per asset class: cash 2, crypto 8, securities in whole shares (the quantity scale). */
export const assetScales: Readonly<Record<AssetClass, number>> = {
  cash: scales.cash,
  crypto: scales.crypto,
  security: scales.shares,
};

const isCurrency = (text: string): text is Currency => (currencies as readonly string[]).includes(text);

/** The asset named by `text`, or null when it is not one (refuses anything malformed). */
export function parseAsset(text: string): Asset | null {
  if (isCurrency(text)) return text;
  if (text.startsWith('crypto:') && CRYPTO_CODE.test(text.slice('crypto:'.length)))
    return text as CryptoAsset;
  if (text.startsWith('sec:') && SECURITY_SYMBOL.test(text.slice('sec:'.length)))
    return text as SecurityAsset;
  return null;
}

export const isAsset = (text: string): text is Asset => parseAsset(text) !== null;

export function assetClass(asset: Asset): AssetClass {
  if (isCurrency(asset)) return 'cash';
  if (asset.startsWith('crypto:')) return 'crypto';
  return 'security';
}

export const isCashAsset = (asset: Asset): asset is Currency => assetClass(asset) === 'cash';

/** Decimal places of the asset's minor unit. */
export const assetScale = (asset: Asset): number => assetScales[assetClass(asset)];

/** The ledger line of an instrument: `sec:<symbol>`. Throws on a symbol the grammar refuses (a bug). */
export function securityAsset(symbol: string): SecurityAsset {
  if (!SECURITY_SYMBOL.test(symbol)) throw new RangeError(`not a security symbol: ${JSON.stringify(symbol)}`);
  return `sec:${symbol}`;
}

/** The ledger line of a crypto currency: `crypto:<CODE>`. Throws on a code the grammar refuses. */
export function cryptoAsset(code: string): CryptoAsset {
  if (!CRYPTO_CODE.test(code)) throw new RangeError(`not a crypto code: ${JSON.stringify(code)}`);
  return `crypto:${code}`;
}

/**
 * What moved the money: the `kind` of every ledger entry. Closed: adding a kind is editing this list.
 */
export const entryKinds = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'exchange',
  'correction',
  'hold_reserve',
  'hold_release',
  'trade_fill',
  'trade_fee',
  'ipo_allocation',
  'dividend',
  'withholding_tax',
  'corporate_action',
  'interest',
  'loan',
  'loan_repayment',
  /** A capital transfer between a user's available cash and their margin account (issue 16). */
  'margin_transfer',
  'strategy_subscription',
  'strategy_redemption',
  'strategy_fee',
  /** Securities lending (issue 16 item 3): a short's collateral returned on a buy-to-cover. */
  'short_collateral',
  /** A day's borrow fee of a short, shared between the lenders and the house. */
  'borrow_fee',
  /** A dividend on lent shares: charged to the short, paid to the lender. */
  'manufactured_dividend',
] as const;
export type EntryKind = (typeof entryKinds)[number];

/** The record an entry belongs to (`source_type`, with `source_id` its id as text). Closed. */
export const sourceTypes = [
  'deposit',
  'withdrawal',
  'exchange',
  'correction',
  'order',
  'fill',
  'dividend',
  'corporate_action',
  'ipo',
  'placement',
  'loan',
  /** A user's margin loan (issue 16): repayments, interest days and capital transfers. */
  'margin_loan',
  'strategy',
  /** A short's borrow from the lending pool (issue 16 item 3). */
  'securities_loan',
] as const;
export type SourceType = (typeof sourceTypes)[number];

/** Where an entry comes from: the deposit, withdrawal, exchange, order, fill, … and its id. */
export type EntrySource = { readonly type: SourceType; readonly id: string };
