// One IPO offering's create call, as the offerings tests send it (override what a test is about):
// UCB.BR at 1.0000 EUR, 30 lots of 1,000 shares, a minimum of 10,000, its window and dates in the
// week of 2026-11-21.
export const ipoOfferingInput = {
  symbol: 'UCB.BR',
  name: 'UCB new shares',
  issueMarket: 'Euronext Brussels',
  leadUnderwriter: 'KBC Securities',
  issuePrice: '1.0000',
  sharesOffered: '30000',
  minimumQuantity: '10000',
  lotSize: '1000',
  feeBasisPoints: 10,
  feeMinimum: '5.00',
  prospectusUrl: 'https://example.org/prospectus.pdf',
  opensAt: '2026-11-21T09:00:00Z',
  closesAt: '2026-11-23T16:00:00Z',
  lotteryAt: '2026-11-24T09:00:00Z',
  distributionAt: '2026-11-25T09:00:00Z',
  listingAt: '2026-11-26T09:00:00Z',
  reason: 'IPO window agreed with the issuer',
};
