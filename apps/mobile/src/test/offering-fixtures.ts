import type { Data } from './fake-server';

// An IPO subscription and a placement request as the API answers them, in a given state, for the
// tests of the pages that follow a draw or an allocation.

export type IpoSubscriptionFixture = Data<'/ipo/subscriptions'>['items'][number];
export type PlacementRequestFixture = Data<'/placement/subscriptions'>['items'][number];

/** 1 lot of 100 NEWCO.BR at 12.50 EUR (1,253.00 frozen); drawn: all of it, or nothing and all released. */
export const ipoSubscription = (state: IpoSubscriptionFixture['state']): IpoSubscriptionFixture => ({
  id: '52',
  offeringId: '9',
  symbol: 'NEWCO.BR',
  name: 'Newco',
  state,
  quantity: '100',
  lots: 1,
  issuePrice: '12.5000',
  currency: 'EUR',
  gross: '1250.00',
  fee: '3.00',
  frozen: '1253.00',
  allocatedQuantity: state === 'allocated' ? '100' : state === 'not_allocated' ? '0' : null,
  paid: state === 'allocated' ? '1253.00' : state === 'not_allocated' ? '0.00' : null,
  released: state === 'allocated' ? '0.00' : state === 'not_allocated' ? '1253.00' : null,
  orderId: state === 'allocated' ? '77' : null,
  ticket: null,
  createdAt: '2026-11-21T10:00:00.000Z',
});

/** 100 KBC.BR at 10.00 EUR (1,003.00 frozen); allocated: 60 of them, 603.00 paid, 400.00 released. */
export const placementRequest = (state: PlacementRequestFixture['state']): PlacementRequestFixture => ({
  id: '31',
  placementId: '7',
  symbol: 'KBC.BR',
  name: 'KBC Group',
  state,
  quantity: '100',
  lots: 100,
  price: '10.0000',
  currency: 'EUR',
  gross: '1000.00',
  fee: '3.00',
  frozen: '1003.00',
  allocatedQuantity: state === 'allocated' ? '60' : null,
  paid: state === 'allocated' ? '603.00' : null,
  released: state === 'allocated' ? '400.00' : null,
  orderId: state === 'allocated' ? '78' : null,
  createdAt: '2026-11-21T10:00:00.000Z',
  settledAt: state === 'allocated' ? '2026-11-23T16:00:01.000Z' : null,
});
