import type { Asset, Currency } from '@beurs/contract';
import { houseAccount, userAccount, type Posting } from '../../ledger/ledger-accounts';
import type { TradeCosts } from './trade-costs';

// The ledger postings of one fill: one entry moves cash, fee, TOB (to the house "taxes payable")
// and the shares (or crypto) at once. The order's hold is posted: a buy's cash hold (in the pay
// currency) pays out; a sale's share hold delivers the shares. Every asset sums to zero:
//
//   buy, same currency   frozen cash −total → market_settlement +gross, fees +fee, taxes_payable +TOB
//                        inventory sec:X −q, user sec:X +q
//   buy, paid in EUR     frozen EUR −amount → fx EUR +amount;  fx USD −total → market_settlement,
//                        fees, taxes_payable (USD);  inventory −q, user +q
//   sell, same currency  frozen sec:X −q → inventory +q;  market_settlement −gross, fees +fee,
//                        taxes_payable +TOB, user cash +(gross − fee − TOB)
//   sell, paid into EUR  … user cash replaced by fx USD +net, fx EUR −converted, user EUR +converted

export type FillPostings = {
  /** Out of the hold's frozen account (positive amounts). */
  readonly destinations: Posting[];
  /** The rest of the entry, signed, other assets included. */
  readonly otherPostings: Posting[];
};

const nonZero = (postings: Posting[]) => postings.filter((posting) => posting.amountMinor !== 0n);

export function fillPostings(input: {
  userId: bigint;
  side: 'buy' | 'sell';
  asset: Asset;
  quantityMinor: bigint;
  tradeCurrency: Currency;
  payCurrency: Currency;
  costs: TradeCosts;
}): FillPostings {
  const { userId, asset, quantityMinor, tradeCurrency: trade, payCurrency: pay, costs } = input;
  const costsToHouse: Posting[] = [
    { account: houseAccount('fees', trade), amountMinor: costs.fee.amountMinor },
    { account: houseAccount('taxes_payable', trade), amountMinor: costs.tob.amountMinor },
  ];
  if (input.side === 'buy') {
    const toMarket: Posting[] = [
      { account: houseAccount('market_settlement', trade), amountMinor: costs.grossMinor },
      ...costsToHouse,
    ];
    const shares: Posting[] = [
      { account: houseAccount('inventory', asset), amountMinor: -quantityMinor },
      { account: userAccount(userId, asset), amountMinor: quantityMinor },
    ];
    if (!costs.fx) return { destinations: nonZero(toMarket), otherPostings: shares };
    return {
      destinations: [{ account: houseAccount('fx', pay), amountMinor: costs.fx.amountMinor }],
      otherPostings: nonZero([
        { account: houseAccount('fx', trade), amountMinor: -costs.totalTradeMinor },
        ...toMarket,
        ...shares,
      ]),
    };
  }
  const proceeds: Posting[] = costs.fx
    ? [
        { account: houseAccount('fx', trade), amountMinor: costs.totalTradeMinor },
        { account: houseAccount('fx', pay), amountMinor: -costs.fx.convertedMinor },
        { account: userAccount(userId, pay), amountMinor: costs.fx.convertedMinor },
      ]
    : [{ account: userAccount(userId, pay), amountMinor: costs.totalTradeMinor }];
  return {
    destinations: [{ account: houseAccount('inventory', asset), amountMinor: quantityMinor }],
    otherPostings: nonZero([
      { account: houseAccount('market_settlement', trade), amountMinor: -costs.grossMinor },
      ...costsToHouse,
      ...proceeds,
    ]),
  };
}
