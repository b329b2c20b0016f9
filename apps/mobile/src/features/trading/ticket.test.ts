import { describe, expect, it } from 'vitest';
import {
  buildTicket,
  emptyTicket,
  fieldOfRefusal,
  latestExpiry,
  leverageChoices,
  timesInForceFor,
  typedQuantity,
  type TicketForm,
} from './ticket';

const form = (patch: Partial<TicketForm>): TicketForm => ({ ...emptyTicket('buy', 'EUR'), ...patch });

describe('order ticket form', () => {
  it('sends only the fields the order type takes, as decimal strings', () => {
    const { request, errors } = buildTicket(
      'KBC.BR',
      form({ type: 'stop_limit', quantity: '10', limitPrice: '52,5', stopPrice: '51.25', trail: '3' }),
      0,
    );
    expect(errors).toEqual({});
    expect(request).toEqual({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'stop_limit',
      quantity: '10',
      limitPrice: '52.5',
      stopPrice: '51.25',
      timeInForce: 'day',
      payCurrency: 'EUR',
      queueForOpen: false,
    });
  });

  it('refuses share counts with decimals, zero, and prices with more than 4 decimals', () => {
    expect(buildTicket('KBC.BR', form({ quantity: '1.5' }), 0).errors.quantity).toBe(
      'trade.errors.wholeLots',
    );
    expect(buildTicket('KBC.BR', form({ quantity: '0' }), 0).errors.quantity).toBe('trade.errors.quantity');
    expect(buildTicket('KBC.BR', form({ quantity: '-3' }), 0).errors.quantity).toBe('trade.errors.quantity');
    expect(buildTicket('KBC.BR', form({ quantity: '1e3' }), 0).errors.quantity).toBe('trade.errors.quantity');
    expect(buildTicket('KBC.BR', form({ quantity: '1000000000' }), 0).errors.quantity).toBe(
      'trade.errors.quantity',
    );
    expect(
      buildTicket('KBC.BR', form({ type: 'limit', quantity: '1', limitPrice: '1.23456' }), 0).errors
        .limitPrice,
    ).toBe('trade.errors.price');
    expect(
      buildTicket('KBC.BR', form({ type: 'limit', quantity: '1', limitPrice: '0' }), 0).errors.limitPrice,
    ).toBe('trade.errors.price');
  });

  it('takes crypto to 8 decimals and an amount-based buy with two decimals', () => {
    expect(buildTicket('BTC-USD', form({ quantity: '0.01500000' }), 8).request.quantity).toBe('0.015');
    expect(buildTicket('BTC-USD', form({ quantity: '0.000000001' }), 8).errors.quantity).toBe(
      'trade.errors.quantity',
    );
    const amount = buildTicket('KBC.BR', form({ sizing: 'amount', amount: '500' }), 0);
    expect(amount.errors).toEqual({});
    expect(amount.request.amount).toBe('500.00');
    expect(amount.request.quantity).toBeUndefined();
    // A sell is always by quantity.
    expect(
      buildTicket('KBC.BR', form({ side: 'sell', sizing: 'amount', quantity: '2' }), 0).request,
    ).toMatchObject({
      quantity: '2',
    });
  });

  it('trails by amount or by percent (above 0, at most 50)', () => {
    const amount = buildTicket('KBC.BR', form({ type: 'trailing_stop', quantity: '1', trail: '0.5' }), 0);
    expect(amount.request.trailAmount).toBe('0.5');
    const percent = buildTicket(
      'KBC.BR',
      form({ type: 'trailing_stop', quantity: '1', trailUnit: 'percent', trail: '2.5' }),
      0,
    );
    expect(percent.request).toMatchObject({ trailPercent: '2.5' });
    expect(percent.request.trailAmount).toBeUndefined();
    expect(
      buildTicket(
        'KBC.BR',
        form({ type: 'trailing_stop', quantity: '1', trailUnit: 'percent', trail: '50.01' }),
        0,
      ).errors.trail,
    ).toBe('trade.errors.trailPercent');
  });

  it('never sends a market order as good-till-cancelled; GTC takes its expiry day', () => {
    expect(timesInForceFor('market')).not.toContain('gtc');
    expect(buildTicket('KBC.BR', form({ quantity: '1', timeInForce: 'gtc' }), 0).request.timeInForce).toBe(
      'day',
    );
    const gtc = buildTicket(
      'KBC.BR',
      form({ type: 'limit', quantity: '1', limitPrice: '50', timeInForce: 'gtc', expiresOn: '2027-01-15' }),
      0,
    );
    expect(gtc.request).toMatchObject({ timeInForce: 'gtc', expiresOn: '2027-01-15' });
    expect(latestExpiry(new Date(2026, 10, 25))).toBe('2027-02-23');
  });

  it('places each refusal at the field it concerns', () => {
    const limit = { type: 'limit', sizing: 'quantity', side: 'buy' } as const;
    expect(fieldOfRefusal('PRICE_LIMIT_EXCEEDED', limit)).toBe('limitPrice');
    expect(fieldOfRefusal('PRICE_LIMIT_EXCEEDED', { ...limit, type: 'stop' })).toBe('stopPrice');
    expect(fieldOfRefusal('PRICE_NOT_POSITIVE', { ...limit, type: 'trailing_stop' })).toBe('trail');
    expect(fieldOfRefusal('QUANTITY_NOT_WHOLE_LOTS', limit)).toBe('quantity');
    expect(fieldOfRefusal('BELOW_PRODUCT_MINIMUM', { ...limit, sizing: 'amount' })).toBe('amount');
    expect(fieldOfRefusal('SELL_LOCKED_DAYS', { ...limit, side: 'sell' })).toBe('quantity');
    expect(fieldOfRefusal('ORDER_EXPIRY_OUT_OF_RANGE', limit)).toBe('expiresOn');
    expect(fieldOfRefusal('WRONG_FUND_PASSWORD', limit)).toBe('pin');
    expect(fieldOfRefusal('MARKET_CLOSED', limit)).toBe('form');
    expect(fieldOfRefusal('PRICE_UNAVAILABLE', limit)).toBe('form');
  });

  it('shows a quantity from the server without the zeros of its decimals, keeping those of whole numbers', () => {
    expect(typedQuantity('10')).toBe('10');
    expect(typedQuantity('100')).toBe('100');
    expect(typedQuantity('2.50000000')).toBe('2.5');
    expect(typedQuantity('3.00000000')).toBe('3');
    expect(typedQuantity('0.00000000')).toBe('0');
  });
});

