import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { isHouseRef, type Posting } from '../../ledger/ledger-accounts';
import { fillPostings } from './fill-postings';
import { computeTradeCosts, type TradeCostInput } from './trade-costs';

// A fill's entry balances per asset, whatever the side and currencies; the hold pays exactly the
// total (cash for a buy, the quantity for a sale).

const { trading } = testConfig();
const eurUsd = { rateMinor: 1_080_000n, source: 'test', timestamp: new Date(0) };
const input = (overrides: Partial<TradeCostInput>): TradeCostInput => ({
  side: 'buy',
  quantityMinor: 7n,
  quantityScale: 0,
  priceMinor: 185_1234n,
  tradeCurrency: 'USD',
  payCurrency: 'USD',
  fee: { basisPoints: 10, minimumMinor: 250n },
  tob: { class: 'shares', ...trading.tob.shares },
  eurUsd,
  fxSpreadBasisPoints: 50,
  ...overrides,
});

const assetOf = (posting: Posting) => (posting.account as unknown as { asset: string }).asset;
function sumsPerAsset(postings: readonly Posting[]) {
  const sums = new Map<string, bigint>();
  for (const posting of postings)
    sums.set(assetOf(posting), (sums.get(assetOf(posting)) ?? 0n) + posting.amountMinor);
  return sums;
}

describe.each([
  ['buy, same currency', input({})],
  ['buy paid from EUR', input({ payCurrency: 'EUR' })],
  ['sale, same currency', input({ side: 'sell' })],
  ['sale paid into EUR', input({ side: 'sell', payCurrency: 'EUR' })],
])('%s', (_name, costInput) => {
  const costs = computeTradeCosts(costInput);
  const asset = 'sec:AAPL';
  const { destinations, otherPostings } = fillPostings({
    userId: 42n,
    side: costInput.side,
    asset,
    quantityMinor: costInput.quantityMinor,
    tradeCurrency: costInput.tradeCurrency,
    payCurrency: costInput.payCurrency,
    costs,
  });
  const holdAsset = costInput.side === 'buy' ? costInput.payCurrency : asset;
  const holdPays = destinations.reduce((sum, posting) => sum + posting.amountMinor, 0n);

  it('pays exactly the total out of the hold, in the hold’s asset', () => {
    expect(destinations.every((posting) => assetOf(posting) === holdAsset && posting.amountMinor > 0n)).toBe(
      true,
    );
    expect(holdPays).toBe(costInput.side === 'buy' ? costs.totalPayMinor : costInput.quantityMinor);
  });

  it('balances per asset with the hold’s debit', () => {
    const sums = sumsPerAsset([...destinations, ...otherPostings]);
    sums.set(holdAsset, (sums.get(holdAsset) ?? 0n) - holdPays);
    for (const [name, sum] of sums) expect(sum, name).toBe(0n);
  });

  it('credits the TOB to taxes payable and the fee to fees, in the trade currency', () => {
    const house = (kind: string) =>
      [...destinations, ...otherPostings].find(
        (posting) =>
          isHouseRef(posting.account) && posting.account.house === kind && assetOf(posting) === 'USD',
      )?.amountMinor;
    expect(house('taxes_payable')).toBe(costs.tob.amountMinor);
    expect(house('fees')).toBe(costs.fee.amountMinor);
  });
});
