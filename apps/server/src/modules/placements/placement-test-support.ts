// One placement's create call, as the placements tests send it (override what a test is about):
// a block of 1,000 KBC.BR at 20.0000 EUR in lots of 100, minimum 200, 600 a day, open from
// 2026-11-21 09:00 to 2026-11-23 16:00 UTC.
export const placementInput = {
  symbol: 'KBC.BR',
  name: 'KBC Group block',
  price: '20.0000',
  blockQuantity: '1000',
  lotSize: '100',
  minimumQuantity: '200',
  dailyLimit: '600',
  feeBasisPoints: 10,
  feeMinimum: '5.00',
  opensAt: '2026-11-21T09:00:00Z',
  closesAt: '2026-11-23T16:00:00Z',
  reason: 'block agreed with the seller',
};