describe('leverage on the ticket (issue 16)', () => {
  it('offers 1.00 up to the cap, the cap itself included', () => {
    expect(leverageChoices('2.00')).toEqual(['1.00', '1.25', '1.50', '1.75', '2.00']);
    expect(leverageChoices('1.66')).toEqual(['1.00', '1.25', '1.50', '1.66']);
    expect(leverageChoices(null)).toEqual(['1.00']);
  });

  it('sends a leverage only on a buy above 1.00', () => {
    const buy = form({ quantity: '10' });
    expect(buildTicket('KBC.BR', buy, 0).request.leverage).toBeUndefined();
    expect(buildTicket('KBC.BR', { ...buy, leverage: '2.00' }, 0).request.leverage).toBe('2.00');
    expect(
      buildTicket('KBC.BR', { ...buy, side: 'sell', leverage: '2.00' }, 0).request.leverage,
    ).toBeUndefined();
  });
});

describe('day trade on the ticket (issue 16 item 5)', () => {
  it('sends intraday as a market buy only', () => {
    const buy = form({ quantity: '10', type: 'limit', limitPrice: '50', intraday: true, leverage: '4.00' });
    const { request } = buildTicket('KBC.BR', buy, 0);
    expect(request).toMatchObject({ intraday: true, type: 'market', leverage: '4.00' });
    expect(buildTicket('KBC.BR', form({ quantity: '10' }), 0).request.intraday).toBeUndefined();
    expect(
      buildTicket('KBC.BR', form({ quantity: '10', side: 'sell', intraday: true }), 0).request.intraday,
    ).toBeUndefined();
  });
});

describe('short sale and buy-to-cover on the ticket (issue 16 item 3)', () => {
  it('sends direction short as a market order for a quantity, without leverage or day trade', () => {
    const sale = form({ side: 'sell', quantity: '5', type: 'limit', limitPrice: '50', short: true });
    expect(buildTicket('KBC.BR', sale, 0).request).toMatchObject({
      side: 'sell',
      direction: 'short',
      type: 'market',
      quantity: '5',
    });
    expect(buildTicket('KBC.BR', sale, 0).request.limitPrice).toBeUndefined();
    const cover = form({ quantity: '5', short: true, leverage: '2.00', intraday: true });
    const { request } = buildTicket('KBC.BR', cover, 0);
    expect(request).toMatchObject({ side: 'buy', direction: 'short', type: 'market', quantity: '5' });
    expect(request.leverage).toBeUndefined();
    expect(request.intraday).toBeUndefined();
    expect(buildTicket('KBC.BR', form({ quantity: '5' }), 0).request.direction).toBeUndefined();
  });
});
